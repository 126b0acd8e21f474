import type { Node } from 'jsonc-parser';
import type { Fix, Severity, Span } from '../findings';
import type { MetadataOutcome } from '../metadata/source';
import type { ODataConnector, RestConnector } from '../model';

/** What a rule reports: where, what to do, and optionally how to fix it. Code and severity are added by the engine. */
export interface RuleReport {
  /** A node (its whole range) or an explicit span. */
  at: Node | Span;
  message: string;
  fixes?: Fix[];
  tags?: 'unnecessary'[];
}

/** Reads a body file the connector names (relative to its folder, inside the workspace), or says why it cannot. */
export type BodyFileReader = (given: string) => { ok: true; text: string } | { ok: false; message: string };

/** What a rule is given besides the model: the text (for fixes), a way to report, and body files when the edge reads them. */
export interface RuleContext {
  readonly text: string;
  /** Absent where no files can be read (the core alone, tests): rules that need files then say nothing. */
  readonly readBodyFile?: BodyFileReader;
  /** The service's $metadata when the connector names it and the edge read it (or why it could not). */
  readonly metadata?: MetadataOutcome;
  report(report: RuleReport): void;
}

/** The rule's entry in docs/rules.md, generated from the registry. */
export interface RuleDocs {
  /** What it catches, one sentence. */
  summary: string;
  /** Why: the platform's behaviour behind it, said in the user's terms. */
  why: string;
  /** What the one-click fix does, when the rule has one. */
  fix?: string;
  /** For rules about credentials and other security matters: how grave a finding is, 0.1 to 10 (CVSS-like). */
  securitySeverity?: number;
}

interface RuleBase {
  /** kebab-case, stable: users name it in settings and `--rule`. */
  id: string;
  defaultSeverity: Severity;
  docs: RuleDocs;
  /**
   * 'connector' for a rule that compares operations (or Custom requests) with each other or reports once for
   * the whole file; it runs on every check. Other rules judge each operation on its own plus the file's
   * shared parts (models, settings), so their findings for an unchanged operation are kept while typing.
   */
  scope?: 'connector';
}

export interface RestRule extends RuleBase {
  appliesTo: 'rest';
  check(connector: RestConnector, context: RuleContext): void;
}

export interface ODataRule extends RuleBase {
  appliesTo: 'odata';
  check(connector: ODataConnector, context: RuleContext): void;
}

export interface AnyKindRule extends RuleBase {
  appliesTo: 'any';
  check(connector: RestConnector | ODataConnector, context: RuleContext): void;
}

/** A named semantic check over the connector model. */
export type Rule = RestRule | ODataRule | AnyKindRule;

/** A code the engine emits that is not a model rule (syntax, schema), listed for docs and overrides. */
export interface BuiltinCode extends RuleBase {
  appliesTo: 'builtin';
}

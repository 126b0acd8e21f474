import type { Node } from 'jsonc-parser';
import type { Fix, Severity, Span } from '../findings';
import type { MetadataOutcome } from '../metadata/source';
import type { CustomRequest, ModelDefinition, ODataConnector, RestConnector, RestOperation, RestParameter } from '../model';
import type { OperationFacts } from './operationFacts';

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

/** What every rule is given besides its subject: the text (for fixes) and a way to report. */
export interface RuleContext {
  readonly text: string;
  report(report: RuleReport): void;
}

/** What a connector rule is given: the OData connector's $metadata besides the text and a way to report. */
export interface ConnectorContext extends RuleContext {
  /** The service's $metadata when an OData connector names it and the edge read it (or why it could not). */
  readonly metadata?: MetadataOutcome;
}

/**
 * What an operation, parameter or model rule may see of a REST connector: its own settings, models and
 * authorization, never the other operations. The engine relies on it: an edit inside one operation cannot change
 * what such a rule says about another.
 */
export type RestShared = Omit<RestConnector, 'operations'>;

/** What a Custom request rule may see of an OData connector: its own settings, never the other requests. */
export type ODataShared = Omit<ODataConnector, 'customRequests'>;

export interface ModelContext extends RuleContext {
  readonly connector: RestShared;
}

export interface OperationContext extends RuleContext {
  readonly connector: RestShared;
  /** What the engine knows of the operation, worked out once for all its rules (parameters by location, Content-Type). */
  readonly facts: OperationFacts;
}

export interface ParameterContext extends OperationContext {
  /** The operation the parameter belongs to. */
  readonly operation: RestOperation;
}

export interface CustomRequestContext extends RuleContext {
  readonly connector: ODataShared;
  /** Absent where no files can be read (the core alone, tests): rules that need files then say nothing. */
  readonly readBodyFile?: BodyFileReader;
  /** The service's $metadata when the connector names it and the edge read it (or why it could not). */
  readonly metadata?: MetadataOutcome;
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
}

/**
 * A rule about the connector as a whole: it may compare operations (or Custom requests) with each other, so it
 * runs on every check. `appliesTo` says which kind of connector it is for.
 */
export type ConnectorRule =
  | (RuleBase & { subject: 'connector'; appliesTo: 'rest'; check(connector: RestConnector, context: ConnectorContext): void })
  | (RuleBase & { subject: 'connector'; appliesTo: 'odata'; check(connector: ODataConnector, context: ConnectorContext): void })
  | (RuleBase & { subject: 'connector'; appliesTo: 'any'; check(connector: RestConnector | ODataConnector, context: ConnectorContext): void });

/** A rule about one model of a REST connector. */
export interface ModelRule extends RuleBase {
  subject: 'model';
  check(model: ModelDefinition, context: ModelContext): void;
}

/** A rule about one REST operation as a whole (its path, method, headers, the mix of its parameters). */
export interface OperationRule extends RuleBase {
  subject: 'operation';
  check(operation: RestOperation, context: OperationContext): void;
}

/** A rule about one REST parameter's own settings (seeing its operation). */
export interface ParameterRule extends RuleBase {
  subject: 'parameter';
  check(parameter: RestParameter, context: ParameterContext): void;
}

/** A rule about one OData Custom request. */
export interface CustomRequestRule extends RuleBase {
  subject: 'customRequest';
  /** The rule reads the request's body file, which can change without the connector changing: it runs on every check. */
  readsBodyFiles?: true;
  check(request: CustomRequest, context: CustomRequestContext): void;
}

/** A named check: what it looks at (its subject), and what it says about it. */
export type Rule = ConnectorRule | ModelRule | OperationRule | ParameterRule | CustomRequestRule;

/** Which connectors a rule concerns, as docs/rules.md groups them. */
export function kindOfRule(rule: Rule): 'rest' | 'odata' | 'any' {
  switch (rule.subject) {
    case 'connector': return rule.appliesTo;
    case 'customRequest': return 'odata';
    default: return 'rest';
  }
}

/** A code the engine emits that is not a model rule (syntax, schema), listed for docs and overrides. */
export interface BuiltinCode extends RuleBase {
  appliesTo: 'builtin';
}

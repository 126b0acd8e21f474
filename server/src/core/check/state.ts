// What a check is made with and what it leaves for the next version of the file: the rule set and the edge's readers,
// the version as the checks read it (parse, model, $metadata, how fixes write), and the findings, assembled one way
// whether the version was checked in full or in part.
import type { CheckedDocument } from '../document';
import type { EditableText, TextFormatting } from '../edits';
import { sortFindings, type Finding, type SeverityOverrides, type Span } from '../findings';
import type { MetadataOutcome, MetadataSource } from '../metadata/source';
import { buildModel, type Connector } from '../model';
import type { ParsedDocument } from '../parse';
import type { BodyFileReader } from '../rules/types';
import { applySuppressions, SUPPRESSION_DIRECTIVE } from '../suppressions';
import type { RuleSet, WalkOptions } from './engine';

export interface LintOptions {
  /** Rule id → level; `off` skips the rule entirely. */
  overrides?: SeverityOverrides;
  /** Reads body files named by the connector (inside the workspace); supplied by the edge, the core does no I/O. */
  readBodyFile?: BodyFileReader;
  /** Reads the service's $metadata an OData connector names (the edge resolves, reads and caches it). */
  metadata?: MetadataSource;
  /**
   * No later version of the text will be checked (the command line checks each file once): the check keeps nothing
   * per operation for one, which cost about 2.5 % of linting thousands of small files.
   */
  lastVersion?: boolean;
}

/** A checked version of a file: its parse, its model and its findings (sorted by offset, then code). */
export type LintResult = CheckedDocument;

/** Per operation (or Custom request), in order: its span and the findings that depend on it alone. */
export interface UnitFindings {
  spans: Span[];
  findings: (readonly Finding[])[];
}

/** One version's check, with what the next version may reuse. */
export interface LintState {
  result: LintResult;
  /** The rules, levels and $metadata generation the findings were made with; others mean a full check. */
  optionsKey: string;
  /** The $metadata the findings were made with; another version of it means a full check. */
  metadata?: MetadataOutcome;
  /** How fixes write into this text (indentation, line ends); another means a full check, the fixes being others. */
  formatting: TextFormatting;
  /** What was found per unit; absent when the next version cannot reuse any of it. */
  units?: UnitFindings;
  /** What model rules said (the models lie outside every unit). */
  modelFindings?: readonly Finding[];
  /** How this version was checked: in full, only the operation the edit touched, or the rules that read the setting it touched. */
  checked: 'fully' | 'one-operation' | 'one-setting';
  /** Whether the text holds a suppression comment's directive anywhere. */
  holdsDirective: boolean;
}

/** A check whose findings the next version may reuse in part: it keeps them per unit, and the models' apart. */
export type ReusableState = LintState & { units: UnitFindings; modelFindings: readonly Finding[] };

/** What one check is made with: the rule set (shared by every check with the same rules and levels) and the edge's readers. */
export interface Checker {
  readonly set: RuleSet;
  readonly options: LintOptions;
  /** The rules, levels and $metadata generation: findings made with another key cannot be reused. */
  readonly key: string;
  /** Every code a user may name in a suppression comment with these rules. */
  knownCodes(): readonly string[];
}

/** One version of a file as the checks read it: its text and how it is written (fixes follow it), its parse, its model and the $metadata the model names. */
export interface Version extends EditableText {
  readonly parsed: ParsedDocument;
  readonly connector: Connector | undefined;
  readonly metadata: MetadataOutcome | undefined;
}

/** Reads a parsed version: its model, and the $metadata an OData connector names as the edge's source reads it. */
export function versionOf(parsed: ParsedDocument, options: LintOptions, formatting: TextFormatting): Version {
  const connector = buildModel(parsed.root);
  const given = connector?.kind === 'odata' ? connector.metadata?.value : undefined;
  const metadata = given === undefined || !options.metadata ? undefined : options.metadata.load(given);
  return { text: parsed.text, formatting, parsed, connector, metadata };
}

/** What the engine's walk is given besides the rules: body files and the connector's $metadata. */
export function walkOptionsOf(checker: Checker, version: Version): WalkOptions {
  const { readBodyFile } = checker.options;
  return { readBodyFile, metadata: version.metadata };
}

/** The file's own findings (syntax, repeated keys, schema) at the levels the user set; `off` ones dropped. */
export function atLevels(findings: readonly Finding[], overrides: SeverityOverrides | undefined): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < findings.length; i++) {
    const finding = findings[i] as Finding;
    const level = overrides?.[finding.code];
    if (level === undefined) out.push(finding);
    else if (level !== 'off') out.push({ ...finding, severity: level });
  }
  return out;
}

/** What a check found, grouped by what it depends on. */
export interface Found {
  /** Per unit: what the rules about it said and the file's own findings inside it. Absent: nothing is kept for the next version. */
  units?: UnitFindings;
  /** What model rules said. */
  models: readonly Finding[];
  /** Everything else: the file's own findings outside the units, connector rules, rules that read files, failures. */
  rest: readonly Finding[];
}

/** Copies `from` into `into` from index `at`; returns the index after the last. */
function copyInto(from: readonly Finding[], into: Finding[], at: number): number {
  for (let i = 0; i < from.length; i++) into[at++] = from[i] as Finding;
  return at;
}

/** Every finding in one new array, copied once (tens of thousands in a large file being fixed). */
function allOf(found: Found): Finding[] {
  const perUnit = found.units?.findings ?? [];
  let count = found.models.length + found.rest.length;
  for (let u = 0; u < perUnit.length; u++) count += (perUnit[u] as readonly Finding[]).length;
  const all = new Array<Finding>(count);
  let at = 0;
  // Indexed: run once per file, mostly while unoptimized, where for-of makes an iterator and an object per step.
  for (let u = 0; u < perUnit.length; u++) at = copyInto(perUnit[u] as readonly Finding[], all, at);
  at = copyInto(found.models, all, at);
  copyInto(found.rest, all, at);
  return all;
}

/**
 * A checked version: its findings sorted and filtered by its suppression comments, and what the next version may
 * reuse. `holdsDirective`: whether the text holds a suppression directive, when the edit told (else it is searched).
 */
export function stateOf(version: Version, found: Found, checker: Checker, checked: LintState['checked'], holdsDirective?: boolean): LintState {
  const { parsed, connector, metadata, formatting } = version;
  const { text } = parsed;
  const findings = allOf(found);
  sortFindings(findings);
  const directive = holdsDirective ?? text.includes(SUPPRESSION_DIRECTIVE);
  const result: CheckedDocument = {
    parsed,
    connector,
    findings: directive ? applySuppressions(text, findings, checker.knownCodes(), checker.set.overrides) : findings,
    // The service its Custom requests were checked against: completion and hover use it too.
    ...(metadata?.ok ? { metadata: metadata.service } : {}),
  };
  return {
    result,
    optionsKey: checker.key,
    formatting,
    ...(metadata ? { metadata } : {}),
    ...(found.units ? { units: found.units, modelFindings: found.models } : {}),
    checked,
    holdsDirective: directive,
  };
}

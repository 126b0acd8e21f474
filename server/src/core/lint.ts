// Checking a connector file: syntax, duplicate keys, the schema and the rules, then suppression comments. A check
// remembers its findings per operation (or Custom request); the next version of the file, when an edit stayed
// inside one of them, is checked by asking again only about that unit and what the engine runs every time
// (connector rules, rules that read files, the file's parts outside the units), and moving the rest.
import { RULE_FAILURE, RuleSet, runRules } from './check/engine';
import { changedRegion, moved, spanIndexOf, unitsOf } from './check/units';
import type { CheckedDocument } from './document';
import { duplicateKeyFindings, duplicateKeysInTree } from './duplicateKeys';
import { sortFindings, type Finding, type SeverityOverrides, type Span } from './findings';
import type { MetadataOutcome, MetadataSource } from './metadata/source';
import { buildModel, type Connector } from './model';
import { MAX_NESTING, parseDocument, type ParsedDocument } from './parse';
import { treeWithNodeReparsed } from './parse/splice';
import { JSON_OBJECT } from './parse/jsonTree';
import { RULE_IDS } from './ruleCatalog';
import { RULES } from './rules';
import type { BodyFileReader, Rule } from './rules/types';
import { validateSchema, validateValueOfDocument } from './schema/validate';
import { applySuppressions, SUPPRESSION_DIRECTIVE } from './suppressions';

export { RULE_FAILURE };

export interface LintOptions {
  /** Rule id → level; `off` skips the rule entirely. */
  overrides?: SeverityOverrides;
  /** Reads body files named by the connector (inside the workspace); supplied by the edge, the core does no I/O. */
  readBodyFile?: BodyFileReader;
  /** Reads the service's $metadata an OData connector names (the edge resolves, reads and caches it). */
  metadata?: MetadataSource;
}

/** A checked version of a file: its parse, its model and its findings (sorted by offset, then code). */
export type LintResult = CheckedDocument;

/** One version's check, with what the next version may reuse. */
export interface LintState {
  result: LintResult;
  /** The rules and levels the findings were made with; others mean a full check. */
  optionsKey: string;
  /** The $metadata the findings were made with; another version of it means a full check. */
  metadata?: MetadataOutcome;
  /** Per operation (or Custom request), in order: its span and the findings that depend on it alone. */
  units?: { spans: Span[]; findings: Finding[][] };
  /** What model rules said (the models lie outside every unit). */
  modelFindings?: Finding[];
  /** How this version was checked: in full, or only the operation the edit touched. */
  checked: 'fully' | 'one-operation';
}

/** Applies overrides to engine findings (syntax, schema) whose codes are not model rules. */
export function withOverride(finding: Finding, overrides: SeverityOverrides | undefined): Finding | undefined {
  const level = overrides?.[finding.code];
  if (level === undefined) return finding;
  return level === 'off' ? undefined : { ...finding, severity: level };
}

/** The metadata an OData connector names, as the edge's source reads it; undefined without either. */
function metadataOf(connector: Connector | undefined, options: LintOptions): MetadataOutcome | undefined {
  const given = connector?.kind === 'odata' ? connector.metadata?.value : undefined;
  return given === undefined || !options.metadata ? undefined : options.metadata.load(given);
}

/** The rules, levels and metadata generation findings are made with: findings made with another key cannot be reused. */
function optionsKeyOf(set: RuleSet, options: LintOptions): string {
  return `${set.key}|${options.metadata?.generation ?? ''}`;
}

/** Whether findings made with metadata `before` still hold with `after`: the same service, or the same reason there is none. */
function sameMetadata(before: MetadataOutcome | undefined, after: MetadataOutcome | undefined): boolean {
  if (before === after) return true;
  if (!before || !after) return false;
  return before.ok ? after.ok && after.service === before.service : !after.ok && after.message === before.message;
}

/** What the engine's walk is given besides the rules: body files and the connector's metadata. */
function walkOptions(options: LintOptions, metadata: MetadataOutcome | undefined): { readBodyFile?: BodyFileReader; metadata?: MetadataOutcome } {
  return { ...(options.readBodyFile ? { readBodyFile: options.readBodyFile } : {}), ...(metadata ? { metadata } : {}) };
}

/** A checked version, with the service its Custom requests were checked against (completion and hover use it too). */
function documentOf(parsed: ParsedDocument, connector: Connector | undefined, findings: Finding[], metadata: MetadataOutcome | undefined): CheckedDocument {
  return { parsed, connector, findings, ...(metadata?.ok ? { metadata: metadata.service } : {}) };
}

/** Every code a user may name in a suppression comment with these rules. */
function knownCodes(rules: readonly Rule[]): readonly string[] {
  return rules === RULES ? RULE_IDS : [...RULE_IDS, ...rules.map((r) => r.id)];
}

/** The findings of a version: sorted, then filtered by its suppression comments. */
function finish(text: string, findings: Finding[], rules: readonly Rule[], overrides: SeverityOverrides | undefined): Finding[] {
  sortFindings(findings);
  return text.includes(SUPPRESSION_DIRECTIVE) ? applySuppressions(text, findings, knownCodes(rules), overrides) : findings;
}

/** Checks a parsed file in full and remembers what the next version may reuse. */
function checkFully(
  parsed: ParsedDocument,
  options: LintOptions,
  set: RuleSet,
  connector = buildModel(parsed.root),
  metadata = metadataOf(connector, options),
): LintState {
  const { text } = parsed;
  const { overrides } = set;
  const fileFindings: Finding[] = [];
  for (const f of [...parsed.syntaxFindings, ...duplicateKeyFindings(text, parsed.root), ...validateSchema(parsed)]) {
    const kept = withOverride(f, overrides);
    if (kept) fileFindings.push(kept);
  }
  const said = connector ? runRules(connector, text, set, walkOptions(options, metadata)) : undefined;
  const ruleFindings = said ? [...said.units.flat(), ...said.models, ...said.everyCheck, ...said.failures] : [];
  const findings = finish(text, [...fileFindings, ...ruleFindings], set.rules, overrides);
  const result = documentOf(parsed, connector, findings, metadata);
  const units = unitsOf(result);
  const made = { result, optionsKey: optionsKeyOf(set, options), ...(metadata ? { metadata } : {}) };
  if (!units || !said || parsed.syntaxFindings.length > 0 || said.failures.length > 0) return { ...made, checked: 'fully' };
  // Each unit keeps what its rules said and the file findings inside it; the rest is asked again every time.
  const { spans } = units;
  const perUnit = spans.map((_, i) => [...(said.units[i] ?? [])]);
  for (const finding of fileFindings) perUnit[spanIndexOf(spans, finding.offset)]?.push(finding);
  return { ...made, units: { spans, findings: perUnit }, modelFindings: said.models, checked: 'fully' };
}

/** Checks one connector file's text: syntax, schema and every enabled rule. Never throws. */
export function lintText(text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintResult {
  return lintFully(text, options, rules).result;
}

/** Checks text in full and remembers what the next version may reuse. */
export function lintFully(text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintState {
  return checkFully(parseDocument(text), options, new RuleSet(rules, options.overrides));
}

/** The connector's value with only unit `unit` in its units array: what the schema checks again. */
function valueWithOneUnit(parsed: ParsedDocument, unitsKey: string, unit: number): Record<string, unknown> | undefined {
  const { tree } = parsed;
  if (!tree) return undefined;
  const value = Object.create(JSON_OBJECT) as Record<string, unknown>;
  let unitsProperties = 0;
  for (const property of tree.children(0)) {
    const key = tree.key(property);
    const valueNode = tree.propertyValue(property);
    if (typeof key !== 'string' || valueNode < 0) continue;
    if (key === unitsKey) {
      unitsProperties++;
      value[key] = [tree.value(unit)];
    } else {
      value[key] = tree.value(valueNode);
    }
  }
  return unitsProperties === 1 ? value : undefined;
}

/**
 * Checks a new version of a file, reusing the previous version's findings for every operation the edit did
 * not touch; gives exactly what lintText gives.
 */
export function lintIncrementally(previous: LintState | undefined, text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintState {
  const set = new RuleSet(rules, options.overrides);
  if (!previous?.units || previous.optionsKey !== optionsKeyOf(set, options)) return checkFully(parseDocument(text), options, set);
  if (previous.result.parsed.text === text) return previous;
  const region = changedRegion(previous.result.parsed.text, text);
  const k = spanIndexOf(previous.units.spans, region.start);
  const changed = previous.units.spans[k];
  // Only an edit inside one unit, clear of its braces, can leave the others as they were.
  if (!changed || region.start <= changed.offset || region.oldEnd >= changed.offset + changed.length - 1) {
    return checkFully(parseDocument(text), options, set);
  }
  // The unit alone is parsed again when it can be; else the whole text (a comment closed further on, an error).
  const before = previous.result.parsed.tree;
  const unitNode = before ? unitsOf(previous.result)?.nodes[k] : undefined;
  const tree = before && unitNode !== undefined ? treeWithNodeReparsed(before, unitNode, text, region.newEnd - region.oldEnd, MAX_NESTING) : undefined;
  const parsed: ParsedDocument = tree ? { text, tree, root: tree.node(0), syntaxFindings: [] } : parseDocument(text);
  if (parsed.syntaxFindings.length > 0) return checkFully(parsed, options, set);
  const connector = buildModel(parsed.root);
  // A metadata file changed on disk (or now read for the first time) changes what every Custom request's rules say.
  const metadata = metadataOf(connector, options);
  if (!sameMetadata(previous.metadata, metadata)) return checkFully(parsed, options, set, connector, metadata);
  return checkOneUnit(previous, previous.units, parsed, connector, region.oldEnd, region.newEnd - region.oldEnd, k, options, set, metadata)
    ?? checkFully(parsed, options, set, connector, metadata);
}

/** Re-checks unit k only; undefined when the result might differ from a full check. */
function checkOneUnit(
  previous: LintState,
  kept: NonNullable<LintState['units']>,
  parsed: ParsedDocument,
  connector: Connector | undefined,
  editEnd: number,
  delta: number,
  k: number,
  options: LintOptions,
  set: RuleSet,
  metadata: MetadataOutcome | undefined,
): LintState | undefined {
  const units = unitsOf({ parsed, connector });
  const { tree } = parsed;
  if (!connector || !units || !tree || units.nodes.length !== kept.spans.length) return undefined;
  const { spans } = units;
  for (let i = 0; i < spans.length; i++) {
    const before = kept.spans[i] as Span;
    const now = spans[i] as Span;
    if (now.offset !== (i > k ? before.offset + delta : before.offset) || now.length !== (i === k ? before.length + delta : before.length)) return undefined;
  }
  const { text } = parsed;
  const unitNode = units.nodes[k];
  const value = unitNode !== undefined && valueWithOneUnit(parsed, units.key, unitNode);
  if (unitNode === undefined || !value) return undefined;
  const standIn = `/${units.key}/0`;
  const real = `/${units.key}/${k}`;
  const schemaFindings = validateValueOfDocument(parsed, value, (path) =>
    path === standIn || path.startsWith(`${standIn}/`) ? real + path.slice(standIn.length) : path);
  const said = runRules(connector, text, set, { onlyUnit: k, ...walkOptions(options, metadata) });
  if (said.failures.length > 0) return undefined;

  const changedSpan = spans[k] as Span;
  const inChanged = (f: Finding): boolean => f.offset >= changedSpan.offset && f.offset < changedSpan.offset + changedSpan.length;
  const ofChanged: Finding[] = [...(said.units[k] ?? [])];
  const outside: Finding[] = [];
  // Keys repeated inside the changed unit, and in the file's other parts (the units themselves kept theirs).
  const duplicates = [...duplicateKeysInTree(tree, unitNode), ...duplicateKeysInTree(tree, 0, units.array)];
  for (const finding of [...duplicates, ...schemaFindings]) {
    const f = withOverride(finding, set.overrides);
    if (!f) continue;
    if (inChanged(f)) ofChanged.push(f);
    else if (spanIndexOf(spans, f.offset) >= 0) return undefined; // about another unit: cannot be
    else outside.push(f);
  }
  const perUnit = kept.findings.map((findings, i) => (i === k ? ofChanged : findings.map((f) => moved(f, delta, editEnd))));
  const modelFindings = (previous.modelFindings ?? []).map((f) => moved(f, delta, editEnd));
  const findings = finish(text, [...perUnit.flat(), ...modelFindings, ...outside, ...said.everyCheck], set.rules, set.overrides);
  return {
    result: documentOf(parsed, connector, findings, metadata),
    optionsKey: previous.optionsKey,
    ...(metadata ? { metadata } : {}),
    units: { spans, findings: perUnit },
    modelFindings,
    checked: 'one-operation',
  };
}

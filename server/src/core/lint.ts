// Checking a connector file: syntax, duplicate keys, the schema and the rules, then suppression comments. A check
// remembers its findings per operation (or Custom request); the next version of the file, when an edit stayed
// inside one of them, is checked by asking again only about that unit and what the engine runs every time
// (connector rules, rules that read files, the file's parts outside the units), and moving the rest. When an edit
// stayed inside one setting of the connector (its name, authorization, ...), only the rules that read that setting
// are asked again about every unit.
import { RULE_FAILURE, RuleSet, runRules } from './check/engine';
import { changedRegion, linesMoved, moved, spanIndexOf, unitsOf } from './check/units';
import type { CheckedDocument } from './document';
import { DUPLICATE_KEY, duplicateKeyFindings, duplicateKeysInTree } from './duplicateKeys';
import type { FormattingOptions } from 'jsonc-parser';
import { formattingFor } from './edits';
import { sortFindings, type Finding, type SeverityOverrides, type Span } from './findings';
import type { MetadataOutcome, MetadataSource } from './metadata/source';
import { buildModel, type Connector } from './model';
import { MAX_NESTING, parseDocument, type ParsedDocument } from './parse';
import { treeWithNodeReparsed } from './parse/splice';
import { JSON_OBJECT, type JsonTree } from './parse/jsonTree';
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
  /** How fixes write into this text (indentation, line ends); another means a full check, the fixes being others. */
  formatting: FormattingOptions;
  /** Per operation (or Custom request), in order: its span and the findings that depend on it alone. */
  units?: { spans: Span[]; findings: Finding[][] };
  /** What model rules said (the models lie outside every unit). */
  modelFindings?: Finding[];
  /** How this version was checked: in full, only the operation the edit touched, or the rules that read the setting it touched. */
  checked: 'fully' | 'one-operation' | 'one-setting';
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
  const made = { result, optionsKey: optionsKeyOf(set, options), formatting: formattingFor(text), ...(metadata ? { metadata } : {}) };
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

/** Where an edit changed the text, and by how much its length changed. */
interface Edit {
  start: number;
  /** Where the changed region ended in the previous text: what lies from here on moved by `delta`. */
  oldEnd: number;
  delta: number;
}

/**
 * The setting of the connector (a root property other than `kind` and the units) whose value holds the edit, its
 * first and last character kept: the node to parse again and the setting's name. Undefined for any other edit.
 */
function settingEdited(document: CheckedDocument, edit: Edit): { node: number; setting: string } | undefined {
  const { tree } = document.parsed;
  const kind = document.connector?.kind;
  if (!tree || kind === undefined) return undefined;
  for (const property of tree.children(0)) {
    const value = tree.propertyValue(property);
    if (value < 0 || edit.start <= tree.offset(value) || edit.oldEnd > tree.offset(value) + tree.length(value) - 1) continue;
    const key = tree.key(property);
    // The model reads the last property of a name; the kind decides what everything else means.
    if (key === undefined || key === 'kind' || key === (kind === 'rest' ? 'operations' : 'customRequests') || tree.property(0, key) !== property) return undefined;
    return { node: value, setting: key };
  }
  return undefined;
}

/** Whether rules write fixes alike in both texts: they follow the file's indentation and line ends. */
function sameFormatting(a: FormattingOptions, b: FormattingOptions): boolean {
  return a.eol === b.eol && a.tabSize === b.tabSize && a.insertSpaces === b.insertSpaces;
}

/**
 * Checks a new version of a file, reusing the previous version's findings for every operation the edit did
 * not touch, and for every rule that does not read the setting it touched; gives exactly what lintText gives.
 */
export function lintIncrementally(previous: LintState | undefined, text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintState {
  const set = new RuleSet(rules, options.overrides);
  if (!previous?.units || previous.optionsKey !== optionsKeyOf(set, options)) return checkFully(parseDocument(text), options, set);
  if (previous.result.parsed.text === text) return previous;
  const region = changedRegion(previous.result.parsed.text, text);
  const edit: Edit = { start: region.start, oldEnd: region.oldEnd, delta: region.newEnd - region.oldEnd };
  const k = spanIndexOf(previous.units.spans, region.start);
  const changed = previous.units.spans[k];
  // Only an edit inside one unit or one setting (its delimiters kept) can leave what was said of the others as it was.
  const inUnit = changed && region.start > changed.offset && region.oldEnd <= changed.offset + changed.length - 1 ? unitsOf(previous.result)?.nodes[k] : undefined;
  const inSetting = inUnit === undefined && k < 0 ? settingEdited(previous.result, edit) : undefined;
  const node = inUnit ?? inSetting?.node;
  const before = previous.result.parsed.tree;
  if (node === undefined || !before || !sameFormatting(previous.formatting, formattingFor(text))) return checkFully(parseDocument(text), options, set);
  // A repeated key's finding names the line of the first ("the first is on line 42"): it cannot be moved across an
  // edit that moves the lines after it.
  const namesLineAfter = previous.result.findings.some((f) => f.code === DUPLICATE_KEY && f.offset >= region.start);
  if (namesLineAfter && linesMoved(previous.result.parsed.text, text, region)) return checkFully(parseDocument(text), options, set);
  // The unit or setting alone is parsed again when it can be; else the whole text (a comment closed further on, an error).
  const tree = treeWithNodeReparsed(before, node, text, edit.delta, MAX_NESTING);
  const parsed: ParsedDocument = tree ? { text, tree, root: tree.node(0), syntaxFindings: [] } : parseDocument(text);
  if (parsed.syntaxFindings.length > 0) return checkFully(parsed, options, set);
  const connector = buildModel(parsed.root);
  // A metadata file changed on disk (or now read for the first time) changes what every Custom request's rules say.
  const metadata = metadataOf(connector, options);
  if (!sameMetadata(previous.metadata, metadata)) return checkFully(parsed, options, set, connector, metadata);
  const again = inSetting
    ? checkOneSetting(previous, previous.units, parsed, connector, edit, inSetting.setting, options, set, metadata)
    : checkOneUnit(previous, previous.units, parsed, connector, edit, k, options, set, metadata);
  return again ?? checkFully(parsed, options, set, connector, metadata);
}

type Units = NonNullable<ReturnType<typeof unitsOf>>;

/** The new version's units and tree when each unit lies where the edit put it (`expected`: its span from the old one). */
function unitsWhereExpected(
  parsed: ParsedDocument, connector: Connector | undefined, kept: NonNullable<LintState['units']>, expected: (before: Span, i: number) => Span,
): { connector: Connector; units: Units; tree: JsonTree } | undefined {
  const units = unitsOf({ parsed, connector });
  const { tree } = parsed;
  if (!connector || !units || !tree || units.nodes.length !== kept.spans.length) return undefined;
  for (let i = 0; i < units.spans.length; i++) {
    const want = expected(kept.spans[i] as Span, i);
    const now = units.spans[i] as Span;
    if (now.offset !== want.offset || now.length !== want.length) return undefined;
  }
  return { connector, units, tree };
}

/** What a check in part found: per unit, of the models, outside the units, and of the rules that run every time. */
interface PartFindings {
  perUnit: Finding[][];
  modelFindings: Finding[];
  outside: readonly Finding[];
  everyCheck: readonly Finding[];
}

/** The state of a version checked in part, its findings assembled and filtered as a full check's are. */
function partlyChecked(
  previous: LintState, parsed: ParsedDocument, connector: Connector, spans: Span[], part: PartFindings,
  set: RuleSet, metadata: MetadataOutcome | undefined, checked: LintState['checked'],
): LintState {
  const { perUnit, modelFindings } = part;
  const findings = finish(parsed.text, [...perUnit.flat(), ...modelFindings, ...part.outside, ...part.everyCheck], set.rules, set.overrides);
  return {
    result: documentOf(parsed, connector, findings, metadata),
    optionsKey: previous.optionsKey,
    formatting: previous.formatting,
    ...(metadata ? { metadata } : {}),
    units: { spans, findings: perUnit },
    modelFindings,
    checked,
  };
}

/** Re-checks unit k only; undefined when the result might differ from a full check. */
function checkOneUnit(
  previous: LintState,
  kept: NonNullable<LintState['units']>,
  parsed: ParsedDocument,
  model: Connector | undefined,
  edit: Edit,
  k: number,
  options: LintOptions,
  set: RuleSet,
  metadata: MetadataOutcome | undefined,
): LintState | undefined {
  const { delta, oldEnd } = edit;
  const found = unitsWhereExpected(parsed, model, kept, (before, i) => ({
    offset: i > k ? before.offset + delta : before.offset, length: i === k ? before.length + delta : before.length,
  }));
  if (!found) return undefined;
  const { connector, units, tree } = found;
  const { spans } = units;
  const unitNode = units.nodes[k];
  const value = unitNode !== undefined && valueWithOneUnit(parsed, units.key, unitNode);
  if (unitNode === undefined || !value) return undefined;
  const standIn = `/${units.key}/0`;
  const real = `/${units.key}/${k}`;
  const schemaFindings = validateValueOfDocument(parsed, value, (path) =>
    path === standIn || path.startsWith(`${standIn}/`) ? real + path.slice(standIn.length) : path);
  const said = runRules(connector, parsed.text, set, { onlyUnit: k, ...walkOptions(options, metadata) });
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
  const perUnit = kept.findings.map((findings, i) => (i === k ? ofChanged : findings.map((f) => moved(f, delta, oldEnd))));
  const modelFindings = (previous.modelFindings ?? []).map((f) => moved(f, delta, oldEnd));
  return partlyChecked(previous, parsed, connector, spans, { perUnit, modelFindings, outside, everyCheck: said.everyCheck }, set, metadata, 'one-operation');
}

/** Re-checks after an edit inside one setting: the rules that read it, over every unit; undefined when the result might differ from a full check. */
function checkOneSetting(
  previous: LintState,
  kept: NonNullable<LintState['units']>,
  parsed: ParsedDocument,
  model: Connector | undefined,
  edit: Edit,
  setting: string,
  options: LintOptions,
  set: RuleSet,
  metadata: MetadataOutcome | undefined,
): LintState | undefined {
  const found = unitsWhereExpected(parsed, model, kept, (before) => ({
    offset: before.offset >= edit.oldEnd ? before.offset + edit.delta : before.offset, length: before.length,
  }));
  if (!found) return undefined;
  const { connector, units, tree } = found;
  const { spans } = units;
  // The schema again for what lies outside the units: the connector with its first unit alone stands in (the units'
  // own schema findings are kept; what the schema says inside a unit depends on that unit and the kind alone).
  const first = units.nodes[0];
  const value = first === undefined ? tree.value(0) : valueWithOneUnit(parsed, units.key, first);
  if (!value) return undefined;
  const said = runRules(connector, parsed.text, set, { setting, ...walkOptions(options, metadata) });
  if (said.failures.length > 0) return undefined;
  const outside: Finding[] = [];
  for (const finding of [...duplicateKeysInTree(tree, 0, units.array), ...validateValueOfDocument(parsed, value)]) {
    const f = withOverride(finding, set.overrides);
    if (f && spanIndexOf(spans, f.offset) < 0) outside.push(f);
  }
  // What the rules that read the setting said replaces what they said before; the rest is kept, moved.
  const { asked } = set.afterSettingEdit(setting);
  const keep = (findings: readonly Finding[]): Finding[] =>
    (asked.size === 0 ? findings : findings.filter((f) => !asked.has(f.code))).map((f) => moved(f, edit.delta, edit.oldEnd));
  const perUnit = kept.findings.map((findings, i) => [...keep(findings), ...(said.units[i] ?? [])]);
  const modelFindings = [...keep(previous.modelFindings ?? []), ...said.models];
  return partlyChecked(previous, parsed, connector, spans, { perUnit, modelFindings, outside, everyCheck: said.everyCheck }, set, metadata, 'one-setting');
}

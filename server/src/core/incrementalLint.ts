// Checking while typing: most keystrokes change one operation (or Custom request) of a file with hundreds.
// The text is still parsed and modelled in full (cheap, and every feature needs a fresh tree), but the schema
// and the rules re-judge only the operation that changed plus the file's shared parts; the findings of every
// other operation are kept from the previous version, moved by the length of the edit. Whenever that is not
// certainly what a full check would say (syntax errors, an edit outside one operation, operations added or
// removed, a rule that failed), it checks in full. A property test holds the two equal on random edits.
import type { Node } from 'jsonc-parser';
import { duplicateKeyFindings } from './duplicateKeys';
import type { Finding, SeverityOverrides, Span } from './findings';
import { lintParsed, lintText, metadataOf, RULE_FAILURE, ruleFindings, sortFindings, withOverride, type LintOptions, type LintResult } from './lint';
import { changedRegion, reparseOneUnit, type ChangedRegion } from './incrementalParse';
import { buildModel, type Connector } from './model';
import { parseDocument, type ParsedDocument } from './parse';
import { RULES } from './rules';
import { SUPPRESSION_DIRECTIVE } from './suppressions';
import type { Rule } from './rules/types';
import { validateValueOfDocument } from './schema/validate';
import { jsonOf, type JsonValue } from './tree';

/** One version's check, with what the next version may reuse. */
export interface LintState {
  result: LintResult;
  /** The options the findings were made with; other options mean a full check. */
  optionsKey: string;
  /** Per operation (or Custom request), in order: its span and the findings that depend on it alone. */
  units?: { spans: Span[]; findings: Finding[][] };
  /** How this version was checked: in full, or only the operation the edit touched. */
  checked: 'fully' | 'one-operation';
}

/** The operations array of a connector: its key in the file and its elements, when every element is an object. */
function unitsOf(connector: Connector | undefined): { key: string; array: Node; nodes: Node[] } | undefined {
  if (!connector || connector.kind === undefined) return undefined;
  const array = connector.kind === 'rest' ? connector.operationsNode : connector.customRequestsNode;
  const nodes = array?.children ?? [];
  if (!array || nodes.some((n) => n.type !== 'object')) return undefined;
  return { key: connector.kind === 'rest' ? 'operations' : 'customRequests', array, nodes };
}

function optionsKeyOf(options: LintOptions, rules: readonly Rule[]): string {
  return `${JSON.stringify(options.overrides ?? {})}|${rules.map((r) => r.id).join(',')}|${options.metadata?.generation ?? ''}`;
}

function connectorScopedCodes(rules: readonly Rule[]): Set<string> {
  return new Set(rules.filter((r) => r.scope === 'connector').map((r) => r.id));
}

/** Index of the span containing offset, by binary search over ordered, disjoint spans; -1 when none. */
function spanIndexOf(spans: readonly Span[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle] as Span;
    if (offset < span.offset) high = middle - 1;
    else if (offset >= span.offset + span.length) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** Remembers a full check's per-operation findings, when they can be reused at all. */
function stateOfFullCheck(result: LintResult, optionsKey: string, rules: readonly Rule[]): LintState {
  const units = unitsOf(result.connector);
  if (!units || result.parsed.syntaxFindings.length > 0) return { result, optionsKey, checked: 'fully' };
  const spans = units.nodes.map((n) => ({ offset: n.offset, length: n.length }));
  const findings: Finding[][] = spans.map(() => []);
  const connectorScoped = connectorScopedCodes(rules);
  const ruleIds = new Set(rules.map((r) => r.id));
  for (const finding of result.findings) {
    if (finding.code === RULE_FAILURE) return { result, optionsKey, checked: 'fully' };
    if (connectorScoped.has(finding.code)) continue;
    const index = spanIndexOf(spans, finding.offset);
    if (index >= 0) findings[index]?.push(finding);
    // A per-operation rule that reports outside every operation: its findings cannot be kept per operation.
    else if (ruleIds.has(finding.code)) return { result, optionsKey, checked: 'fully' };
  }
  return { result, optionsKey, units: { spans, findings }, checked: 'fully' };
}

/** Checks text in full and remembers what the next version may reuse. */
export function lintFully(text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintState {
  return stateOfFullCheck(lintText(text, options, rules), optionsKeyOf(options, rules), rules);
}

/**
 * A kept finding in the new text: what lies after the edit moves with its text, what lies before stays put.
 * That holds for fix edits too, which may be far from their finding (enabling a setting at the file's end).
 */
function moved(finding: Finding, delta: number, editEnd: number): Finding {
  const fixesMove = finding.fixes?.some((fix) => fix.edits.some((e) => e.offset >= editEnd)) ?? false;
  if (delta === 0 || (finding.offset < editEnd && !fixesMove)) return finding;
  const shifted: Finding = { ...finding, offset: finding.offset >= editEnd ? finding.offset + delta : finding.offset };
  if (finding.related) shifted.related = finding.related.map((r) => (r.offset >= editEnd ? { ...r, offset: r.offset + delta } : r));
  if (finding.fixes && fixesMove) {
    shifted.fixes = finding.fixes.map((fix) => ({
      ...fix,
      edits: fix.edits.map((e) => (e.offset >= editEnd ? { ...e, offset: e.offset + delta } : e)),
    }));
  }
  return shifted;
}

/** The connector's value with only operation `index` in its operations array: what the schema checks again. */
function valueWithOneUnit(root: Node, unitsKey: string, unit: Node): { [key: string]: JsonValue } | undefined {
  const value = Object.create(null) as { [key: string]: JsonValue };
  let unitsProperties = 0;
  for (const property of root.children ?? []) {
    const key = property.children?.[0]?.value;
    const valueNode = property.children?.[1];
    if (typeof key !== 'string' || !valueNode) continue;
    if (key === unitsKey) {
      unitsProperties++;
      value[key] = [jsonOf(unit)];
    } else {
      value[key] = jsonOf(valueNode);
    }
  }
  return unitsProperties === 1 ? value : undefined;
}

/** The model with only operation `index`: what the per-operation rules judge again. */
function connectorWithOneUnit(connector: Connector, index: number): Connector | undefined {
  if (connector.kind === 'rest') {
    const operation = connector.operations[index];
    return operation ? { ...connector, operations: [operation] } : undefined;
  }
  if (connector.kind === 'odata') {
    const request = connector.customRequests[index];
    return request ? { ...connector, customRequests: [request] } : undefined;
  }
  return undefined;
}

/** Re-judges operation k only; undefined when the result might differ from a full check. */
function recheckOneUnit(
  previous: LintState & { units: NonNullable<LintState['units']> },
  parsed: ParsedDocument,
  connector: Connector,
  region: ChangedRegion,
  k: number,
  options: LintOptions,
  rules: readonly Rule[],
): LintState | undefined {
  const units = unitsOf(connector);
  const oldSpans = previous.units.spans;
  if (!units || !parsed.root || units.nodes.length !== oldSpans.length) return undefined;
  const { oldEnd, newEnd } = region;
  const delta = newEnd - oldEnd;
  const spans = units.nodes.map((n) => ({ offset: n.offset, length: n.length }));
  for (let i = 0; i < spans.length; i++) {
    const before = oldSpans[i] as Span;
    const now = spans[i] as Span;
    const expectedOffset = i > k ? before.offset + delta : before.offset;
    const expectedLength = i === k ? before.length + delta : before.length;
    if (now.offset !== expectedOffset || now.length !== expectedLength) return undefined;
  }

  const unitNode = units.nodes[k] as Node;
  const value = valueWithOneUnit(parsed.root, units.key, unitNode);
  const oneUnit = connectorWithOneUnit(connector, k);
  if (!value || !oneUnit) return undefined;
  const standIn = `/${units.key}/0`;
  const real = `/${units.key}/${k}`;
  const schemaFindings = validateValueOfDocument(parsed, value, (path) =>
    path === standIn || path.startsWith(`${standIn}/`) ? real + path.slice(standIn.length) : path);

  const overrides: SeverityOverrides | undefined = options.overrides;
  const connectorScoped = connectorScopedCodes(rules);
  const perUnitRules = rules.filter((r) => !connectorScoped.has(r.id));
  const metadata = metadataOf(connector, options);
  const unitRuleFindings = ruleFindings(oneUnit, parsed.text, perUnitRules, overrides, undefined, metadata);
  const connectorRuleFindings = ruleFindings(connector, parsed.text, rules.filter((r) => connectorScoped.has(r.id)), overrides, options.readBodyFile, metadata);
  if ([...unitRuleFindings, ...connectorRuleFindings].some((f) => f.code === RULE_FAILURE)) return undefined;

  const changedSpan = spans[k] as Span;
  const inChanged = (f: Finding): boolean => f.offset >= changedSpan.offset && f.offset < changedSpan.offset + changedSpan.length;
  const findingsOfChanged: Finding[] = [];
  const findings: Finding[] = [];
  // Keys repeated inside the changed operation, and in the file's other parts (the operations themselves kept theirs).
  const duplicates = [...duplicateKeyFindings(parsed.text, unitNode), ...duplicateKeyFindings(parsed.text, parsed.root, units.array)];
  for (const finding of [...duplicates, ...schemaFindings]) {
    const kept = withOverride(finding, overrides);
    if (!kept) continue;
    if (inChanged(kept)) findingsOfChanged.push(kept);
    else if (spanIndexOf(spans, kept.offset) >= 0) return undefined; // about another operation: cannot be
    else findings.push(kept);
  }
  for (const finding of unitRuleFindings) {
    if (!inChanged(finding)) return undefined;
    findingsOfChanged.push(finding);
  }
  sortFindings(findingsOfChanged);
  const perUnit = previous.units.findings.map((kept, i) => (i === k ? findingsOfChanged : kept.map((f) => moved(f, delta, oldEnd))));
  for (const unitFindings of perUnit) findings.push(...unitFindings);
  findings.push(...connectorRuleFindings);
  sortFindings(findings);
  return {
    result: { parsed, connector, findings },
    optionsKey: previous.optionsKey,
    units: { spans, findings: perUnit },
    checked: 'one-operation',
  };
}

/**
 * Checks a new version of a file, reusing the previous version's findings for every operation the edit did
 * not touch; gives exactly what lintText gives.
 */
export function lintIncrementally(previous: LintState | undefined, text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintState {
  const optionsKey = optionsKeyOf(options, rules);
  if (!previous?.units || previous.optionsKey !== optionsKey) return lintFully(text, options, rules);
  if (previous.result.parsed.text === text) return previous;
  // A suppression comment silences findings on another line than its own: rare enough to always check in full.
  if (text.includes(SUPPRESSION_DIRECTIVE) || previous.result.parsed.text.includes(SUPPRESSION_DIRECTIVE)) return lintFully(text, options, rules);
  const reusable = { ...previous, units: previous.units };
  const region = changedRegion(previous.result.parsed.text, text);
  const k = spanIndexOf(previous.units.spans, region.start);
  const changed = previous.units.spans[k];
  // Only an edit inside one operation, clear of its braces, can leave the other operations as they were.
  if (!changed || region.start <= changed.offset || region.oldEnd >= changed.offset + changed.length - 1) return lintFully(text, options, rules);
  const array = unitsOf(previous.result.connector)?.array;
  const reparsed = array && previous.result.connector
    ? reparseOneUnit({ parsed: previous.result.parsed, connector: previous.result.connector }, array, k, text, region)
    : undefined;
  // When the operation alone does not parse, the whole text may still (a comment closed further on).
  const parsed = reparsed?.parsed ?? parseDocument(text);
  const connector = reparsed?.connector ?? (parsed.syntaxFindings.length === 0 ? buildModel(parsed.root) : undefined);
  const state = connector ? recheckOneUnit(reusable, parsed, connector, region, k, options, rules) : undefined;
  return state ?? stateOfFullCheck(lintParsed(parsed, options, rules, connector ?? buildModel(parsed.root)), optionsKey, rules);
}

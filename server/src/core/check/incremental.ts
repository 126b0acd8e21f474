// Checking while typing. The check of a file's previous version lends the next one what an edit cannot have changed:
// after an edit inside one operation or Custom request (a unit), what was said of the others; after an edit inside one
// setting of the connector, what the rules that do not read it said. This module decides which, and is the one place
// where every other case falls back to a full check.
import { DUPLICATE_KEY } from '../duplicateKeys';
import { SUPPRESSION_DIRECTIVE } from '../suppressions';
import { textFormatting, type TextFormatting } from '../edits';
import type { MetadataOutcome } from '../metadata/source';
import { parseDocument, parseDocumentAfterEdit } from '../parse';
import type { JsonTree } from '../parse/jsonTree';
import { checkFully } from './full';
import { checkOneSetting, checkOneUnit } from './partial';
import { stateOf, versionOf, type Checker, type LintState, type ReusableState, type Version } from './state';
import { linesMoved, regionOfEdit, type ChangedRegion } from '../textChange';
import { spanIndexOf, unitsOf } from './units';

/** The part of the previous version an edit stayed inside, its first and last character kept: its value node, and which part it is. */
type EditedPart = { node: number } & ({ unit: number } | { setting: string });

/** Whether rules write fixes alike in both texts: they follow the file's indentation and line ends. */
function sameFormatting(a: TextFormatting, b: TextFormatting): boolean {
  return a.eol === b.eol && a.tabSize === b.tabSize && a.insertSpaces === b.insertSpaces;
}

/** Whether findings made with $metadata `before` still hold with `after`: the same service, or the same reason there is none. */
function sameMetadata(before: MetadataOutcome | undefined, after: MetadataOutcome | undefined): boolean {
  if (before === after) return true;
  if (!before || !after) return false;
  return before.ok ? after.ok && after.service === before.service : !after.ok && after.message === before.message;
}

/**
 * The setting of the connector (a root property other than `kind` and the units) whose value holds the edit, its
 * first and last character kept. Undefined for any other edit.
 */
function settingEdited(previous: ReusableState, region: ChangedRegion): EditedPart | undefined {
  const { tree } = previous.result.parsed;
  const kind = previous.result.connector?.kind;
  if (!tree || kind === undefined) return undefined;
  for (const property of tree.children(0)) {
    const value = tree.propertyValue(property);
    if (value < 0 || region.start <= tree.offset(value) || region.oldEnd > tree.offset(value) + tree.length(value) - 1) continue;
    const key = tree.key(property);
    // The model reads the last property of a name; the kind decides what everything else means.
    if (key === undefined || key === 'kind' || key === (kind === 'rest' ? 'operations' : 'customRequests') || tree.property(0, key) !== property) return undefined;
    return { node: value, setting: key };
  }
  return undefined;
}

/** An edit that stayed inside one part of the previous version: that version's check and tree, and where the edit changed the text. */
interface EditInPart {
  previous: ReusableState;
  tree: JsonTree;
  region: ChangedRegion;
  part: EditedPart;
}

/** Whether a check's findings can be reused by the next version checked with `checker`. */
function isReusable(state: LintState | undefined, checker: Checker): state is ReusableState {
  return state?.units !== undefined && state.modelFindings !== undefined && state.optionsKey === checker.key;
}

/** The unit or setting an edit (of `region`) stayed inside, when what the previous check said of the rest can be kept; undefined otherwise. */
function editInPart(previous: ReusableState, text: string, region: ChangedRegion, formatting: TextFormatting): EditInPart | undefined {
  const before = previous.result;
  const { tree } = before.parsed;
  // Fixes written for other line ends or indentation are other fixes.
  if (!tree || !sameFormatting(previous.formatting, formatting)) return undefined;
  // A repeated key's finding names the line of the first ("the first is on line 42"): it cannot be moved across an
  // edit that moves the lines after it.
  if (before.findings.some((f) => f.code === DUPLICATE_KEY && f.offset >= region.start) && linesMoved(before.parsed.text, text, region)) return undefined;
  const { spans } = previous.units;
  const unit = spanIndexOf(spans, region.start);
  const span = spans[unit];
  if (!span) {
    const part = settingEdited(previous, region);
    return part && { previous, tree, region, part };
  }
  if (region.start <= span.offset || region.oldEnd > span.offset + span.length - 1) return undefined;
  const node = unitsOf(before)?.nodes[unit];
  return node === undefined ? undefined : { previous, tree, region, part: { node, unit } };
}

/**
 * Whether the text after an edit holds a suppression directive, read around the edit only (undefined when that
 * cannot tell): an occurrence the edit did not touch lies outside the region, in both texts.
 */
function holdsDirectiveAfter(previous: LintState, text: string, region: ChangedRegion): boolean | undefined {
  const reach = SUPPRESSION_DIRECTIVE.length - 1;
  const around = (t: string, end: number): boolean => t.slice(Math.max(0, region.start - reach), end + reach).includes(SUPPRESSION_DIRECTIVE);
  if (!previous.holdsDirective) return around(text, region.newEnd);
  return around(previous.result.parsed.text, region.oldEnd) ? undefined : true;
}

/** Checks the edited part of a version; undefined when the result might differ from a full check. */
function checkPart(edit: EditInPart, version: Version, checker: Checker): LintState | undefined {
  const { previous, region, part } = edit;
  // A syntax error, or the $metadata changed on disk (or now read for the first time), changes what every unit's rules say.
  if (version.parsed.syntaxFindings.length > 0 || !sameMetadata(previous.metadata, version.metadata)) return undefined;
  const found = 'unit' in part ? checkOneUnit(previous, version, region, part.unit, checker) : checkOneSetting(previous, version, region, part.setting, checker);
  return found && stateOf(version, found, checker, 'unit' in part ? 'one-operation' : 'one-setting', holdsDirectiveAfter(previous, version.parsed.text, region));
}

/** How the text an edit made from the previous version's is written (found around the edit when it can be), and the part the edit stayed inside, if any. */
function readEdit(previous: ReusableState, text: string, known: ChangedRegion | undefined): { formatting: TextFormatting; inPart: EditInPart | undefined } {
  const before = { text: previous.result.parsed.text, formatting: previous.formatting };
  const region = regionOfEdit(before.text, text, known);
  const formatting = textFormatting.afterEdit(before, text, region);
  return { formatting, inPart: editInPart(previous, text, region, formatting) };
}

/**
 * Checks a new version of a file, reusing the previous version's findings for every unit the edit did not touch,
 * and for every rule that does not read the setting it touched; gives exactly what a full check gives. `known`, when
 * the editor said where the text changed since the previous version, spares comparing the two texts.
 */
export function checkNewVersion(previous: LintState | undefined, text: string, checker: Checker, known?: ChangedRegion): LintState {
  const reusable = isReusable(previous, checker) ? previous : undefined;
  if (reusable?.result.parsed.text === text) return reusable;
  const edit = reusable ? readEdit(reusable, text, known) : undefined;
  const inPart = edit?.inPart;
  // The edited part alone is parsed again when it can be.
  const parsed = inPart ? parseDocumentAfterEdit(inPart.tree, inPart.part.node, text, inPart.region.newEnd - inPart.region.oldEnd) : parseDocument(text);
  const version = versionOf(parsed, checker.options, edit?.formatting ?? textFormatting.of(text));
  return (inPart && checkPart(inPart, version, checker)) ?? checkFully(version, checker);
}

/**
 * An edit that changes nothing a check reads (a space after the opening brace of a unit in the middle of the file),
 * for the edge to check once while idle after opening a large file: the first real keystroke then runs code that is
 * already compiled. Undefined when the version cannot be checked in part.
 */
export function rehearsalEdit(state: LintState): { text: string; edit: ChangedRegion } | undefined {
  const span = state.units?.spans[state.units.spans.length >> 1];
  if (!span || span.length < 2) return undefined;
  const { text } = state.result.parsed;
  const at = span.offset + 1;
  return { text: `${text.slice(0, at)} ${text.slice(at)}`, edit: { start: at, oldEnd: at, newEnd: at + 1 } };
}

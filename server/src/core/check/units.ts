// The units a check can keep findings for: the operations of a REST connector, the Custom requests of an OData one.
// An edit inside one unit (clear of its braces) changes nothing the others' findings depend on, only where they are.
import type { ConnectorDocument } from '../document';
import type { Finding, KeptFix, Span, TextEdit } from '../findings';
import { ARRAY, OBJECT } from '../parse/jsonTree';

/** The units of a connector: its units array's key and node, and its elements, when every element is an object. */
export function unitsOf(document: ConnectorDocument): { key: string; array: number; nodes: number[]; spans: Span[] } | undefined {
  const { connector } = document;
  const { tree } = document.parsed;
  if (!tree || !connector || connector.kind === undefined) return undefined;
  const key = connector.kind === 'rest' ? 'operations' : 'customRequests';
  // The array the model read its units from: the value of the root's last property of that name.
  const array = tree.member(0, key);
  if (array < 0 || tree.kind(array) !== ARRAY) return undefined;
  const nodes = tree.children(array);
  if (nodes.some((n) => tree.kind(n) !== OBJECT)) return undefined;
  return { key, array, nodes, spans: nodes.map((n) => ({ offset: tree.offset(n), length: tree.length(n) })) };
}

/** Index of the span containing offset, by binary search over ordered, disjoint spans; -1 when none. */
export function spanIndexOf(spans: readonly Span[], offset: number): number {
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

/**
 * Moves kept findings into the new text (`newLength` long): what lies after the edit moves with its text, what lies
 * before stays put. That holds for fix edits too, which may be far from their finding (enabling a setting at the
 * file's end). A fix moved whole is kept counted back from the text's end, so that typing on before it moves it no
 * more and the finding before the edit that holds it is kept as it is, not copied at every keystroke; a fix that
 * several findings share is moved once and stays shared.
 */
export function findingMover(delta: number, editEnd: number, newLength: number): (finding: Finding) => Finding {
  const oldLength = newLength - delta;
  const fixesMoved = new Map<KeptFix, KeptFix>();
  const moveFix = (fix: KeptFix): KeptFix => {
    let moved = fixesMoved.get(fix);
    if (!moved) {
      moved = movedFix(fix, delta, editEnd, oldLength);
      fixesMoved.set(fix, moved);
    }
    return moved;
  };
  return (finding) => {
    if (delta === 0) return finding;
    const { fixes, related } = finding;
    let movedFixes: KeptFix[] | undefined;
    if (fixes) {
      for (let i = 0; i < fixes.length; i++) {
        const fix = fixes[i] as KeptFix;
        const moved = moveFix(fix);
        if (moved !== fix) (movedFixes ??= fixes.slice())[i] = moved;
      }
    }
    const relatedMove = related !== undefined && related.some((r) => r.offset >= editEnd);
    if (finding.offset < editEnd && !movedFixes && !relatedMove) return finding;
    const shifted: Finding = { ...finding, offset: finding.offset >= editEnd ? finding.offset + delta : finding.offset };
    if (related && relatedMove) shifted.related = related.map((r) => (r.offset >= editEnd ? { ...r, offset: r.offset + delta } : r));
    if (movedFixes) shifted.fixes = movedFixes;
    return shifted;
  };
}

/** Kept findings moved by `move`: the same array when none of them moved (a unit before the edit), shared between versions. */
export function movedFindings(findings: readonly Finding[], move: (finding: Finding) => Finding): readonly Finding[] {
  let moved: Finding[] | undefined;
  for (let i = 0; i < findings.length; i++) {
    const finding = findings[i] as Finding;
    const now = move(finding);
    if (now !== finding) (moved ??= findings.slice())[i] = now;
  }
  return moved ?? findings;
}

/** A kept fix after an edit ending at `editEnd` (old offsets) that changed the text's length by `delta`: itself when none of what it holds changes. */
function movedFix(fix: KeptFix, delta: number, editEnd: number, oldLength: number): KeptFix {
  const fromEnd = !('edits' in fix);
  const edits = fromEnd ? fix.editsFromEnd : fix.edits;
  // Where each edit starts in the old text; an edit from the start changes when it lies after the edit, one from the end when it lies before it.
  const startOf = fromEnd ? (e: TextEdit): number => oldLength - e.offset : (e: TextEdit): number => e.offset;
  const after = edits.filter((e) => startOf(e) >= editEnd).length;
  if (fromEnd ? after === edits.length : after === 0) return fix;
  const { title, preferred } = fix;
  const optional = preferred !== undefined ? { preferred } : {};
  if (after === edits.length) {
    // Every edit lies after the edit, so counted from the end it stays where it was, and edits typed before it move nothing.
    return { title, editsFromEnd: edits.map((e) => ({ offset: oldLength - e.offset, length: e.length, content: e.content })), ...optional };
  }
  const moved = (e: TextEdit): TextEdit => {
    const start = startOf(e);
    return { offset: start >= editEnd ? start + delta : start, length: e.length, content: e.content };
  };
  return { title, edits: edits.map(moved), ...optional };
}

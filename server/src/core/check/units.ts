// The units a check can keep findings for: the operations of a REST connector, the Custom requests of an OData one.
// An edit inside one unit (clear of its braces) changes nothing the others' findings depend on, only where they are.
import type { ConnectorDocument } from '../document';
import type { Finding, Fix, Span } from '../findings';
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
 * Moves kept findings into the new text: what lies after the edit moves with its text, what lies before stays put.
 * That holds for fix edits too, which may be far from their finding (enabling a setting at the file's end); a fix
 * that several findings share is moved once and stays shared.
 */
export function findingMover(delta: number, editEnd: number): (finding: Finding) => Finding {
  const fixesMoved = new Map<Fix, Fix>();
  const moveFix = (fix: Fix): Fix => {
    let moved = fixesMoved.get(fix);
    if (!moved) {
      moved = fix.edits.some((e) => e.offset >= editEnd) ? { ...fix, edits: fix.edits.map((e) => (e.offset >= editEnd ? { ...e, offset: e.offset + delta } : e)) } : fix;
      fixesMoved.set(fix, moved);
    }
    return moved;
  };
  return (finding) => {
    if (delta === 0) return finding;
    const { fixes, related } = finding;
    let movedFixes: Fix[] | undefined;
    if (fixes) {
      for (let i = 0; i < fixes.length; i++) {
        const fix = fixes[i] as Fix;
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

// Re-parsing one edited operation instead of the whole file. Building a 1,000-operation tree on every
// keystroke costs little CPU but a lot of garbage: the collector's pauses, not the parse, made the slow
// keystrokes. When an edit stays inside one operation and that operation still parses without error, its new
// subtree replaces the old one and every node after the edit moves by the edit's length, in place.
//
// In place means the previous version's tree becomes the new version's: a version's nodes are only valid until
// the next version is checked, which the language server guarantees by using each analysis synchronously.
import type { Node } from 'jsonc-parser';
import { readCustomRequest, readOperation, type Connector } from './model';
import { MAX_NESTING, type ParsedDocument } from './parse';
import { parseRegularValueAt } from './regularParse';

/** Where an edit changed the text: [start, oldEnd) of the old text became [start, newEnd) of the new one. */
export interface ChangedRegion {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** The smallest region that differs between two texts (common prefix and suffix removed). */
export function changedRegion(before: string, after: string): ChangedRegion {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { start, oldEnd: before.length - end, newEnd: after.length - end };
}

type Mutable = { -readonly [K in keyof Node]: Node[K] };

/** Moves a whole subtree by delta. */
function moveSubtree(node: Node, delta: number): void {
  const mutable = node as Mutable;
  mutable.offset += delta;
  if (mutable.colonOffset !== undefined) mutable.colonOffset += delta;
  for (const child of node.children ?? []) moveSubtree(child, delta);
}

/** Containers (objects and arrays) from the root down to and including node. */
function containerDepth(node: Node): number {
  let depth = 0;
  for (let n: Node | undefined = node; n; n = n.parent) if (n.type === 'object' || n.type === 'array') depth++;
  return depth;
}

/**
 * Re-parses operation `index` (an element of `units`) of the previous version after an edit inside it, updating
 * the previous tree and model in place; undefined (and nothing changed) when the edit cannot be handled so.
 */
export function reparseOneUnit(
  previous: { parsed: ParsedDocument; connector: Connector },
  units: Node,
  index: number,
  text: string,
  region: ChangedRegion,
): { parsed: ParsedDocument; connector: Connector } | undefined {
  const oldUnit = units.children?.[index];
  const { root } = previous.parsed;
  if (!oldUnit || !root || previous.parsed.syntaxFindings.length > 0) return undefined;
  const delta = region.newEnd - region.oldEnd;
  const from = oldUnit.offset;
  const to = oldUnit.offset + oldUnit.length + delta;
  const unit = parseRegularValueAt(text, from, to, units, containerDepth(units), MAX_NESTING);
  if (unit?.type !== 'object') return undefined;

  (units.children as Node[])[index] = unit;
  // Every container holding the operation grows by delta; everything after it, at every level, moves.
  for (let child: Node = unit, parent = child.parent; parent; child = parent, parent = parent.parent) {
    if (child !== unit) (child as Mutable).length += delta;
    const siblings = parent.children ?? [];
    for (let i = siblings.indexOf(child) + 1; i < siblings.length; i++) moveSubtree(siblings[i] as Node, delta);
  }
  (root as Mutable).length += delta;

  const connector: Connector = previous.connector.kind === 'rest'
    ? { ...previous.connector, operations: previous.connector.operations.map((o, i) => (i === index ? readOperation(unit, i) : o)) }
    : previous.connector.kind === 'odata'
      ? { ...previous.connector, customRequests: previous.connector.customRequests.map((r, i) => (i === index ? readCustomRequest(unit, i) : r)) }
      : previous.connector;
  return { parsed: { text, root, syntaxFindings: [] }, connector };
}

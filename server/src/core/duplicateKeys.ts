// A key written twice in one JSON object: JSON parsers keep one of the two values and drop the other without a
// word, so `"method": "GET", "method": "POST"` reads as GET and sends POST. Connector files and values files
// both call this.
import type { Node } from 'jsonc-parser';
import { removeMemberEdit } from './edits';
import type { Finding } from './findings';
import { LineIndex } from './lineIndex';
import { PAIRWISE_MAX } from './pairwise';
import { isTreeNode, OBJECT, type JsonTree } from './parse/jsonTree';

/** The code of the finding on the second of two equal keys. */
export const DUPLICATE_KEY = 'duplicate-key';

/** The finding on `repeated`, a property whose key an earlier property (`earlier`) of the same object has. */
function repeatFinding(text: string, key: string, repeated: Node, earlier: Node, lines: { index?: LineIndex }): Finding {
  const keyNode = repeated.children?.[0] ?? repeated;
  lines.index ??= new LineIndex(text);
  const earlierKey = earlier.children?.[0] ?? earlier;
  const line = lines.index.positionAt(earlierKey.offset).line + 1;
  const quotedKey = JSON.stringify(key);
  return {
    code: DUPLICATE_KEY,
    severity: 'error',
    message: `${quotedKey} is written twice in this object; the first is on line ${line}. Only one value is used and the other is silently dropped: remove the one you do not mean.`,
    offset: keyNode.offset,
    length: keyNode.length,
    related: [{ offset: earlierKey.offset, length: earlierKey.length, message: `The first ${quotedKey} (line ${line}).` }],
    fixes: [
      { title: `Remove this ${quotedKey}`, edits: [removeMemberEdit(repeated)] },
      { title: `Remove the ${quotedKey} on line ${line}`, edits: [removeMemberEdit(earlier)] },
    ],
  };
}

/** Reports the repeated keys of one object, given its properties' keys in order and a way to name their nodes. */
function reportRepeats(text: string, keys: readonly unknown[], property: (i: number) => Node, findings: Finding[], lines: { index?: LineIndex }): void {
  const first = keys.length > PAIRWISE_MAX ? new Map<string, number>() : undefined;
  keys.forEach((key, index) => {
    if (typeof key !== 'string') return;
    let earlier = -1;
    if (first) {
      earlier = first.get(key) ?? -1;
      if (earlier < 0) first.set(key, index);
    } else {
      for (let i = 0; i < index && earlier < 0; i++) if (keys[i] === key) earlier = i;
    }
    if (earlier >= 0) findings.push(repeatFinding(text, key, property(index), property(earlier), lines));
  });
}

/** The keys of the object being compared, read once each: shared by every walk, emptied when one ends (a key may hold its whole text). */
const KEYS_READ = new Array<string | undefined>(PAIRWISE_MAX + 1).fill(undefined);

/** The same walk over a compact tree: its objects by index, nothing made unless a key repeats. */
function treeDuplicates(text: string, tree: JsonTree, from: number, skip: number, findings: Finding[]): void {
  const lines: { index?: LineIndex } = {};
  const end = tree.end(from);
  for (let node = from; node < end; node++) {
    if (node === skip) {
      node = tree.end(skip) - 1;
      continue;
    }
    if (tree.kind(node) !== OBJECT) continue;
    const objectEnd = tree.end(node);
    let count = 0;
    let repeated = false;
    // Compare each key with the ones before it, each read once; an object of many keys is handed to the map-based walk.
    for (let p = node + 1; p < objectEnd && !repeated && count <= PAIRWISE_MAX; p = tree.end(p), count++) {
      const key = tree.key(p);
      for (let i = 0; i < count && !repeated; i++) repeated = KEYS_READ[i] === key && typeof key === 'string';
      KEYS_READ[count] = key;
    }
    if (!repeated && count <= PAIRWISE_MAX) continue;
    const properties = tree.children(node);
    reportRepeats(text, properties.map((p) => tree.key(p)), (i) => tree.node(properties[i] as number), findings, lines);
  }
  KEYS_READ.fill(undefined);
}

/** The same findings for the subtree of node `from` of a compact tree, leaving out the subtree of `skip`. */
export function duplicateKeysInTree(tree: JsonTree, from: number, skip = -1): Finding[] {
  const findings: Finding[] = [];
  if (from >= 0 && !tree.keysDistinct) treeDuplicates(tree.text, tree, from, skip, findings);
  return findings;
}

/**
 * One finding per key that repeats an earlier key of the same object, on the repeat, naming the first one's
 * line and pointing at it in `related`. `skip` leaves out a subtree (checked separately while typing).
 */
export function duplicateKeyFindings(text: string, root: Node | undefined, skip?: Node): Finding[] {
  const findings: Finding[] = [];
  if (isTreeNode(root) && (skip === undefined || isTreeNode(skip))) {
    if (!root.tree.keysDistinct) treeDuplicates(text, root.tree, root.index, skip?.index ?? -1, findings);
    return findings;
  }
  const lines: { index?: LineIndex } = {};
  const pending: Node[] = root ? [root] : [];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node === skip) continue;
    const properties = node.type === 'object' ? node.children ?? [] : [];
    reportRepeats(text, properties.map((p) => p.children?.[0]?.value), (i) => properties[i] as Node, findings, lines);
    for (const child of node.children ?? []) pending.push(child);
  }
  return findings;
}

// A key written twice in one JSON object: JSON parsers keep one of the two values and drop the other without a
// word, so `"method": "GET", "method": "POST"` reads as GET and sends POST. Connector files and values files
// both call this.
import type { Node } from 'jsonc-parser';
import { removeMemberEdit } from './edits';
import type { Finding } from './findings';
import { LineIndex } from './lineIndex';

/** The code of the finding on the second of two equal keys. */
export const DUPLICATE_KEY = 'duplicate-key';

/**
 * One finding per key that repeats an earlier key of the same object, on the repeat, naming the first one's
 * line and pointing at it in `related`. `skip` leaves out a subtree (checked separately while typing).
 */
export function duplicateKeyFindings(text: string, root: Node | undefined, skip?: Node): Finding[] {
  const findings: Finding[] = [];
  let lines: LineIndex | undefined;
  const pending: Node[] = root ? [root] : [];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node === skip) continue;
    const properties = node.type === 'object' ? node.children ?? [] : [];
    // Most objects have a handful of keys: comparing them pairwise costs less than building a map for each.
    const first = properties.length > 16 ? new Map<string, Node>() : undefined;
    for (const [index, property] of properties.entries()) {
      const keyNode = property.children?.[0];
      if (!keyNode || typeof keyNode.value !== 'string') continue;
      let earlier: Node | undefined;
      if (first) {
        earlier = first.get(keyNode.value);
        if (!earlier) first.set(keyNode.value, property);
      } else {
        for (let i = 0; i < index && !earlier; i++) if (properties[i]?.children?.[0]?.value === keyNode.value) earlier = properties[i];
      }
      if (earlier) {
        lines ??= new LineIndex(text);
        const earlierKey = earlier.children?.[0] ?? earlier;
        const line = lines.positionAt(earlierKey.offset).line + 1;
        const key = JSON.stringify(keyNode.value);
        findings.push({
          code: DUPLICATE_KEY,
          severity: 'error',
          message: `${key} is written twice in this object; the first is on line ${line}. Only one value is used and the other is silently dropped: remove the one you do not mean.`,
          offset: keyNode.offset,
          length: keyNode.length,
          related: [{ offset: earlierKey.offset, length: earlierKey.length, message: `The first ${key} (line ${line}).` }],
          fixes: [
            { title: `Remove this ${key}`, edits: [removeMemberEdit(property)] },
            { title: `Remove the ${key} on line ${line}`, edits: [removeMemberEdit(earlier)] },
          ],
        });
      }
    }
    for (const child of node.children ?? []) pending.push(child);
  }
  return findings;
}

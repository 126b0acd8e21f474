import type { Node } from 'jsonc-parser';
import { isTreeNode } from '../parse/jsonTree';
import { treeFromJsonc } from '../parse/recovered';
import { readConnector } from './read';
import type { Connector, MapEntry, MapField } from './types';

export type * from './types';
export { mediaType } from '../mediaType';

/** Builds the typed connector model from a parse tree; never throws, whatever the tree. */
export function buildModel(root: Node | undefined): Connector | undefined {
  if (!root) return undefined;
  const { tree, index } = isTreeNode(root) ? root : { tree: treeFromJsonc('', root), index: 0 };
  return readConnector(tree, index);
}

/** Returns the value of a header in a header map, matching the name case-insensitively as HTTP does. */
export function headerEntry(headers: MapField<string> | undefined, name: string): MapEntry<string> | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  // An indexed loop, neither a callback nor an iterator: every operation's Content-Type is looked up.
  const entries = headers.entries;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as MapEntry<string>;
    if (entry.name === name || entry.name.toLowerCase() === wanted) return entry;
  }
  return undefined;
}


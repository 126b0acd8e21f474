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
  // A loop, not a callback: every operation's Content-Type is looked up.
  for (const entry of headers.entries) if (entry.name === name || entry.name.toLowerCase() === wanted) return entry;
  return undefined;
}


// A compact tree written out as jsonc-parser's own node objects, to compare the two parsers node for node.
import type { Node } from 'jsonc-parser';
import type { JsonTree } from '../../server/src/core/parse/jsonTree';

/** The tree as jsonc-parser's parseTree builds it: the same properties on every node (the root has no parent). */
export function jsoncTreeOf(tree: JsonTree): Node | undefined {
  if (tree.size === 0) return undefined;
  const build = (index: number, parent: Node | undefined): Node => {
    const view = tree.node(index);
    const node: Record<string, unknown> = { type: view.type, offset: view.offset, length: view.length };
    if (parent) node.parent = parent;
    if (view.children) {
      if (view.type === 'property' && view.colonOffset !== undefined) node.colonOffset = view.colonOffset;
      node.children = tree.children(index).map((child) => build(child, node as unknown as Node));
    } else {
      node.value = view.value;
    }
    return node as unknown as Node;
  };
  return build(0, undefined);
}

// jsonc-parser's own node objects for a compact tree, for readers that walk plain nodes (a request body's checks)
// and would otherwise pay for TreeNode's getters at every step.
import type { Node } from 'jsonc-parser';
import { colonAfter, hasChildren, nodeTypeOf, PROPERTY, type JsonTree } from './jsonTree';

type PlainNode = { -readonly [K in keyof Node]: Node[K] };

/** The tree as jsonc-parser's parseTree builds it: the same properties on every node (the root has no parent). */
export function jsoncNodesOf(tree: JsonTree): Node | undefined {
  const nodes: PlainNode[] = [];
  // Nodes are numbered in document order: a parent is made before its children, which come in order.
  for (let index = 0; index < tree.size; index++) {
    const kind = tree.kind(index);
    const node: PlainNode = { type: nodeTypeOf(kind), offset: tree.offset(index), length: tree.length(index) };
    const parent = nodes[tree.parent(index)];
    if (parent) {
      node.parent = parent;
      (parent.children as Node[]).push(node);
    }
    if (hasChildren(kind)) {
      node.children = [];
      if (kind === PROPERTY) {
        const colon = colonAfter(tree.text, tree.offset(index + 1) + tree.length(index + 1));
        if (colon !== undefined) node.colonOffset = colon;
      }
    } else {
      node.value = tree.value(index);
    }
    nodes.push(node);
  }
  return nodes[0];
}

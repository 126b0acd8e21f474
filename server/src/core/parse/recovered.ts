// Files with syntax errors are parsed by jsonc-parser, which reports each error and recovers the rest; its tree is
// then copied into the compact form, with the plain values jsonc-parser's getNodeValue would give.
import type { Node } from 'jsonc-parser';
import { ARRAY, BOOLEAN, JSON_OBJECT, JsonTree, NULL, NUMBER, OBJECT, PROPERTY, STRING, type Kind } from './jsonTree';
import { TreeBuilder } from './treeBuilder';

const KINDS: Readonly<Record<Node['type'], Kind>> = { object: OBJECT, array: ARRAY, property: PROPERTY, string: STRING, number: NUMBER, boolean: BOOLEAN, null: NULL };

/** Copies a jsonc-parser tree (nodes already kept inside the text) into a compact tree. */
export function treeFromJsonc(text: string, root: Node): JsonTree {
  const count = (node: Node): number => (node.children ?? []).reduce((sum, child) => sum + count(child), 1);
  const size = count(root);
  const out = new TreeBuilder(size, size);
  const copy = (node: Node, parent: number): number => {
    const kind = KINDS[node.type];
    if (kind === OBJECT) {
      const value = Object.create(JSON_OBJECT) as Record<string, unknown>;
      const index = out.open(OBJECT, node.offset, parent, value);
      for (const property of node.children ?? []) {
        const member = copy(property, index);
        // As getNodeValue: a property that recovery left without a value adds nothing.
        if (property.children?.[0] && property.children[1]) value[String(property.children[0].value)] = out.valueOf(out.nextOf(member + 1));
      }
      return out.close(index, node.offset + node.length);
    }
    if (kind === ARRAY) {
      const value: unknown[] = [];
      const index = out.open(ARRAY, node.offset, parent, value);
      for (const child of node.children ?? []) value.push(out.valueOf(copy(child, index)));
      return out.close(index, node.offset + node.length);
    }
    if (kind === PROPERTY) {
      const index = out.open(PROPERTY, node.offset, parent, undefined);
      for (const child of node.children ?? []) copy(child, index);
      return out.close(index, node.offset + node.length);
    }
    return out.leaf(kind, node.offset, node.length, parent, kind === NULL ? null : node.value);
  };
  copy(root, -1);
  return new JsonTree(text, out.finish());
}

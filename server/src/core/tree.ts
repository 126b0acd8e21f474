import { getNodeValue, type Node } from 'jsonc-parser';
import type { Span } from './findings';
import { ARRAY, isTreeNode, OBJECT } from './parse/jsonTree';

export type { Node } from 'jsonc-parser';

/** A JSON value as read from the file. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Returns the span a node covers (for a string, including its quotes). */
export function spanOf(node: Node): Span {
  return { offset: node.offset, length: node.length };
}

/** Returns the property node (`key: value` pair) named `key` in an object node, if present. */
export function propertyOf(object: Node | undefined, key: string): Node | undefined {
  if (isTreeNode(object)) return object.tree.nodeOrUndefined(object.tree.property(object.index, key));
  if (!object || object.type !== 'object' || !object.children) return undefined;
  // The last duplicate wins, as in JSON.parse.
  for (let i = object.children.length - 1; i >= 0; i--) {
    const property = object.children[i];
    if (property?.children?.[0]?.value === key) return property;
  }
  return undefined;
}

/** Returns the value node of property `key` of an object node. */
export function valueOf(object: Node | undefined, key: string): Node | undefined {
  return propertyOf(object, key)?.children?.[1];
}

/** Returns the key node of a property or value node (the value's parent property's key). */
export function keyNodeOf(node: Node): Node | undefined {
  const property = node.type === 'property' ? node : node.parent?.type === 'property' ? node.parent : undefined;
  return property?.children?.[0];
}

/** Returns the `key: value` property nodes of an object node, in file order. */
export function propertiesOf(object: Node | undefined): { key: string; keyNode: Node; valueNode: Node | undefined; property: Node }[] {
  if (!object || object.type !== 'object' || !object.children) return [];
  const out: { key: string; keyNode: Node; valueNode: Node | undefined; property: Node }[] = [];
  for (const property of object.children) {
    const keyNode = property.children?.[0];
    if (!keyNode || typeof keyNode.value !== 'string') continue;
    out.push({ key: keyNode.value, keyNode, valueNode: property.children?.[1], property });
  }
  return out;
}

/** Returns the JSON value of a node, tolerating incomplete trees. A compact tree's values are shared: never change them. */
export function jsonOf(node: Node): JsonValue {
  if (isTreeNode(node)) return (node.type === 'property' ? undefined : node.tree.value(node.index)) as JsonValue;
  return getNodeValue(node) as JsonValue;
}

/** Returns the node at a JSON pointer path of segments, if the tree has it. */
export function nodeAtPath(root: Node | undefined, path: readonly (string | number)[]): Node | undefined {
  if (isTreeNode(root)) {
    const { tree } = root;
    let index = root.index;
    for (const segment of path) {
      if (index < 0) return undefined;
      const kind = tree.kind(index);
      if (kind === OBJECT && typeof segment === 'string') index = tree.member(index, segment);
      else if (kind === ARRAY && typeof segment === 'number') index = Number.isInteger(segment) && segment >= 0 ? tree.child(index, segment) : -1;
      else return undefined;
    }
    return tree.nodeOrUndefined(index);
  }
  let node = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (node.type === 'object' && typeof segment === 'string') node = valueOf(node, segment);
    else if (node.type === 'array' && typeof segment === 'number') node = node.children?.[segment];
    else return undefined;
  }
  return node;
}

/**
 * Maps an index into a string node's decoded value to an offset in the document text.
 * Escapes (`\"`, `\n`, `\uXXXX`) take more source characters than the one they stand for.
 */
export function sourceOffsetInString(text: string, stringNode: Node, decodedIndex: number): number {
  return stringOffsets(text, stringNode)(decodedIndex);
}

/**
 * `sourceOffsetInString` for many indexes of one string node: each answer resumes the walk where the previous one
 * stopped (from the start again only for a smaller index), so that the places of a string's many placeholders,
 * asked in order, cost one walk through it instead of one per placeholder.
 */
export function stringOffsets(text: string, stringNode: Node): (decodedIndex: number) => number {
  const start = stringNode.offset + 1;
  const end = stringNode.offset + stringNode.length - 1;
  let source = start;
  let decoded = 0;
  return (decodedIndex) => {
    if (decodedIndex < decoded) {
      source = start;
      decoded = 0;
    }
    while (source < end && decoded < decodedIndex) {
      if (text[source] === '\\') source += text[source + 1] === 'u' ? 6 : 2;
      else source += 1;
      decoded += 1;
    }
    return Math.min(source, end);
  };
}

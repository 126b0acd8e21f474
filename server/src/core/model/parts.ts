// The pieces every part of the model is made of: a part keeps the index of its node in the compact tree and makes
// the node object when first asked for; the helpers find an object's properties by key once and read fields.
import type { Node } from 'jsonc-parser';
import { ARRAY, NUMBER, OBJECT, type JsonTree, type TreeNode } from '../parse/jsonTree';
import type { JsonValue } from '../tree';
import { exactOfNode, JsonNumber, type ExactJson } from '../values/exactJson';
import type { Field, MapEntry, MapField } from './types';

export type Accept<T> = (v: unknown) => v is T;
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isAny = (v: unknown): v is JsonValue => v !== undefined;
export const isArray = (v: unknown): v is JsonValue[] => Array.isArray(v);
// A model's value is kept as its JSON object; the model type names it by the node type it was once read from.
export const isModelObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A part of the model read from one node of the tree. */
export class Part {
  declare readonly tree: JsonTree;
  declare readonly at: number;

  constructor(tree: JsonTree, at: number) {
    this.tree = tree;
    this.at = at;
  }

  get node(): TreeNode {
    return this.tree.node(this.at);
  }
}

/** A part read from a property's value, with the property's key. */
export class KeyedPart extends Part {
  declare readonly property: number;

  constructor(tree: JsonTree, property: number) {
    super(tree, tree.propertyValue(property));
    this.property = property;
  }

  get keyNode(): TreeNode {
    return this.tree.node(this.property + 1);
  }
}

export class TreeField<T> extends KeyedPart implements Field<T> {
  declare readonly value: T;

  constructor(value: T, tree: JsonTree, property: number) {
    super(tree, property);
    this.value = value;
  }

  get exact(): ExactJson {
    return exactAt(this.tree, this.at);
  }
}

/** The value of a node as written, numbers with their own digits. */
function exactAt(tree: JsonTree, at: number): ExactJson {
  const kind = tree.kind(at);
  // Scalars from the tree's arrays: a check asks for every default, and a node object for each would be garbage.
  if (kind === NUMBER) return new JsonNumber(tree.text.slice(tree.offset(at), tree.offset(at) + tree.length(at)));
  if (kind !== OBJECT && kind !== ARRAY) return tree.value(at) as ExactJson;
  return exactOfNode(tree.node(at), tree.text);
}

/** The option list of a parameter, with its element nodes. */
export class OptionsField extends TreeField<JsonValue[]> {
  get elements(): Node[] {
    return this.node.children ?? [];
  }
}

export class TreeMapEntry<T> implements MapEntry<T> {
  declare readonly name: string;
  declare readonly value: T | undefined;
  declare readonly tree: JsonTree;
  declare readonly property: number;

  constructor(name: string, value: T | undefined, tree: JsonTree, property: number) {
    this.name = name;
    this.value = value;
    this.tree = tree;
    this.property = property;
  }

  get keyNode(): TreeNode {
    return this.tree.node(this.property + 1);
  }

  get valueNode(): TreeNode | undefined {
    return this.tree.nodeOrUndefined(this.tree.propertyValue(this.property));
  }

  get exact(): ExactJson | undefined {
    return this.value === undefined ? undefined : exactAt(this.tree, this.tree.propertyValue(this.property));
  }
}

export class TreeMapField<T> extends KeyedPart implements MapField<T> {
  declare readonly entries: MapEntry<T>[];

  constructor(tree: JsonTree, property: number, entries: MapEntry<T>[]) {
    super(tree, property);
    this.entries = entries;
  }
}

/** The keys a reader looks for, each with its slot, and the one table their property nodes are found into. */
export interface Slots {
  bySlot: ReadonlyMap<string, number>;
  /** Reused by every read of this kind of object: a reader takes what it needs before reading another of its kind. */
  found: Int32Array;
}

export function slotsOf(keys: readonly string[]): Slots {
  return { bySlot: new Map(keys.map((key, slot) => [key, slot])), found: new Int32Array(keys.length) };
}

/** The property node found for slot `i` (a plain function: a closure over the table would be made for every part read). */
export function slot(found: Int32Array, i: number): number {
  return found[i] as number;
}

/** The property node of each wanted key in an object node (the last when a key repeats), -1 where absent. */
export function propertiesByKey(tree: JsonTree, object: number, slots: Slots): Int32Array {
  const { bySlot, found } = slots;
  found.fill(-1);
  if (object < 0 || tree.kind(object) !== OBJECT) return found;
  const end = tree.end(object);
  for (let property = object + 1; property < end; property = tree.end(property)) {
    const slot = bySlot.get(tree.key(property) as string);
    if (slot !== undefined) found[slot] = property;
  }
  return found;
}

/** The object value node of a property, or -1. */
export function objectValue(tree: JsonTree, property: number): number {
  const node = property < 0 ? -1 : tree.propertyValue(property);
  return node >= 0 && tree.kind(node) === OBJECT ? node : -1;
}

/** The field of a property node: present only when it has a value that `accept` takes. */
export function fieldAt<T>(tree: JsonTree, property: number, accept: Accept<T>): Field<T> | undefined {
  if (property < 0) return undefined;
  const node = tree.propertyValue(property);
  if (node < 0) return undefined;
  const value = tree.value(node);
  return accept(value) ? new TreeField(value, tree, property) : undefined;
}

/** An object-valued property with its entries in file order; each entry's value only when `accept` takes it. */
export function mapFieldAt<T>(tree: JsonTree, property: number, accept: Accept<T>): TreeMapField<T> | undefined {
  const node = objectValue(tree, property);
  if (node < 0) return undefined;
  const entries: MapEntry<T>[] = [];
  const end = tree.end(node);
  for (let entry = node + 1; entry < end; entry = tree.end(entry)) {
    const name = tree.key(entry);
    if (typeof name !== 'string') continue;
    const valueIndex = tree.propertyValue(entry);
    const raw = valueIndex < 0 ? undefined : tree.value(valueIndex);
    entries.push(new TreeMapEntry(name, accept(raw) ? raw : undefined, tree, entry));
  }
  return new TreeMapField(tree, property, entries);
}

/** The object elements of an array node (others are the schema's business). */
export function objectElements(tree: JsonTree, array: number): number[] {
  const out: number[] = [];
  if (array < 0 || tree.kind(array) !== ARRAY) return out;
  const end = tree.end(array);
  for (let element = array + 1; element < end; element = tree.end(element)) if (tree.kind(element) === OBJECT) out.push(element);
  return out;
}


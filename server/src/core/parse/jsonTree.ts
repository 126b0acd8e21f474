// A parsed JSON(C) text held compactly: one entry per node in typed arrays (kind, offset, length, parent and the
// end of its subtree), numbered in document order, and beside them the plain JSON values the file holds (a
// container's entry is its whole value, built once while parsing). The schema, the model and every feature read
// the same values; no node object exists until a finding or a feature asks for one, and then the same one is
// handed out for as long as the tree lives.
import type { Node, NodeType } from 'jsonc-parser';
import { BLOCK_BITS, IN_BLOCK, entryIn, storageOf, type TreeArrays, type TreeStorage } from './treeStorage';

export type { TreeArrays };

const TYPE_NAMES: readonly NodeType[] = ['null', 'object', 'array', 'property', 'string', 'number', 'boolean', 'null'];

// A node's kind, as stored.
export const OBJECT = 1;
export const ARRAY = 2;
export const PROPERTY = 3;
export const STRING = 4;
export const NUMBER = 5;
export const BOOLEAN = 6;
export const NULL = 7;
export type Kind = typeof OBJECT | typeof ARRAY | typeof PROPERTY | typeof STRING | typeof NUMBER | typeof BOOLEAN | typeof NULL;

/**
 * The prototype of every JSON object the tree holds: it has none of Object.prototype's members (so `"constructor"`
 * or `"__proto__"` in a file are plain keys, as in jsonc-parser's values), yet V8 keeps such objects compact and
 * fast, which objects without any prototype are not.
 */
export const JSON_OBJECT = Object.freeze(Object.create(null) as object);

/** jsonc-parser's name for a kind. */
export function nodeTypeOf(kind: number): NodeType {
  return TYPE_NAMES[kind] as NodeType;
}

/** Whether a kind has children: objects, arrays and properties. */
export function hasChildren(kind: number): boolean {
  return kind === OBJECT || kind === ARRAY || kind === PROPERTY;
}

/** Containers with more children than this keep their children's indexes, for binary search by offset. */
const WIDE = 32;



/** The nodes of one text. Index 0 is the root; a tree of an empty text has no nodes. */
export class JsonTree {
  readonly #storage: TreeStorage;
  readonly #offsets: readonly Int32Array[];
  readonly #shifts: Int32Array;
  readonly #lengths: readonly Int32Array[];
  readonly #kinds: Uint8Array;
  readonly #parents: Int32Array;
  readonly #ends: Int32Array;
  readonly #values: readonly unknown[][];
  /** Node objects handed out so far, so that each index always gives the same object. */
  #nodes: Map<number, TreeNode> | undefined;
  #root: TreeNode | undefined;
  /** Children of wide containers (the operations array), for lookups by offset. */
  #wide: Map<number, Int32Array> | undefined;
  /** Per object of more than WIDE properties, each key's property (the last): such an object is searched again and again. */
  #keyed: Map<number, Map<string, number>> | undefined;

  readonly #keysDistinct: boolean;

  /**
   * A builder's arrays, or the storage another tree's was made into by an edit (parse/splice.ts). `keysDistinct`:
   * the parser compared every object's keys and none repeats; false when it did not (a recovered tree, a wide object).
   */
  constructor(readonly text: string, arrays: TreeArrays | TreeStorage, keysDistinct = false) {
    this.#keysDistinct = keysDistinct;
    const storage = 'shifts' in arrays ? arrays : storageOf(arrays);
    this.#storage = storage;
    this.#offsets = storage.offsets;
    this.#shifts = storage.shifts;
    this.#lengths = storage.lengths;
    this.#kinds = storage.kinds;
    this.#parents = storage.parents;
    this.#ends = storage.ends;
    this.#values = storage.values;
  }

  /** Whether every object's keys are known to be distinct: the parser compared them all (false: a key repeats, or nobody knows). */
  get keysDistinct(): boolean {
    return this.#keysDistinct;
  }

  /** What the tree holds, to build another tree from this one (parse/splice.ts); never change it. */
  storage(): TreeStorage {
    return this.#storage;
  }

  /** How many nodes the tree has. */
  get size(): number {
    return this.#kinds.length;
  }

  /** The node's kind. */
  kind(index: number): Kind {
    return this.#kinds[index] as Kind;
  }

  /** Where the node starts in the text. */
  offset(index: number): number {
    const b = index >> BLOCK_BITS;
    return ((this.#offsets[b] as Int32Array)[index & IN_BLOCK] as number) + (this.#shifts[b] as number);
  }

  /** How many characters the node covers (a string's quotes included). */
  length(index: number): number {
    return entryIn(this.#lengths, index);
  }

  /** The parent's index, or -1 for the root. */
  parent(index: number): number {
    return this.#parents[index] as number;
  }

  /** The index just past the node's subtree. */
  end(index: number): number {
    return this.#ends[index] as number;
  }

  /** The first child's index, or -1. */
  firstChild(index: number): number {
    return index + 1 < (this.#ends[index] as number) ? index + 1 : -1;
  }

  /** The next sibling's index, or -1. */
  nextSibling(index: number): number {
    const next = this.#ends[index] as number;
    const parent = this.#parents[index] as number;
    return parent >= 0 && next < (this.#ends[parent] as number) ? next : -1;
  }

  /** The JSON value of a node: a literal, a key's string, or a container's plain value (shared: never change it). */
  value(index: number): unknown {
    const value = entryIn(this.#values, index);
    if (value !== undefined) return value;
    const kind = this.#kinds[index];
    return kind === OBJECT || kind === ARRAY ? this.#valueAgain(index) : undefined;
  }

  /**
   * Lets go of the plain values of the containers (objects and arrays): for a large file they are tens of MB, which
   * the schema reads once per full check and an editor would otherwise keep for as long as the file is open. A
   * container's value is built again from its children when next asked for, as the parser built it. Literals and
   * keys stay: the model and the features read them. (Blocks shared with another tree are let go of there too: a
   * shared block's containers have the same values in both trees, built again alike.)
   */
  forgetContainerValues(): void {
    const kinds = this.#kinds;
    this.#values.forEach((block, b) => {
      const from = b << BLOCK_BITS;
      for (let j = 0; j < block.length; j++) {
        const kind = kinds[from + j];
        if (kind === OBJECT || kind === ARRAY) block[j] = undefined;
      }
    });
  }

  /** Builds a container's plain value from its children, as the parsers do (a property without a value adds nothing), and keeps it. */
  #valueAgain(index: number): unknown {
    const end = this.#ends[index] as number;
    let value: unknown;
    if (this.#kinds[index] === ARRAY) {
      const items: unknown[] = [];
      for (let child = index + 1; child < end; child = this.#ends[child] as number) items.push(this.value(child));
      value = items;
    } else {
      const object = Object.create(JSON_OBJECT) as Record<string, unknown>;
      for (let property = index + 1; property < end; property = this.#ends[property] as number) {
        const key = this.key(property);
        const member = this.propertyValue(property);
        if (key !== undefined && member >= 0) object[key] = this.value(member);
      }
      value = object;
    }
    // Into the block as it is: when shared with another tree, the container's value is the same there.
    (this.#values[index >> BLOCK_BITS] as unknown[])[index & IN_BLOCK] = value;
    return value;
  }

  /** A property's key (its first child's string), or undefined. */
  key(property: number): string | undefined {
    const key = property + 1;
    return key < (this.#ends[property] as number) ? (entryIn(this.#values, key) as string) : undefined;
  }

  /** A property's value node (its second child), or -1 when recovery left it without one. */
  propertyValue(property: number): number {
    const key = property + 1;
    const end = this.#ends[property] as number;
    if (key >= end) return -1;
    const value = this.#ends[key] as number;
    return value < end ? value : -1;
  }

  /** The property named `key` of an object node (the last one when a key repeats, as JSON.parse keeps), or -1. */
  property(object: number, key: string): number {
    if (this.#kinds[object] !== OBJECT) return -1;
    const keyed = this.#keyed?.get(object);
    if (keyed) return keyed.get(key) ?? -1;
    let found = -1;
    let count = 0;
    const end = this.#ends[object] as number;
    for (let p = object + 1; p < end; p = this.#ends[p] as number, count++) if (entryIn(this.#values, p + 1) === key) found = p;
    if (count > WIDE) this.#keyIndex(object);
    return found;
  }

  /** Indexes a wide object's properties by key, the last of a key winning as in JSON.parse. */
  #keyIndex(object: number): void {
    const keyed = new Map<string, number>();
    const end = this.#ends[object] as number;
    for (let p = object + 1; p < end; p = this.#ends[p] as number) keyed.set(entryIn(this.#values, p + 1) as string, p);
    (this.#keyed ??= new Map()).set(object, keyed);
  }

  /** The value node of property `key` of an object node, or -1. */
  member(object: number, key: string): number {
    const property = this.property(object, key);
    return property < 0 ? -1 : this.propertyValue(property);
  }

  /** The n-th child's index (0-based), or -1. */
  child(index: number, n: number): number {
    const end = this.#ends[index] as number;
    if (end - index > WIDE * 2 && hasChildren(this.#kinds[index] as number)) return this.#wideChildren(index)[n] ?? -1;
    let child = index + 1;
    for (let i = 0; child < end; i++, child = this.#ends[child] as number) if (i === n) return child;
    return -1;
  }

  /** The children's indexes, in order. */
  children(index: number): number[] {
    const out: number[] = [];
    const end = this.#ends[index] as number;
    for (let child = index + 1; child < end; child = this.#ends[child] as number) out.push(child);
    return out;
  }

  /**
   * The innermost node at an offset, as jsonc-parser's findNodeAtOffset finds it (a node contains its start, and
   * its end only when `includeRightBound`), descending from the root: time proportional to depth, not size.
   */
  nodeAt(offset: number, includeRightBound = false): number {
    if (this.size === 0 || !this.#contains(0, offset, includeRightBound)) return -1;
    let node = 0;
    for (;;) {
      if (!hasChildren(this.#kinds[node] as number)) return node;
      const child = this.#childContaining(node, offset, includeRightBound);
      if (child < 0) return node;
      node = child;
    }
  }

  #contains(index: number, offset: number, includeRightBound: boolean): boolean {
    const start = this.offset(index);
    const end = start + this.length(index);
    return (offset >= start && offset < end) || (includeRightBound && offset === end);
  }

  /** The first child of `index` (in order) that contains offset, or -1. */
  #childContaining(index: number, offset: number, includeRightBound: boolean): number {
    const end = this.#ends[index] as number;
    if (end - index <= WIDE * 2) {
      for (let child = index + 1; child < end && this.offset(child) <= offset; child = this.#ends[child] as number) {
        if (this.#contains(child, offset, includeRightBound)) return child;
      }
      return -1;
    }
    const children = this.#wideChildren(index);
    // The last child that starts at or before offset; siblings do not overlap, so only it or the one before it
    // (touching it, when the right bound counts) can contain offset, and the earlier one wins.
    let low = 0;
    let high = children.length - 1;
    let last = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.offset(children[middle] as number) <= offset) {
        last = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    for (let i = Math.max(0, last - 1); i <= last; i++) {
      const child = children[i] as number;
      if (this.#contains(child, offset, includeRightBound)) return child;
    }
    return -1;
  }

  /** The children of a wide container, kept once asked for. */
  #wideChildren(index: number): Int32Array {
    this.#wide ??= new Map();
    let children = this.#wide.get(index);
    if (!children) {
      children = Int32Array.from(this.children(index));
      this.#wide.set(index, children);
    }
    return children;
  }

  /** The JSON path of a node, as jsonc-parser's getNodePath gives it (a key node's path ends with its own key). */
  path(index: number): (string | number)[] {
    const path: (string | number)[] = [];
    for (let node = index, parent = this.parent(node); parent >= 0; node = parent, parent = this.parent(node)) {
      const parentKind = this.#kinds[parent];
      if (parentKind === PROPERTY) {
        path.push(entryIn(this.#values, parent + 1) as string);
      } else if (parentKind === ARRAY) {
        path.push(this.#position(parent, node));
      }
    }
    return path.reverse();
  }

  /** Which child of `parent` the node is (0-based). */
  #position(parent: number, node: number): number {
    if ((this.#ends[parent] as number) - parent > WIDE * 2) {
      const children = this.#wideChildren(parent);
      let low = 0;
      let high = children.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const child = children[middle] as number;
        if (child === node) return middle;
        if (child < node) low = middle + 1;
        else high = middle - 1;
      }
    }
    let position = 0;
    for (let child = parent + 1; child !== node; child = this.#ends[child] as number) position++;
    return position;
  }

  /** The node object for an index: the same object every time it is asked for. */
  node(index: number): TreeNode {
    // Findings and features ask for few nodes of a large tree: a map holds those, not a slot for every node.
    if (index === 0) return (this.#root ??= new TreeNode(this, 0));
    const nodes = (this.#nodes ??= new Map());
    let node = nodes.get(index);
    if (node === undefined) {
      node = new TreeNode(this, index);
      nodes.set(index, node);
    }
    return node;
  }

  /** The node object for an index, or undefined for -1. */
  nodeOrUndefined(index: number): TreeNode | undefined {
    return index < 0 ? undefined : this.node(index);
  }
}

/**
 * One node of a JsonTree, seen as jsonc-parser's `Node` (type, offset, length, parent, children, value), so that
 * code written for jsonc-parser's trees reads ours. Made on demand; two are equal when they are the same node of
 * the same text.
 */
export class TreeNode implements Node {
  constructor(readonly tree: JsonTree, readonly index: number) {}

  get type(): NodeType {
    return TYPE_NAMES[this.tree.kind(this.index)] as NodeType;
  }

  get offset(): number {
    return this.tree.offset(this.index);
  }

  get length(): number {
    return this.tree.length(this.index);
  }

  get parent(): TreeNode | undefined {
    return this.tree.nodeOrUndefined(this.tree.parent(this.index));
  }

  get children(): TreeNode[] | undefined {
    if (!hasChildren(this.tree.kind(this.index))) return undefined;
    return this.tree.children(this.index).map((child) => this.tree.node(child));
  }

  get value(): unknown {
    return hasChildren(this.tree.kind(this.index)) ? undefined : this.tree.value(this.index);
  }

  get colonOffset(): number | undefined {
    if (this.tree.kind(this.index) !== PROPERTY) return undefined;
    const key = this.index + 1;
    return colonAfter(this.tree.text, this.tree.offset(key) + this.tree.length(key));
  }
}

/** Whether a node is one of a compact tree's (so the tree's own fast paths apply). */
export function isTreeNode(node: Node | undefined): node is TreeNode {
  return node instanceof TreeNode;
}

/** The offset of the colon after a key that ends at `from` (whitespace and comments skipped), or undefined. */
export function colonAfter(text: string, from: number): number | undefined {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */) return i;
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return undefined;
      i = end + 2;
    } else {
      return undefined;
    }
  }
  return undefined;
}

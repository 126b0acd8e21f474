// How a JsonTree holds what changes when the text is edited inside one value: offsets, lengths and plain values, in
// blocks of a few hundred nodes. A tree made from the previous one by such an edit (parse/splice.ts) shares every
// block the edit leaves alone and copies the few it touches; the offsets of all the nodes after the edit move by one
// number per block (the block's shift), not one per node. Typing a letter near the start of a large file then costs
// the blocks around the letter and a list as long as the file has blocks, not its ~100,000 nodes after the letter.

/** What a builder fills; the tree holds it in blocks (treeStorage.ts) and only reads it. */
export interface TreeArrays {
  kinds: Uint8Array;
  offsets: Int32Array;
  lengths: Int32Array;
  parents: Int32Array;
  /** The index just past the node's subtree: its children are the nodes in between, each subtree in turn. */
  ends: Int32Array;
  /**
   * Literal values, key strings, and each container's plain value (objects have no prototype, as JSON.parse would
   * give with `__proto__` as a key), in blocks of 2^BLOCK_BITS nodes (treeStorage.ts), the last one as long as the
   * nodes left.
   */
  values: unknown[][];
}

/** Nodes per block: 2^BLOCK_BITS. */
export const BLOCK_BITS = 8;
/** The mask that gives a node's place in its block. */
export const IN_BLOCK = (1 << BLOCK_BITS) - 1;

/** What a JsonTree reads; blocks are shared between the trees of successive texts, so none is ever changed once a tree holds it. */
export interface TreeStorage {
  kinds: Uint8Array;
  parents: Int32Array;
  /** The index just past each node's subtree. */
  ends: Int32Array;
  /** Offsets by block: a node's offset is its entry plus its block's entry in `shifts`. */
  offsets: readonly Int32Array[];
  shifts: Int32Array;
  lengths: readonly Int32Array[];
  /** Plain values by block (see TreeArrays.values). */
  values: readonly unknown[][];
}

/** A builder's arrays held as blocks: the numbers as views of the builder's own arrays, the values as the builder made them; no copy. */
export function storageOf(arrays: TreeArrays): TreeStorage {
  const size = arrays.kinds.length;
  const blocks = (size + IN_BLOCK) >> BLOCK_BITS;
  const offsets: Int32Array[] = new Array(blocks);
  const lengths: Int32Array[] = new Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const from = b << BLOCK_BITS;
    const to = Math.min(size, from + IN_BLOCK + 1);
    offsets[b] = arrays.offsets.subarray(from, to);
    lengths[b] = arrays.lengths.subarray(from, to);
  }
  return { kinds: arrays.kinds, parents: arrays.parents, ends: arrays.ends, offsets, shifts: new Int32Array(blocks), lengths, values: arrays.values };
}

/** A tree's arrays with its values in one plain array, to renumber a tree whose shape an edit changed. */
export type FlatArrays = Omit<TreeArrays, 'values'> & { values: unknown[] };

/** Plain values in blocks (see TreeArrays.values). */
export function valueBlocks(values: readonly unknown[]): unknown[][] {
  const blocks: unknown[][] = [];
  for (let from = 0; from < values.length; from += IN_BLOCK + 1) blocks.push(values.slice(from, from + IN_BLOCK + 1));
  return blocks;
}

/** Node `index`'s entry in blocks of numbers or values. */
export function entryIn<T>(blocks: readonly ArrayLike<T>[], index: number): T {
  return (blocks[index >> BLOCK_BITS] as ArrayLike<T>)[index & IN_BLOCK] as T;
}

/** The tree's arrays in one piece each (to renumber a tree whose shape an edit changed). */
export function flatArrays(storage: TreeStorage): FlatArrays {
  const size = storage.kinds.length;
  const offsets = new Int32Array(size);
  const lengths = new Int32Array(size);
  const values: unknown[] = new Array(size);
  for (let b = 0; b < storage.offsets.length; b++) {
    const from = b << BLOCK_BITS;
    const shift = storage.shifts[b] as number;
    const block = storage.offsets[b] as Int32Array;
    for (let j = 0; j < block.length; j++) offsets[from + j] = (block[j] as number) + shift;
    lengths.set(storage.lengths[b] as Int32Array, from);
    const valueBlock = storage.values[b] as unknown[];
    for (let j = 0; j < valueBlock.length; j++) values[from + j] = valueBlock[j];
  }
  return { kinds: storage.kinds, offsets, lengths, parents: storage.parents, ends: storage.ends, values };
}

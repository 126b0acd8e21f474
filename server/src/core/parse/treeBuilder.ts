// Fills a compact tree's arrays node by node, in document order: a container is opened, its children follow, and
// closing it sets its length and the end of its subtree. A large text's arrays live in resizable buffers: they grow
// in place while the file is read and are cut to their exact size at the end, with no copy; their memory is mapped
// pages that go back to the system when a tree is dropped (malloc'd buffers of many MB, freed check after check,
// stay in the process and make it grow). A text of up to 2 MB keeps its arrays plain: V8 reads and writes typed
// arrays over resizable buffers more slowly than plain ones (a check of a 0.5 MB file took 5 to 24 % longer), and
// mapping and unmapping five buffers costs more than reading a file of a few KB.
import type { Kind, TreeArrays } from './jsonTree';
import { BLOCK_BITS, IN_BLOCK } from './treeStorage';

/** A buffer that grows and shrinks in place: its memory is mapped pages, given back to the system when freed. */
type ResizableBuffer = ArrayBuffer & { resize(bytes: number): void };
const Resizable = ArrayBuffer as unknown as new (bytes: number, options: { maxByteLength: number }) => ResizableBuffer;

/**
 * Texts with room for more nodes than this (a node per character at most: texts of more than 2 MB) get mapped
 * buffers; smaller ones plain arrays, copied when they grow.
 */
export const MAPPED_FROM_NODES = 1 << 21;

/** Thrown when a tree needs more nodes than it was given room for (a span parse that ran past its end). */
export class TreeFullError extends RangeError {
  constructor() {
    super('more nodes than the tree was given room for');
  }
}

export class TreeBuilder {
  private count = 0;
  private capacity: number;
  /** The mapped buffers under the arrays (kinds first), or undefined when the arrays are plain. */
  private readonly buffers: ResizableBuffer[] | undefined;
  private kinds: Uint8Array;
  private offsets: Int32Array;
  private lengths: Int32Array;
  private parents: Int32Array;
  private ends: Int32Array;
  /** Filled in node order, in the blocks the tree keeps them in (treeStorage.ts): no copy when the tree is made. */
  private readonly values: unknown[][] = [];
  /** The block being filled. */
  private block: unknown[] = [];

  /** `capacity` nodes to start with, never more than `maxNodes` (mapped buffers reserve room for that many). */
  constructor(capacity: number, private readonly maxNodes: number) {
    this.capacity = Math.min(capacity, maxNodes);
    if (maxNodes <= MAPPED_FROM_NODES) {
      this.buffers = undefined;
      const arrays = plainArrays(this.capacity);
      this.offsets = arrays.offsets;
      this.lengths = arrays.lengths;
      this.parents = arrays.parents;
      this.ends = arrays.ends;
      this.kinds = arrays.kinds;
      return;
    }
    const kinds = new Resizable(this.capacity, { maxByteLength: maxNodes });
    const ints = [0, 1, 2, 3].map(() => new Resizable(this.capacity * 4, { maxByteLength: maxNodes * 4 }));
    this.buffers = [kinds, ...ints];
    this.kinds = new Uint8Array(kinds);
    const [offsets, lengths, parents, ends] = ints.map((b) => new Int32Array(b));
    this.offsets = offsets as Int32Array;
    this.lengths = lengths as Int32Array;
    this.parents = parents as Int32Array;
    this.ends = ends as Int32Array;
  }

  private grow(): void {
    if (this.capacity >= this.maxNodes) throw new TreeFullError();
    this.capacity = Math.min(this.capacity * 2 + 16, this.maxNodes);
    if (this.buffers) {
      this.buffers.forEach((b, i) => b.resize(this.capacity * (i === 0 ? 1 : 4)));
      return;
    }
    const arrays = plainArrays(this.capacity);
    this.offsets = grown(this.offsets, arrays.offsets);
    this.lengths = grown(this.lengths, arrays.lengths);
    this.parents = grown(this.parents, arrays.parents);
    this.ends = grown(this.ends, arrays.ends);
    this.kinds = grown(this.kinds, arrays.kinds);
  }

  /** Adds a node whose children follow; `value` is a container's plain value (filled as its children come). */
  open(kind: Kind, offset: number, parent: number, value: unknown): number {
    const index = this.count++;
    if (index >= this.capacity) this.grow();
    this.kinds[index] = kind;
    this.offsets[index] = offset;
    this.parents[index] = parent;
    this.put(index, value);
    return index;
  }

  /** Ends an open node at `endOffset`, after its last child; returns its index. */
  close(index: number, endOffset: number): number {
    this.lengths[index] = endOffset - (this.offsets[index] as number);
    this.ends[index] = this.count;
    return index;
  }

  /** Adds a node without children. */
  leaf(kind: Kind, offset: number, length: number, parent: number, value: unknown): number {
    const index = this.count++;
    if (index >= this.capacity) this.grow();
    this.kinds[index] = kind;
    this.offsets[index] = offset;
    this.lengths[index] = length;
    this.parents[index] = parent;
    this.ends[index] = index + 1;
    this.put(index, value);
    return index;
  }

  /** Gives the node just added its value (nodes come in order: a new block starts every 2^BLOCK_BITS). */
  private put(index: number, value: unknown): void {
    const place = index & IN_BLOCK;
    if (place === 0) {
      this.block = new Array(IN_BLOCK + 1);
      this.values.push(this.block);
    }
    this.block[place] = value;
  }

  /** The value given to a node. */
  valueOf(index: number): unknown {
    return (this.values[index >> BLOCK_BITS] as unknown[])[index & IN_BLOCK];
  }

  /** The node after a finished node's subtree (its next sibling, when it has one). */
  nextOf(index: number): number {
    return this.ends[index] as number;
  }

  /** Where a finished node ends in the text. */
  endOffsetOf(index: number): number {
    return (this.offsets[index] as number) + (this.lengths[index] as number);
  }

  /** The arrays at their exact size. */
  finish(): TreeArrays {
    const n = this.count;
    // The last block as long as the nodes in it.
    if ((n & IN_BLOCK) !== 0) (this.values[n >> BLOCK_BITS] as unknown[]).length = n & IN_BLOCK;
    // Shrinking the buffers releases their tail pages in place.
    if (this.buffers) {
      this.buffers.forEach((b, i) => b.resize(n * (i === 0 ? 1 : 4)));
    } else if (n < this.capacity) {
      // Views of the first n entries: a tree's arrays are as long as it has nodes.
      this.kinds = this.kinds.subarray(0, n);
      this.offsets = this.offsets.subarray(0, n);
      this.lengths = this.lengths.subarray(0, n);
      this.parents = this.parents.subarray(0, n);
      this.ends = this.ends.subarray(0, n);
    }
    return { kinds: this.kinds, offsets: this.offsets, lengths: this.lengths, parents: this.parents, ends: this.ends, values: this.values };
  }
}

/** A small text's five arrays, by name. */
interface PlainArrays {
  offsets: Int32Array;
  lengths: Int32Array;
  parents: Int32Array;
  ends: Int32Array;
  kinds: Uint8Array;
}

/**
 * A small text's five arrays of `capacity` entries, in one plain buffer: one allocation, where an ArrayBuffer
 * each would cost the allocator and the collector five (every body of every Custom request is parsed too). Named,
 * not a tuple: taking a tuple apart runs the iterator protocol, an object per element while the code is unoptimized.
 */
function plainArrays(capacity: number): PlainArrays {
  const buffer = new ArrayBuffer(capacity * 17);
  return {
    offsets: new Int32Array(buffer, 0, capacity),
    lengths: new Int32Array(buffer, capacity * 4, capacity),
    parents: new Int32Array(buffer, capacity * 8, capacity),
    ends: new Int32Array(buffer, capacity * 12, capacity),
    kinds: new Uint8Array(buffer, capacity * 16, capacity),
  };
}

/** `into` holding `from`'s entries first. */
function grown<T extends Uint8Array | Int32Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

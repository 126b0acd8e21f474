// Fills a compact tree's arrays node by node, in document order: a container is opened, its children follow, and
// closing it sets its length and the end of its subtree.
import type { Kind, TreeArrays } from './jsonTree';

export class TreeBuilder {
  private count = 0;
  private kinds: Uint8Array;
  private offsets: Int32Array;
  private lengths: Int32Array;
  private parents: Int32Array;
  private ends: Int32Array;
  private values: unknown[];

  constructor(capacity: number) {
    this.values = new Array<unknown>(capacity);
    this.kinds = new Uint8Array(capacity);
    this.offsets = new Int32Array(capacity);
    this.lengths = new Int32Array(capacity);
    this.parents = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  private grow(): void {
    const capacity = this.kinds.length * 2 + 16;
    const widen = <T extends Uint8Array | Int32Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.kinds = widen(this.kinds, new Uint8Array(capacity));
    this.offsets = widen(this.offsets, new Int32Array(capacity));
    this.lengths = widen(this.lengths, new Int32Array(capacity));
    this.parents = widen(this.parents, new Int32Array(capacity));
    this.ends = widen(this.ends, new Int32Array(capacity));
    this.values.length = capacity;
  }

  /** Adds a node whose children follow; `value` is a container's plain value (filled as its children come). */
  open(kind: Kind, offset: number, parent: number, value: unknown): number {
    const index = this.count++;
    if (index >= this.kinds.length) this.grow();
    this.kinds[index] = kind;
    this.offsets[index] = offset;
    this.parents[index] = parent;
    this.values[index] = value;
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
    if (index >= this.kinds.length) this.grow();
    this.kinds[index] = kind;
    this.offsets[index] = offset;
    this.lengths[index] = length;
    this.parents[index] = parent;
    this.ends[index] = index + 1;
    this.values[index] = value;
    return index;
  }

  /** The value given to a node. */
  valueOf(index: number): unknown {
    return this.values[index];
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
    // Shortening an array trims its storage in place; the typed arrays are copied at their exact size.
    this.values.length = n;
    return {
      kinds: this.kinds.slice(0, n),
      offsets: this.offsets.slice(0, n),
      lengths: this.lengths.slice(0, n),
      parents: this.parents.slice(0, n),
      ends: this.ends.slice(0, n),
      values: this.values,
    };
  }
}

// Typing inside one operation of a large file (or one setting of the connector): only that value is parsed again.
// The new tree is the previous one with the value's nodes replaced. An edit that keeps the value's shape (typing in
// a string or a number, the common case) shares all of the previous tree but the blocks (treeStorage.ts) holding the
// value's nodes and the containers around it: those are copied with the new offsets, lengths and values, and the
// nodes after them move by their blocks' shifts, so the edit costs the same however large the file. An edit that
// adds or removes nodes renumbers the nodes after it: the arrays are copied around the new nodes, everything after
// them moved by the edit's length (in the text) and by the change in node count (in the numbering). Either way the
// containers holding the value grow and their plain values are copied with its new value in place; the previous
// tree is left as it was.
import { JSON_OBJECT, JsonTree, OBJECT, PROPERTY, type TreeArrays } from './jsonTree';
import { parseRegularValueAt } from './regular';
import { BLOCK_BITS, IN_BLOCK, entryIn, flatArrays, storageOf, valueBlocks, type TreeStorage } from './treeStorage';

type ResizableBuffer = ArrayBuffer & { resize(bytes: number): void };
const Resizable = ArrayBuffer as unknown as new (bytes: number, options: { maxByteLength: number }) => ResizableBuffer;

/** An Int32Array of `size` in its own mapped buffer (see treeBuilder.ts for why). */
function ints(size: number): Int32Array {
  return new Int32Array(new Resizable(size * 4, { maxByteLength: size * 4 }));
}

/** How many objects and arrays enclose a node (itself not counted). */
function depthOf(tree: JsonTree, node: number): number {
  let depth = 0;
  for (let n = tree.parent(node); n >= 0; n = tree.parent(n)) if (tree.kind(n) !== PROPERTY) depth++;
  return depth;
}

/**
 * Whether `a` from `aFrom` holds what `b` holds from `bFrom` (to its end), each of b's values raised by `raise`
 * (b's indexes count from the start of the part parsed again).
 */
function sameFrom(a: ArrayLike<number>, aFrom: number, b: ArrayLike<number>, bFrom: number, raise = 0): boolean {
  for (let i = bFrom, j = aFrom; i < b.length; i++, j++) if (a[j] !== (b[i] as number) + raise) return false;
  return true;
}

/**
 * The tree of `text`, where the edit that made it from `previous.text` lies inside value node `unit` (its first and
 * last character kept) and changed the text's length by `delta`; undefined when the unit alone is not a
 * regular JSONC value of the same kind (the whole text is then parsed).
 */
export function treeWithNodeReparsed(previous: JsonTree, unit: number, text: string, delta: number, maxDepth: number): JsonTree | undefined {
  const from = previous.offset(unit);
  const to = from + previous.length(unit) + delta;
  const span = parseRegularValueAt(text, from, to, depthOf(previous, unit), maxDepth);
  if (!span || span.arrays.kinds[0] !== previous.kind(unit)) return undefined;
  const part = span.arrays;
  const old = previous.storage();
  const oldCount = previous.end(unit) - unit;
  const newCount = part.kinds.length;
  const sameShape = newCount === oldCount && sameFrom(old.kinds, unit, part.kinds, 0) && sameFrom(old.parents, unit + 1, part.parents, 1, unit) && sameFrom(old.ends, unit, part.ends, 0, unit);
  const storage = sameShape ? inPlace(old, unit, part, delta) : renumbered(previous, unit, part, delta);
  aroundUnit(previous, storage, unit, delta, newCount - oldCount);
  // The edit lies inside the value: the keys around it are the previous tree's, those inside it were just compared.
  return new JsonTree(text, storage, previous.keysDistinct && span.keysDistinct);
}

/** Block `b` of `blocks`, copied first while it is still `shared`'s (the previous tree's). */
function own<T extends Int32Array | unknown[]>(blocks: T[], shared: readonly T[], b: number): T {
  let block = blocks[b] as T;
  if (block === shared[b]) {
    block = block.slice() as T;
    blocks[b] = block;
  }
  return block;
}

/**
 * The previous storage with the unit's nodes (as many as before, of the same kinds and structure) replaced by
 * `part`'s: the blocks holding them copied, the later blocks shifted by `delta`; kinds, parents and subtree ends shared.
 */
function inPlace(old: TreeStorage, unit: number, part: TreeArrays, delta: number): TreeStorage {
  const after = unit + part.kinds.length;
  const first = unit >> BLOCK_BITS;
  const last = (after - 1) >> BLOCK_BITS;
  const shifts = old.shifts.slice();
  for (let b = last + 1; b < shifts.length; b++) shifts[b] = (shifts[b] as number) + delta;
  const offsets = old.offsets.slice();
  const lengths = old.lengths.slice();
  const values = old.values.slice();
  for (let b = first; b <= last; b++) {
    // A block keeps its shift: its entries are written less it.
    const shift = shifts[b] as number;
    const offsetBlock = own(offsets, old.offsets, b);
    const lengthBlock = own(lengths, old.lengths, b);
    const valueBlock = own(values, old.values, b);
    const blockStart = b << BLOCK_BITS;
    for (let j = 0; j < offsetBlock.length; j++) {
      const i = blockStart + j;
      if (i >= after) offsetBlock[j] = (offsetBlock[j] as number) + delta;
      else if (i >= unit) {
        offsetBlock[j] = (part.offsets[i - unit] as number) - shift;
        lengthBlock[j] = part.lengths[i - unit] as number;
        valueBlock[j] = entryIn(part.values, i - unit);
      }
    }
  }
  return { kinds: old.kinds, parents: old.parents, ends: old.ends, offsets, shifts, lengths, values };
}

/** The previous tree's nodes with the unit's replaced by `part`'s, of another count or structure: everything after them renumbered. */
function renumbered(previous: JsonTree, unit: number, part: TreeArrays, delta: number): TreeStorage {
  const old = flatArrays(previous.storage());
  const oldCount = previous.end(unit) - unit;
  const newCount = part.kinds.length;
  const shift = newCount - oldCount;
  const size = previous.size + shift;
  const after = unit + oldCount;
  const total = previous.size;

  const kinds = new Uint8Array(new Resizable(size, { maxByteLength: size }));
  kinds.set(old.kinds.subarray(0, unit));
  kinds.set(part.kinds, unit);
  kinds.set(old.kinds.subarray(after), unit + newCount);

  const offsets = ints(size);
  offsets.set(old.offsets.subarray(0, unit));
  offsets.set(part.offsets, unit);
  for (let i = after, j = unit + newCount; i < total; i++, j++) offsets[j] = (old.offsets[i] as number) + delta;

  const lengths = ints(size);
  lengths.set(old.lengths.subarray(0, unit));
  lengths.set(part.lengths, unit);
  lengths.set(old.lengths.subarray(after), unit + newCount);

  const parents = ints(size);
  parents.set(old.parents.subarray(0, unit));
  for (let i = 0; i < newCount; i++) parents[unit + i] = i === 0 ? previous.parent(unit) : (part.parents[i] as number) + unit;
  for (let i = after, j = unit + newCount; i < total; i++, j++) {
    const parent = old.parents[i] as number;
    parents[j] = parent >= after ? parent + shift : parent;
  }
  const ends = ints(size);
  ends.set(old.ends.subarray(0, unit));
  for (let i = 0; i < newCount; i++) ends[unit + i] = (part.ends[i] as number) + unit;
  for (let i = after, j = unit + newCount; i < total; i++, j++) ends[j] = (old.ends[i] as number) + shift;

  const values = old.values.slice(0, unit).concat(...part.values, old.values.slice(after));
  return storageOf({ kinds, offsets, lengths, parents, ends, values: valueBlocks(values) });
}

/**
 * The containers around the unit, in `storage` (the new tree's, with copies of its own where it changes them):
 * they grow by the edit, their subtrees by `shift` nodes, and their plain values are copied with the new value in
 * place of the old one (the previous tree keeps its own).
 */
function aroundUnit(previous: JsonTree, storage: TreeStorage, unit: number, delta: number, shift: number): void {
  const old = previous.storage();
  // The new tree's blocks; those it shares with the previous tree are copied before they are written.
  const lengths = storage.lengths as Int32Array[];
  const values = storage.values as unknown[][];
  const ends = storage.ends;
  let child = unit;
  for (let node = previous.parent(unit); node >= 0; child = node, node = previous.parent(node)) {
    // Indexes up to the unit's are the same in both trees: the path to it is at the same places.
    const b = node >> BLOCK_BITS;
    own(lengths, old.lengths, b)[node & IN_BLOCK] = previous.length(node) + delta;
    if (shift !== 0) ends[node] = previous.end(node) + shift;
    // The block is the new tree's own even when the value stays unset: a value built again later is this tree's,
    // and the previous tree's differs.
    const valueBlock = own(values, old.values, b);
    const kind = previous.kind(node);
    const held = entryIn(old.values, node);
    // A value the previous tree let go of is built again from the new tree's children when asked for.
    if (held === undefined || kind === PROPERTY) continue;
    let copy: unknown;
    if (kind === OBJECT) {
      const key = previous.key(child);
      const object = Object.assign(Object.create(JSON_OBJECT) as Record<string, unknown>, held as Record<string, unknown>);
      // A repeated key: the object's value is its last property's, which may be another.
      if (key !== undefined && previous.property(node, key) === child) object[key] = entryIn(values, previous.propertyValue(child));
      copy = object;
    } else {
      const items = [...(held as unknown[])];
      let position = 0;
      for (let c = node + 1; c !== child; c = previous.end(c)) position++;
      items[position] = entryIn(values, child);
      copy = items;
    }
    valueBlock[node & IN_BLOCK] = copy;
  }
}

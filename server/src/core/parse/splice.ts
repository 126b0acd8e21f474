// Typing inside one operation of a large file (or one setting of the connector): only that value is parsed again.
// The new tree is the previous one with the value's nodes replaced: the arrays are copied around the new nodes,
// everything after them moved by the edit's length (in the text) and by the change in node count (in the
// numbering), and the containers holding the value grow; their plain values are copied with its new value in place.
// The previous tree is left as it was.
import { JSON_OBJECT, JsonTree, OBJECT, PROPERTY, type TreeArrays } from './jsonTree';
import { parseRegularValueAt } from './regular';

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
  const part = parseRegularValueAt(text, from, to, depthOf(previous, unit), maxDepth);
  if (!part || part.kinds[0] !== previous.kind(unit)) return undefined;
  const old = previous.arrays();
  const oldCount = previous.end(unit) - unit;
  const newCount = part.kinds.length;
  const shift = newCount - oldCount;
  const size = previous.size + shift;
  const after = unit + oldCount;

  // An edit that leaves the value's shape as it was (typing inside a string or a number, the common case) changes
  // only offsets and lengths: the other arrays are shared with the previous tree, which never changes them.
  const sameShape = shift === 0 && sameFrom(old.kinds, unit, part.kinds, 0) && sameFrom(old.parents, unit + 1, part.parents, 1, unit) && sameFrom(old.ends, unit, part.ends, 0, unit);

  const kinds = sameShape ? old.kinds : new Uint8Array(new Resizable(size, { maxByteLength: size }));
  if (!sameShape) {
    kinds.set(old.kinds.subarray(0, unit));
    kinds.set(part.kinds, unit);
    kinds.set(old.kinds.subarray(after), unit + newCount);
  }

  const offsets = ints(size);
  offsets.set(old.offsets.subarray(0, unit));
  offsets.set(part.offsets, unit);
  const total = previous.size;
  for (let i = after, j = unit + newCount; i < total; i++, j++) offsets[j] = (old.offsets[i] as number) + delta;

  const lengths = ints(size);
  lengths.set(old.lengths.subarray(0, unit));
  lengths.set(part.lengths, unit);
  lengths.set(old.lengths.subarray(after), unit + newCount);

  const parents = sameShape ? old.parents : ints(size);
  const ends = sameShape ? old.ends : ints(size);
  if (!sameShape) {
    parents.set(old.parents.subarray(0, unit));
    for (let i = 0; i < newCount; i++) parents[unit + i] = i === 0 ? previous.parent(unit) : (part.parents[i] as number) + unit;
    for (let i = after, j = unit + newCount; i < total; i++, j++) {
      const parent = old.parents[i] as number;
      parents[j] = parent >= after ? parent + shift : parent;
    }
    ends.set(old.ends.subarray(0, unit));
    for (let i = 0; i < newCount; i++) ends[unit + i] = (part.ends[i] as number) + unit;
    for (let i = after, j = unit + newCount; i < total; i++, j++) ends[j] = (old.ends[i] as number) + shift;
  }

  let values: unknown[];
  if (shift === 0) {
    values = old.values.slice();
    for (let i = 0; i < newCount; i++) values[unit + i] = part.values[i];
  } else {
    values = old.values.slice(0, unit).concat(part.values, old.values.slice(after));
  }

  // The containers around the unit: they grow by the edit, their subtrees by the new node count, and their plain
  // values are copied with the new value in place of the old one (the previous tree keeps its own).
  let child = unit;
  for (let node = previous.parent(unit); node >= 0; child = node, node = previous.parent(node)) {
    lengths[node] = (old.lengths[node] as number) + delta;
    if (!sameShape) ends[node] = (old.ends[node] as number) + shift;
    // Indexes up to the unit's are the same in both trees: the values of the path to it are at the same places.
    const kind = previous.kind(node);
    // A value the previous tree let go of is built again from the new tree's children when asked for.
    if (old.values[node] === undefined) values[node] = undefined;
    else if (kind === OBJECT) {
      const key = previous.key(child);
      const copy = Object.assign(Object.create(JSON_OBJECT) as Record<string, unknown>, old.values[node] as Record<string, unknown>);
      // A repeated key: the object's value is its last property's, which may be another.
      if (key !== undefined && previous.property(node, key) === child) copy[key] = values[previous.propertyValue(child)];
      values[node] = copy;
    } else if (kind !== PROPERTY) {
      const copy = [...(old.values[node] as unknown[])];
      let position = 0;
      for (let c = node + 1; c !== child; c = old.ends[c] as number) position++;
      copy[position] = values[child];
      values[node] = copy;
    }
  }
  return new JsonTree(text, { kinds, offsets, lengths, parents, ends, values } satisfies TreeArrays);
}

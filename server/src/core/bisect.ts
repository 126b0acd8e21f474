// Bisection over ordered lists (offsets, spans, entries in file order), for the lookups that must not read a large
// file's list from its start.

/** The index of the first of `count` ordered keys that is at least `value` (`count` when none is). */
export function firstAtLeast(count: number, keyAt: (index: number) => number, value: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (keyAt(middle) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

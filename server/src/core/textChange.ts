// What an edit changed between two versions of a text: the smallest region that differs, and whether it moved the
// lines after it. Checking while typing and the line index of the next version start from it.

/** Where an edit changed the text: [start, oldEnd) of the old text became [start, newEnd) of the new one. */
export interface ChangedRegion {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** Characters compared at once while looking for where two texts start to differ (native string comparison). */
const BLOCK = 4096;

/** The smallest region that differs between two texts (common prefix and suffix removed). */
export function changedRegion(before: string, after: string): ChangedRegion {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start + BLOCK <= shorter && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  const room = shorter - start;
  while (end + BLOCK <= room && before.slice(before.length - end - BLOCK, before.length - end) === after.slice(after.length - end - BLOCK, after.length - end)) end += BLOCK;
  while (end < room && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { start, oldEnd: before.length - end, newEnd: after.length - end };
}

/** The region of two edits made one after the other: `first` made the middle text, `second` was made in it. */
export function composeRegions(first: ChangedRegion, second: ChangedRegion): ChangedRegion {
  // In the middle text, what either edit wrote or touched: from the first start to the last end.
  const end = Math.max(first.newEnd, second.oldEnd);
  return {
    start: Math.min(first.start, second.start),
    oldEnd: end - (first.newEnd - first.oldEnd),
    newEnd: end + (second.newEnd - second.oldEnd),
  };
}

/**
 * Where `after` differs from `before`: `known` when the editor said so (the region its changes covered) and it fits
 * both texts, else found by comparing them.
 */
export function regionOfEdit(before: string, after: string, known: ChangedRegion | undefined): ChangedRegion {
  const fits = known !== undefined && known.start >= 0 && known.start <= known.oldEnd && known.oldEnd <= before.length
    && known.start <= known.newEnd && known.newEnd <= after.length && before.length - known.oldEnd === after.length - known.newEnd;
  return fits ? known : changedRegion(before, after);
}

/** Line breaks in a text (CR LF counts once, as editors count lines). */
function lineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

/** Whether an edit changed the line number of the text after it (a line break added, removed, or a CR LF split or joined). */
export function linesMoved(before: string, after: string, region: ChangedRegion): boolean {
  // One character either side of the region: a CR LF pair can straddle its ends.
  const from = Math.max(0, region.start - 1);
  return lineBreaks(before.slice(from, region.oldEnd + 1)) !== lineBreaks(after.slice(from, region.newEnd + 1));
}

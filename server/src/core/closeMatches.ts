// Past this many letter pairs, two names are not compared letter by letter (only whether one holds the other): the
// comparison costs the product of their lengths, and a file's names can be as long as the file.
const MAX_COMPARED_PAIRS = 1_000_000;

/**
 * Levenshtein distance, or Infinity once it is sure to exceed `cap` (lengths further apart, a row past it, or names
 * too long to compare). `rows` are two buffers of at least `b.length + 1` places, reused between calls.
 */
function distanceWithin(a: string, b: string, cap: number, rows: [Int32Array, Int32Array]): number {
  if (Math.abs(a.length - b.length) > cap || a.length * b.length > MAX_COMPARED_PAIRS) return Infinity;
  let [previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (c === b.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // A row's smallest value never falls in the rows below it.
    if (rowMin > cap) return Infinity;
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}

/** The candidates a mistyped word most likely meant, closest first (at most `limit`). */
export function closeMatches(word: string, candidates: readonly string[], limit = 3): string[] {
  const needle = word.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  let longest = 0;
  for (const candidate of candidates) longest = Math.max(longest, candidate.length);
  const rows: [Int32Array, Int32Array] = [new Int32Array(longest + 1), new Int32Array(longest + 1)];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    // A typo costs about one edit per three characters; a fragment ('multi') should still find 'multi-on-path'.
    const budget = Math.max(2, Math.floor(Math.max(needle.length, lower.length) / 3));
    const distance = distanceWithin(needle, lower, budget, rows);
    const contains = needle.length >= 3 && (lower.includes(needle) || needle.includes(lower));
    if (distance <= budget || contains) scored.push({ candidate, score: contains ? Math.min(distance, budget) : distance });
  }
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map((s) => s.candidate);
}

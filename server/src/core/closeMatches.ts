/** Levenshtein distance, small inputs only (ids and subcommands). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidates a mistyped word most likely meant, closest first (at most `limit`). */
export function closeMatches(word: string, candidates: readonly string[], limit = 3): string[] {
  const needle = word.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const distance = editDistance(needle, lower);
    // A typo costs about one edit per three characters; a fragment ('multi') should still find 'multi-on-path'.
    const budget = Math.max(2, Math.floor(Math.max(needle.length, lower.length) / 3));
    const contains = needle.length >= 3 && (lower.includes(needle) || needle.includes(lower));
    if (distance <= budget || contains) scored.push({ candidate, score: contains ? Math.min(distance, budget) : distance });
  }
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map((s) => s.candidate);
}

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

/** A word of at most 32 characters, as bit masks of where each character stands in it (Myers' bit-parallel distance). */
interface WordMasks {
  length: number;
  /** Masks of the characters below 128; `other` has the rest. */
  ascii: Int32Array;
  other: Map<number, number>;
}

function masksOf(word: string): WordMasks | undefined {
  if (word.length === 0 || word.length > 32) return undefined;
  const masks: WordMasks = { length: word.length, ascii: new Int32Array(128), other: new Map() };
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 128) masks.ascii[c] = (masks.ascii[c] as number) | (1 << i);
    else masks.other.set(c, (masks.other.get(c) ?? 0) | (1 << i));
  }
  return masks;
}

/**
 * Levenshtein distance of a word of at most 32 characters (as masks) and `b`, a column of the table per character of
 * `b` in a few machine operations (Myers 1999, as Hyyrö 2001 states it for the whole-string distance).
 */
function bitParallelDistance(word: WordMasks, b: string): number {
  const last = 1 << (word.length - 1);
  let positive = -1;
  let negative = 0;
  let score = word.length;
  for (let j = 0; j < b.length; j++) {
    const c = b.charCodeAt(j);
    const equal = c < 128 ? (word.ascii[c] as number) : (word.other.get(c) ?? 0);
    const xv = equal | negative;
    const xh = (((equal & positive) + positive) ^ positive) | equal;
    let ph = negative | ~(xh | positive);
    let mh = positive & xh;
    if (ph & last) score++;
    else if (mh & last) score--;
    // The first row of the table counts up (0, 1, 2, ...): each column starts one higher.
    ph = (ph << 1) | 1;
    mh <<= 1;
    positive = mh | ~(xv | ph);
    negative = ph & xv;
  }
  return score;
}

/**
 * How many more comparisons of a word with a name the suggestions of one scope (a check of one rule over a file's
 * models, an operation, a batch) may make. Thousands of unknown names, each compared with each of thousands of
 * names, would take minutes; past the budget, a name is reported without a suggestion.
 */
export interface SuggestionBudget {
  comparisonsLeft: number;
}

/** A fresh budget: five million comparisons, about half a second, far beyond what a file's few typos need. */
export function suggestionBudget(): SuggestionBudget {
  return { comparisonsLeft: 5_000_000 };
}

/** Takes `count` comparisons from a budget: false, taking none, when fewer are left. */
export function spend(budget: SuggestionBudget | undefined, count: number): boolean {
  if (!budget) return true;
  if (count > budget.comparisonsLeft) return false;
  budget.comparisonsLeft -= count;
  return true;
}

/** At most this many names are listed in a message saying which there are. */
const MAX_LISTED_NAMES = 20;

/**
 * The candidates' lower-case spellings, made once per list: the rules ask about one list for many words. A list
 * that has grown since (a scenario's captured names) is read again.
 */
const LOWER_CASE = new WeakMap<readonly string[], readonly string[]>();

function lowerCaseOf(candidates: readonly string[]): readonly string[] {
  let lower = LOWER_CASE.get(candidates);
  if (lower?.length !== candidates.length) {
    lower = candidates.map((c) => c.toLowerCase());
    LOWER_CASE.set(candidates, lower);
  }
  return lower;
}

/** The candidates a mistyped word most likely meant, closest first (at most `limit`); none once `budget` is spent. */
export function closeMatches(word: string, candidates: readonly string[], limit = 3, budget?: SuggestionBudget): string[] {
  if (limit < 1 || !spend(budget, candidates.length)) return [];
  const needle = word.toLowerCase();
  const lowers = lowerCaseOf(candidates);
  let longest = 0;
  for (const lower of lowers) longest = Math.max(longest, lower.length);
  const rows: [Int32Array, Int32Array] = [new Int32Array(longest + 1), new Int32Array(longest + 1)];
  const masks = masksOf(needle);
  const scored: { candidate: string; score: number }[] = [];
  // The score the last of the `limit` best so far has: a name further than that cannot be among them.
  let worstKept = Infinity;
  for (let i = 0; i < candidates.length; i++) {
    const lower = lowers[i] as string;
    // A typo costs about one edit per three characters; a fragment ('multi') should still find 'multi-on-path'.
    const budget = Math.max(2, Math.floor(Math.max(needle.length, lower.length) / 3));
    // Past min(budget, worstKept) the distance only tells "too far" (a name then cannot be among the best).
    const cap = Math.min(budget, worstKept);
    const distance = masks && Math.abs(needle.length - lower.length) <= cap ? bitParallelDistance(masks, lower) : distanceWithin(needle, lower, cap, rows);
    let score = distance;
    if (distance > budget) {
      // A name that holds the word, or that the word holds, scores the budget however far it is.
      if (budget > worstKept || needle.length < 3 || !(lower.includes(needle) || needle.includes(lower))) continue;
      score = budget;
    }
    if (score > worstKept) continue;
    scored.push({ candidate: candidates[i] as string, score });
    if (scored.length >= limit * 4) worstKept = keepBest(scored, limit);
  }
  keepBest(scored, limit);
  return scored.map((s) => s.candidate);
}

/** Sorts the scored names, closest first (then by name), keeps the first `limit` and gives the last one's score. */
function keepBest(scored: { candidate: string; score: number }[], limit: number): number {
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  scored.length = Math.min(scored.length, limit);
  return scored.length === limit ? (scored[limit - 1] as { score: number }).score : Infinity;
}

/** The names a message lists as those there are, each as `quote` writes it: the first twenty and how many more. */
export function listedNames(names: readonly string[], quote: (name: string) => string, separator = ', '): string {
  const listed = names.slice(0, MAX_LISTED_NAMES).map(quote).join(separator);
  return names.length > MAX_LISTED_NAMES ? `${listed} and ${names.length - MAX_LISTED_NAMES} more` : listed;
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closeMatches, listedNames, suggestionBudget } from '../../server/src/core/closeMatches';

/** The definition the matcher keeps to: every name compared in full by the textbook table, then sorted. */
function reference(word: string, candidates: readonly string[], limit: number): string[] {
  const distance = (a: string, b: string): number => {
    let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++) current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
      previous = current;
    }
    return previous[b.length] ?? 0;
  };
  const needle = word.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const d = distance(needle, lower);
    const budget = Math.max(2, Math.floor(Math.max(needle.length, lower.length) / 3));
    const contains = needle.length >= 3 && (lower.includes(needle) || needle.includes(lower));
    if (d <= budget || contains) scored.push({ candidate, score: contains ? Math.min(d, budget) : d });
  }
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map((s) => s.candidate);
}

/** A small deterministic generator, so that a failure can be replayed. */
function randomWords(seed: number): () => string {
  let state = seed;
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const letters = 'abcABé一';
  return () => Array.from({ length: next(40) === 0 ? 33 + next(10) : next(12) }, () => letters[next(letters.length)]).join('');
}

describe('closeMatches', () => {
  it('finds a typo, closest first, and a fragment of a longer name', () => {
    assert.deepEqual(closeMatches('Pett', ['Owner', 'Pets', 'Pet']), ['Pet', 'Pets']);
    assert.deepEqual(closeMatches('multi', ['multi-on-path', 'duplicate-header']), ['multi-on-path']);
    assert.deepEqual(closeMatches('Invoice', ['Pet', 'Owner']), []);
  });

  it('compares without case and orders equal scores by name', () => {
    assert.deepEqual(closeMatches('ab', ['AC', 'AB', 'aa'], 3), ['AB', 'aa', 'AC']);
  });

  it('counts a contained name as close as the budget allows, never closer than its distance', () => {
    // 'order' lies inside both; 'orders' is one edit away, 'customerorderline' many (the budget, 5).
    assert.deepEqual(closeMatches('order', ['CustomerOrderLine', 'Orders']), ['Orders', 'CustomerOrderLine']);
  });

  it('gives what comparing every name in full gives, for 3,000 random words and lists (short, long, non-ASCII)', () => {
    const word = randomWords(7);
    for (let round = 0; round < 3_000; round++) {
      const candidates = Array.from({ length: 1 + (round % 12) }, word);
      const asked = word();
      const limit = 1 + (round % 3);
      assert.deepEqual(closeMatches(asked, candidates, limit), reference(asked, candidates, limit), `${JSON.stringify(asked)} in ${JSON.stringify(candidates)}, ${limit}`);
    }
  });

  it('suggests within a budget of comparisons, and nothing once it is spent', () => {
    const names = Array.from({ length: 1_000 }, (_, i) => `Model${i}`);
    const budget = suggestionBudget();
    const first = closeMatches('Modle7', names, 2, budget);
    assert.deepEqual(first, reference('Modle7', names, 2));
    assert.equal(first.length, 2);
    assert.equal(budget.comparisonsLeft, 5_000_000 - 1_000);
    budget.comparisonsLeft = 999;
    assert.deepEqual(closeMatches('Modle7', names, 2, budget), []);
    assert.equal(budget.comparisonsLeft, 999);
    assert.deepEqual(closeMatches('Modle7', names.slice(0, 999), 1, budget), reference('Modle7', names.slice(0, 999), 1));
    assert.equal(budget.comparisonsLeft, 0);
  });

  it('lists twenty names, then how many more', () => {
    const quote = (n: string): string => `'${n}'`;
    assert.equal(listedNames(['a', 'b'], quote), "'a', 'b'");
    const names = Array.from({ length: 25 }, (_, i) => `n${i}`);
    assert.equal(listedNames(names.slice(0, 20), quote).split(', ').length, 20);
    assert.match(listedNames(names, quote), /^'n0', 'n1', .*'n19' and 5 more$/);
  });

  it('answers for names of 200,000 characters without comparing them letter by letter', { timeout: 120_000 }, () => {
    const long = 'q'.repeat(200_000);
    assert.deepEqual(closeMatches(long, [`${long}r`, 'Pet']), [`${long}r`]);
    assert.deepEqual(closeMatches(`${long}r`, [`${long}s`, 'Pet']), []);
  });
});

// Pattern matching at its bound: hostile patterns against values as long as each is allowed to judge, and the
// backtracking engine on the same inputs (kept short, it grows exponentially) for comparison.
import { longestJudged, matchPattern } from '../../server/src/core/pattern';
import { medianMs, ms, printTable } from './stats';

/** Runs the benchmark and prints its table. */
export async function runPatternBench(): Promise<void> {
  const cases: { pattern: string; value: (n: number) => string }[] = [
    { pattern: '^(a+)+$', value: (n) => `${'a'.repeat(n - 1)}!` },
    { pattern: '(x+x+)+y', value: (n) => 'x'.repeat(n) },
    { pattern: '[\\s\\S]{1000}[\\s\\S]{1000}$', value: (n) => 'ab'.repeat(n / 2) },
    { pattern: '(?:(?:a|b){0,100}){0,10}$', value: (n) => 'ab'.repeat(n / 2) },
    { pattern: '(\\w{1,30}[ab]\\w{1,30}){1,30}!?$', value: (n) => 'ab'.repeat(n / 2) },
    { pattern: '^[A-Z]{2}\\d{6}$', value: (n) => 'A'.repeat(n) },
  ];
  const rows = [['pattern', 'longest judged', 'at that length', 'at 1,000 chars', 'RegExp at 26 chars']];
  for (const { pattern, value } of cases) {
    const limit = Math.min(longestJudged(pattern), 5_000_000);
    const long = value(limit - (limit % 2));
    const short = value(1_000);
    const native = new RegExp(pattern, 'u');
    const tiny = value(26);
    rows.push([
      pattern,
      limit.toLocaleString('en-US'),
      `${ms(await medianMs(3, () => matchPattern(pattern, long)))} ms`,
      `${ms(await medianMs(5, () => matchPattern(pattern, short)))} ms`,
      `${ms(await medianMs(1, () => native.test(tiny)))} ms`,
    ]);
  }
  printTable('Pattern constraints (RE2JS, linear time; each value as long as the bound allows)', rows);
}

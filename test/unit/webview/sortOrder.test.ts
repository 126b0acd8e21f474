import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { columnSorter, compareCells } from '../../../client/src/webview/sortOrder';
import { JsonNumber, type ExactJson } from '../../../server/src/core';

/** The order every sort must give: the cells compared one pair at a time, ties in the answer's order, missing last. */
function reference(cells: (ExactJson | undefined)[], ascending: boolean): number[] {
  const empty = (v: ExactJson | undefined): boolean => v === undefined || v === null;
  const present = cells.map((_, i) => i).filter((i) => !empty(cells[i]));
  const missing = cells.map((_, i) => i).filter((i) => empty(cells[i]));
  present.sort((a, b) => compareCells(cells[a], cells[b]) * (ascending ? 1 : -1) || a - b);
  return [...present, ...missing];
}

function sorted(cells: (ExactJson | undefined)[], ascending: boolean): number[] {
  const rows: ExactJson[] = cells.map((c): ExactJson => (c === undefined ? {} : { v: c }));
  return columnSorter(rows, 'v')(ascending);
}

describe('sorting a column', () => {
  test('text as people read numbers in it: A-2 before A-10, case aside, missing and null last either way', () => {
    const cells: (ExactJson | undefined)[] = ['A-10', 'a-2', null, 'A-2', 'B-1', undefined, 'A-010', 'A-9', 'b'];
    const texts = (order: number[]): (ExactJson | undefined)[] => order.map((i) => cells[i]);
    const ascending = texts(sorted(cells, true));
    assert.deepEqual(ascending.slice(2, 3), ['A-9'], 'after the two A-2, before the A-10s');
    assert.deepEqual(new Set(ascending.slice(0, 2)), new Set(['a-2', 'A-2']));
    assert.deepEqual(new Set(ascending.slice(3, 5)), new Set(['A-10', 'A-010']));
    assert.deepEqual(ascending.slice(5), ['b', 'B-1', null, undefined]);
    assert.deepEqual(sorted(cells, true), reference(cells, true));
    assert.deepEqual(sorted(cells, false), reference(cells, false));
    assert.deepEqual(sorted(cells, false).slice(-2), [2, 5], 'missing and null stay last, in the answer\'s order');
  });

  test('text the quick order gets wrong (accents, punctuation, digits of other scripts, long numbers) still sorts as the collator does', () => {
    const cells: ExactJson[] = ['été', 'ete', 'Etf', 'zèbre', 'Äpfel', 'apfel', '_x', '-x', ' x', '٣ items', '3 items', '12345678901234567890', '9', 'x\u0000y', '', 'ÉTÉ', 'ß', 'ss'];
    for (const ascending of [true, false]) assert.deepEqual(sorted(cells, ascending), reference(cells, ascending));
  });

  test('50,000 order numbers sort in the answer\'s order of numbers, ascending and descending, ties by position', () => {
    const cells: ExactJson[] = Array.from({ length: 50_000 }, (_, i) => `Customer ${(i * 7919) % 12_345}`);
    const sort = columnSorter(cells.map((v) => ({ v })), 'v');
    for (const ascending of [true, false]) assert.deepEqual(sort(ascending), reference(cells, ascending));
  });

  test('numbers by exact value, digits deciding where doubles tie; a column of numbers and text as before', () => {
    const big = (digits: string): JsonNumber => new JsonNumber(digits);
    const numbers: ExactJson[] = [big('9007199254740993'), 9007199254740992, big('1e400'), -1, big('0.10'), 0.1, 2];
    for (const ascending of [true, false]) assert.deepEqual(sorted(numbers, ascending), reference(numbers, ascending));
    const mixed: ExactJson[] = [10, 'n/a', 9, '9.5', true, { a: 1 }, null, 'A-2'];
    for (const ascending of [true, false]) assert.deepEqual(sorted(mixed, ascending), reference(mixed, ascending));
  });
});

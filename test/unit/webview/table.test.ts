import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mount } from '../../../client/src/webview/mount';
import { OVERSCAN, UNMEASURED_ROWS } from '../../../client/src/webview/rowWindow';
import { MAX_COLUMNS, sortableTable } from '../../../client/src/webview/table';
import type { ExactJson } from '../../../server/src/core';
import { click, FakeDocument, type FakeElement, type FakeText } from './fakeDocument';

const ROWS = 50_000;

function mounted(rows: ExactJson[]): { document: FakeDocument; scroller: FakeElement & Record<string, unknown>; table: FakeElement } {
  const document = new FakeDocument();
  mount(sortableTable('value', rows), document, () => undefined);
  const scroller = document.elements.find((e) => e.className === 'table-scroll') as FakeElement & Record<string, unknown>;
  const table = document.elements.find((e) => e.tag === 'table') as FakeElement;
  assert.ok(scroller && table, 'the table is open, in its scroller');
  return { document, scroller, table };
}

const section = (table: FakeElement, tag: string): FakeElement => table.children.find((c) => 'tag' in c && c.tag === tag) as FakeElement;
const rowsOf = (table: FakeElement): FakeElement[] => section(table, 'tbody').children as FakeElement[];
const cell = (row: FakeElement, index: number): string => ((row.children[index] as FakeElement).children[0] as { data: string }).data;

/** What a scroll to `top` in a view `height` px high does (the stand-in has no layout, so rows are the estimated 22 px). */
function scrollTo(scroller: FakeElement & Record<string, unknown>, top: number, height: number): void {
  scroller.scrollTop = top;
  scroller.clientHeight = height;
  for (const listener of scroller.listeners.get('scroll') ?? []) listener();
}

describe('the result table over every row', () => {
  const rows: ExactJson[] = Array.from({ length: ROWS }, (_, i) => ({ OrderNo: `A-${100_000 + i}`, Total: ROWS - i }));

  test('a 50,000-row list is open and builds only the first rows, saying how many there are', () => {
    const { document, table } = mounted(rows);
    assert.equal(rowsOf(table).length, UNMEASURED_ROWS + OVERSCAN);
    assert.ok(document.elements.length < 500, `${document.elements.length} elements`);
    assert.equal(table.attributes.get('aria-rowcount'), String(ROWS + 1), 'the header row and every row');
    assert.deepEqual(rowsOf(table).slice(0, 2).map((r) => r.attributes.get('aria-rowindex')), ['2', '3']);
    assert.ok(!document.texts.some((t) => /Showing the first/.test(t.data)), 'no row is left out');
  });

  test('scrolled to the end, the last rows are built and the spacers stand for the rest', () => {
    const { scroller, table, document } = mounted(rows);
    scrollTo(scroller, ROWS * 22, 440);
    const built = rowsOf(table);
    const last = built[built.length - 1] as FakeElement;
    assert.equal(cell(last, 0), String(ROWS - 1));
    assert.equal(cell(last, 1), `A-${100_000 + ROWS - 1}`);
    assert.equal(last.attributes.get('aria-rowindex'), String(ROWS + 1));
    assert.equal(built.length, 20 + OVERSCAN);
    const [before, , after] = scroller.children as FakeElement[];
    assert.equal(before?.style.height, `${(ROWS - 20 - OVERSCAN) * 22}px`);
    assert.equal(after?.style.height, '0px');
    // Back to the middle: row 31,204 is there.
    scrollTo(scroller, 31_204 * 22, 440);
    assert.ok(rowsOf(table).some((r) => cell(r, 1) === 'A-131204' && r.attributes.get('aria-rowindex') === '31206'));
    assert.ok(document.elements.filter((e) => e.tag === 'tr').length < 200, 'rows scrolled out are not kept');
  });

  test('scrolling reuses the row elements: no element is made, the rows still in view stay, each row shows its own cells', () => {
    const { scroller, table, document } = mounted(rows);
    scrollTo(scroller, 0, 440);
    const made = document.elements.length;
    const texts = document.texts.length;
    const check = (first: number): void => {
      const built = rowsOf(table);
      built.forEach((row, i) => {
        const at = first + i;
        assert.equal(row.attributes.get('aria-rowindex'), String(at + 2));
        assert.deepEqual([cell(row, 0), cell(row, 1), cell(row, 2)], [String(at), `A-${100_000 + at}`, String(ROWS - at)]);
      });
    };
    // Three rows down: the rows still in view are the same elements, in the same order.
    const before = rowsOf(table).slice();
    scrollTo(scroller, 3 * 22, 440);
    check(0);
    scrollTo(scroller, 13 * 22, 440);
    check(3);
    assert.deepEqual(rowsOf(table).slice(0, before.length - 3), before.slice(3), 'rows still in view are kept, not made again');
    // A jump, the end, back up row by row, the top: the same elements throughout.
    for (const top of [25_000, ROWS - 20, ROWS - 21, ROWS - 25, 17, 16, 0]) {
      scrollTo(scroller, top * 22, 440);
      check(Math.max(0, Math.min(top, ROWS - 20) - OVERSCAN));
    }
    assert.equal(document.elements.length, made, 'no element made while scrolling');
    assert.equal(document.texts.length, texts, 'no text node made while scrolling');
    assert.ok(rowsOf(table).every((row) => row.parentNode === section(table, 'tbody')));
  });

  test('a text selection stays while its rows are in view, and is cleared when a row holding it shows another row', () => {
    const { scroller, table, document } = mounted(rows);
    scrollTo(scroller, 0, 440);
    const textOf = (at: number, column: number): FakeText => ((rowsOf(table).find((r) => r.attributes.get('aria-rowindex') === String(at + 2)) as FakeElement).children[column] as FakeElement).children[0] as FakeText;
    document.selection.anchorNode = textOf(5, 1);
    document.selection.focusNode = textOf(7, 2);
    scrollTo(scroller, 15 * 22, 440);
    assert.equal(document.selection.anchorNode, textOf(5, 1), 'row 5 is still in the body (the overscan): the selection stays');
    assert.equal((document.selection.anchorNode as FakeText).data, 'A-100005');
    scrollTo(scroller, 16 * 22, 440);
    assert.equal(document.selection.rangeCount, 0, 'row 5 was reused for another row: the selection is gone, not moved onto other text');
    // A jump and a sort reuse every row in place.
    document.selection.anchorNode = textOf(20, 1);
    document.selection.focusNode = textOf(21, 1);
    scrollTo(scroller, 30_000 * 22, 440);
    assert.equal(document.selection.rangeCount, 0);
    document.selection.anchorNode = textOf(30_000, 1);
    document.selection.focusNode = textOf(30_001, 1);
    click((section(table, 'thead').children[0] as FakeElement).children[2] as FakeElement);
    assert.equal(document.selection.rangeCount, 0);
  });

  test('a reused row takes the tooltip and class of the row it shows now, and loses those it no longer has', () => {
    const mixed: ExactJson[] = Array.from({ length: 200 }, (_, i) => ({ Note: i % 2 ? 'short' : 'y'.repeat(60), Amount: i % 2 ? 'n/a' : i }));
    const { scroller, table } = mounted(mixed);
    scrollTo(scroller, 0, 440);
    for (const top of [1, 2, 3, 100, 57]) {
      scrollTo(scroller, top * 22, 440);
      for (const row of rowsOf(table)) {
        const at = Number(row.attributes.get('aria-rowindex')) - 2;
        const [, note, amount] = row.children as FakeElement[];
        assert.equal(note?.attributes.get('title'), at % 2 ? undefined : 'y'.repeat(60), `row ${at}'s tooltip`);
        assert.equal(amount?.className, at % 2 ? '' : 'number', `row ${at}'s class`);
      }
    }
  });

  test('sorting orders every row, not only those built; the view keeps its place', () => {
    const { scroller, table } = mounted(rows);
    const header = (section(table, 'thead').children[0] as FakeElement).children[2] as FakeElement;
    click(header);
    assert.deepEqual(rowsOf(table).slice(0, 2).map((r) => cell(r, 2)), ['1', '2'], 'the smallest totals come from the end of the answer');
    assert.equal(cell(rowsOf(table)[0] as FakeElement, 0), String(ROWS - 1), 'the row number is its place in the answer');
    scrollTo(scroller, ROWS * 22, 440);
    const built = rowsOf(table);
    assert.equal(cell(built[built.length - 1] as FakeElement, 2), String(ROWS));
  });

  test('columns beyond the cap are left out with a note; a long cell is cut, whole in its tooltip', () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_COLUMNS + 5 }, (_, i) => [`c${i}`, i === 0 ? 'x'.repeat(300) : i]));
    const { document, table } = mounted([wide, null, 'not a row' as ExactJson]);
    assert.ok(document.texts.some((t) => t.data === `Showing ${MAX_COLUMNS} of ${MAX_COLUMNS + 5} columns.`));
    const first = rowsOf(table)[0] as FakeElement;
    assert.equal(first.children.length, MAX_COLUMNS + 1);
    assert.equal((first.children[1] as FakeElement).attributes.get('title'), `${'x'.repeat(200)}…`);
    assert.equal((first.children[2] as FakeElement).attributes.get('title'), undefined, 'a cell that fits has no tooltip');
    assert.deepEqual(rowsOf(table).slice(1).map((r) => cell(r, 1)), ['', ''], 'rows that are no objects are empty rows');
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { movedRow, OVERSCAN, rowWindow, scrollToShow, UNMEASURED_ROWS } from '../../../client/src/webview/rowWindow';

describe('which rows of a long table are built', () => {
  const H = 20;

  test('no rows: nothing built, nothing to stand for', () => {
    assert.deepEqual(rowWindow(0, H, 0, 400), { first: 0, last: 0, before: 0, after: 0 });
    assert.deepEqual(rowWindow(0, H, 5000, 400), { first: 0, last: 0, before: 0, after: 0 });
  });

  test('one row: it is built, wherever the scroller says it is', () => {
    assert.deepEqual(rowWindow(1, H, 0, 400), { first: 0, last: 1, before: 0, after: 0 });
    assert.deepEqual(rowWindow(1, H, 999, 400), { first: 0, last: 1, before: 0, after: 0 });
  });

  test('exactly one screen of rows: all of them, no spacer', () => {
    assert.deepEqual(rowWindow(20, H, 0, 400), { first: 0, last: 20, before: 0, after: 0 });
    // Nothing to scroll: a position the browser might still report is taken as the top.
    assert.deepEqual(rowWindow(20, H, 35, 400), { first: 0, last: 20, before: 0, after: 0 });
  });

  test('at the top of 50,000 rows: the screen and the overscan below, the rest stood for by the spacer', () => {
    const w = rowWindow(50_000, H, 0, 400);
    assert.deepEqual(w, { first: 0, last: 20 + OVERSCAN, before: 0, after: (50_000 - 20 - OVERSCAN) * H });
    assert.equal(w.before + (w.last - w.first) * H + w.after, 50_000 * H, 'the scroll height stands for every row');
  });

  test('in the middle: the rows in view and the overscan on both sides', () => {
    const top = 31_204 * H + 7;
    const w = rowWindow(50_000, H, top, 400);
    assert.equal(w.first, 31_204 - OVERSCAN);
    assert.equal(w.last, Math.ceil((top + 400) / H) + OVERSCAN);
    assert.ok(w.first <= 31_204 && w.last >= 31_204 + 20, 'every row in view is built');
    assert.equal(w.before, w.first * H);
    assert.equal(w.before + (w.last - w.first) * H + w.after, 50_000 * H);
  });

  test('at the end, and past it: the last rows, the last one included', () => {
    const end = 50_000 * H - 400;
    const atEnd = rowWindow(50_000, H, end, 400);
    assert.equal(atEnd.last, 50_000);
    assert.equal(atEnd.after, 0);
    assert.equal(atEnd.first, 50_000 - 20 - OVERSCAN);
    assert.deepEqual(rowWindow(50_000, H, end + 1e9, 400), atEnd, 'past the end is the end');
    assert.deepEqual(rowWindow(50_000, H, Number.POSITIVE_INFINITY, 400), rowWindow(50_000, H, 0, 400), 'a position that is no number is the top');
    assert.deepEqual(rowWindow(50_000, H, -500, 400), rowWindow(50_000, H, 0, 400), 'above the top is the top');
  });

  test('a resize: a taller view builds more rows, a shorter one fewer; not laid out yet, about a screenful', () => {
    const small = rowWindow(50_000, H, 10_000 * H, 200);
    const tall = rowWindow(50_000, H, 10_000 * H, 1000);
    assert.equal(small.first, tall.first);
    assert.equal(tall.last - small.last, 40);
    assert.deepEqual(rowWindow(50_000, H, 0, 0), { first: 0, last: UNMEASURED_ROWS + OVERSCAN, before: 0, after: (50_000 - UNMEASURED_ROWS - OVERSCAN) * H });
    // Grown while at the end: the position the smaller view had is past the end now, and the end stays the end.
    const grown = rowWindow(50_000, H, 50_000 * H - 200, 1000);
    assert.equal(grown.last, 50_000);
    assert.equal(grown.first, 50_000 - 50 - OVERSCAN);
  });

  test('a row height not known: the first rows', () => {
    assert.deepEqual(rowWindow(50_000, 0, 123_456, 400), { first: 0, last: UNMEASURED_ROWS, before: 0, after: 0 });
  });
});

describe('moving the focused row with the keyboard', () => {
  test('arrows step one row, pages a screenful, Home and End to the first and last, never past either', () => {
    assert.equal(movedRow('ArrowDown', 5, 50_000, 20), 6);
    assert.equal(movedRow('ArrowUp', 5, 50_000, 20), 4);
    assert.equal(movedRow('ArrowUp', 0, 50_000, 20), 0);
    assert.equal(movedRow('ArrowDown', 49_999, 50_000, 20), 49_999);
    assert.equal(movedRow('PageDown', 49_990, 50_000, 20), 49_999);
    assert.equal(movedRow('PageUp', 30, 50_000, 20.7), 10);
    assert.equal(movedRow('PageDown', 0, 50_000, 0), 1, 'a page is at least a row');
    assert.equal(movedRow('Home', 31_204, 50_000, 20), 0);
    assert.equal(movedRow('End', 0, 50_000, 20), 49_999);
    assert.equal(movedRow('a', 3, 50_000, 20), undefined);
    assert.equal(movedRow('End', 0, 0, 20), undefined, 'no rows, nowhere to go');
  });

  test('the scroll position that shows a row moves only as far as needed', () => {
    assert.equal(scrollToShow(10, 20, 0, 400), 0, 'in view: stays');
    assert.equal(scrollToShow(20, 20, 0, 400), 20, 'below: its bottom at the view bottom');
    assert.equal(scrollToShow(5, 20, 400, 400), 100, 'above: its top at the view top');
    assert.equal(scrollToShow(49_999, 20, 0, 400), 49_999 * 20 + 20 - 400);
  });
});

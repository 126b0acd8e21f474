// Arrays of objects (an OData `value`, a REST list) as tables a click on a column header sorts. Cells are text.
import { compareDecimals, isJsonObject, JsonNumber, numberText, stringifyExact, visibleText, type ExactJson } from '../../../server/src/core';
import { el, type ElementNode, type ViewNode } from './viewNode';
import { attachRowWindow, rowsInView } from './windowedRows';

type Json = ExactJson;

/** Columns shown; more are left out with a note (the tree and the raw view hold everything). */
export const MAX_COLUMNS = 30;
/** A cell shows at most this many characters (its tooltip too); the tree holds the whole value. */
const CELL_TEXT = 200;
/** Column widths (characters) are taken from the header and this many rows, within these bounds. */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 4;
const MAX_WIDTH = 40;

function isNumber(value: Json | undefined): value is number | JsonNumber {
  return typeof value === 'number' || value instanceof JsonNumber;
}

/** Whether a value is a list of rows: a non-empty array whose elements are objects (nulls allowed). */
function isRows(value: Json | undefined): value is Json[] {
  return Array.isArray(value) && value.some(isJsonObject) && value.every((v) => isJsonObject(v) || v === null);
}

/** The lists of rows in an answer: the answer itself, or its top-level properties (`value`, `items`, ...). */
export function rowLists(data: Json | undefined): { title: string; rows: Json[] }[] {
  if (isRows(data)) return [{ title: 'Data', rows: data }];
  if (!isJsonObject(data)) return [];
  return Object.entries(data).filter(([, v]) => isRows(v)).map(([key, v]) => ({ title: key, rows: v as Json[] }));
}

/** Text sorts as people read numbers in it (A-2 before A-10); one collator, as a sort calls it a million times. */
const collator = new Intl.Collator(undefined, { numeric: true });

function cellText(value: Json | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : stringifyExact(value);
  return text.length > CELL_TEXT ? `${text.slice(0, CELL_TEXT)}…` : text;
}

/** Sorting: numbers by exact value, then text by locale (numeric), missing and null last. */
export function compareCells(a: Json | undefined, b: Json | undefined): number {
  const empty = (v: Json | undefined): boolean => v === undefined || v === null;
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  // Two plain numbers are exactly their doubles; a kept one is compared by its digits.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (isNumber(a) && isNumber(b)) return compareDecimals(numberText(a), numberText(b));
  return collator.compare(cellText(a), cellText(b));
}

/** The columns of a list: every property of its rows, in the order first seen. */
export function columnsOf(rows: readonly Json[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) {
    if (!isJsonObject(row)) continue;
    for (const key of Object.keys(row)) columns.add(key);
  }
  return [...columns];
}

/** A column's width in characters: its header's and its first rows' longest text, within bounds. */
function widthOf(column: string, rows: readonly Json[]): number {
  let width = column.length + 2;
  for (const row of rows.slice(0, WIDTH_SAMPLE)) {
    if (isJsonObject(row)) width = Math.max(width, cellText(row[column]).length);
  }
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width));
}

/** The positions of the rows in a column's order: empty cells last whichever way, ties in the answer's order. */
function sortedOrder(rows: readonly Json[], column: string, ascending: boolean): number[] {
  const cells = rows.map((row) => (isJsonObject(row) ? row[column] : undefined));
  // Reading a number's digits as a double never reverses two numbers, only ties them: the digits decide only then.
  const near = cells.map((cell) => (isNumber(cell) ? Number(numberText(cell)) : Number.NaN));
  return cells.map((_cell, index) => index).sort((a, b) => {
    const x = cells[a];
    const y = cells[b];
    if (x === undefined || x === null || y === undefined || y === null) return compareCells(x, y) || a - b;
    const p = near[a] ?? Number.NaN;
    const q = near[b] ?? Number.NaN;
    const order = p < q ? -1 : p > q ? 1 : compareCells(x, y);
    return order * (ascending ? 1 : -1) || a - b;
  });
}

/**
 * One sortable table over every row; its sort state lives with it, so sorting redraws it and nothing else. Only the
 * rows in view are built (windowedRows.ts): each row is one line, a longer cell cut with an ellipsis and shown whole
 * in its tooltip.
 */
export function sortableTable(title: string, rows: readonly Json[]): ElementNode {
  const allColumns = columnsOf(rows);
  const columns = allColumns.slice(0, MAX_COLUMNS);
  const widths = columns.map((column) => widthOf(column, rows));
  const numberWidth = Math.max(MIN_WIDTH, String(rows.length).length + 1);
  const tableWidth = `calc(${numberWidth + widths.reduce((sum, w) => sum + w, 0)}ch + ${columns.length + 1}em + ${columns.length + 2}px)`;
  let sort: { column: string; ascending: boolean; order: number[] } | undefined;
  const inView = rowsInView(rows.length);
  const notes = allColumns.length > MAX_COLUMNS ? [`Showing ${MAX_COLUMNS} of ${allColumns.length} columns.`] : [];

  const rowAt = (position: number): ElementNode => {
    const index = sort ? (sort.order[position] ?? position) : position;
    const value = rows[index];
    const row = isJsonObject(value) ? value : {};
    return el('tr', undefined, [
      el('td', 'row-number', [String(index)]),
      ...columns.map((c, i) => {
        const shown = cellText(row[c]);
        return el('td', isNumber(row[c]) ? 'number' : undefined, [shown], shown.length > (widths[i] ?? 0) ? { attributes: { title: visibleText(shown) } } : {});
      }),
    ], { attributes: { 'aria-rowindex': String(position + 2), tabindex: '-1' } });
  };

  const body = (redraw: () => void): ViewNode[] => {
    const header = el('tr', undefined, [
      el('th', 'row-number', ['#'], { attributes: { scope: 'col' }, style: { width: `${numberWidth}ch` } }),
      ...columns.map((column, i) => {
        const state = sort?.column === column ? (sort.ascending ? 'ascending' : 'descending') : 'none';
        return el('th', 'sortable', [column, state === 'none' ? '' : state === 'ascending' ? ' ▲' : ' ▼'], {
          attributes: { scope: 'col', 'aria-sort': state, title: `Sort by ${column}` },
          style: { width: `${widths[i] ?? MIN_WIDTH}ch` },
          onActivate: () => {
            const ascending = !(sort?.column === column && sort.ascending);
            sort = { column, ascending, order: sortedOrder(rows, column, ascending) };
            redraw();
          },
        });
      }),
    ], { attributes: { 'aria-rowindex': '1' } });
    return [
      el('thead', undefined, [header]),
      el('tbody', undefined, [], {
        dynamic: (redrawRows) => {
          inView.redraw = redrawRows;
          return Array.from({ length: inView.window.last - inView.window.first }, (_, i) => rowAt(inView.window.first + i));
        },
      }),
    ];
  };

  return el('details', 'table-view', [el('summary', undefined, [`${title} — ${rows.length} row${rows.length === 1 ? '' : 's'}`])], {
    open: true,
    lazyChildren: () => [
      ...notes.map((n) => el('div', 'table-note', [n])),
      el('div', 'table-scroll', [
        el('div', 'rows-before'),
        el('table', 'rows', [], {
          attributes: { 'aria-label': `${title} as a table`, 'aria-rowcount': String(rows.length + 1), 'aria-colcount': String(columns.length + 1) },
          style: { width: tableWidth },
          dynamic: body,
        }),
        el('div', 'rows-after'),
      ], { attributes: { tabindex: '0', role: 'region', 'aria-label': `${title}: ${rows.length} rows; arrow keys move between rows` }, attach: (scroller, parts) => attachRowWindow(inView, scroller, parts) }),
    ],
  });
}

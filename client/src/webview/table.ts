// Arrays of objects (an OData `value`, a REST list) as tables a click on a column header sorts. Cells are text.
import { compareDecimals, isJsonObject, JsonNumber, numberText, stringifyExact, type ExactJson } from '../../../server/src/core';
import { el, type ElementNode, type ViewNode } from './viewNode';

type Json = ExactJson;

/** Rows and columns shown; more are left out with a note (the tree and the raw view hold everything). */
export const MAX_ROWS = 500;
/** Longer lists start folded: a huge answer costs nothing until its table is opened. */
export const OPEN_ROWS = 100;
export const MAX_COLUMNS = 30;
const CELL_TEXT = 200;

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
  return cellText(a).localeCompare(cellText(b), undefined, { numeric: true });
}

/** The columns of a list: every property of its rows, in the order first seen. */
export function columnsOf(rows: readonly Json[]): string[] {
  const columns: string[] = [];
  for (const row of rows.slice(0, MAX_ROWS)) {
    if (!isJsonObject(row)) continue;
    for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  }
  return columns;
}

/** One sortable table; its sort state lives with it, so sorting redraws it and nothing else. */
export function sortableTable(title: string, rows: readonly Json[]): ElementNode {
  const allColumns = columnsOf(rows);
  const columns = allColumns.slice(0, MAX_COLUMNS);
  let sort: { column: string; ascending: boolean } | undefined;
  const notes: string[] = [];
  if (rows.length > MAX_ROWS) notes.push(`Showing the first ${MAX_ROWS} of ${rows.length} rows.`);
  if (allColumns.length > MAX_COLUMNS) notes.push(`Showing ${MAX_COLUMNS} of ${allColumns.length} columns.`);
  const body = (redraw: () => void): ViewNode[] => {
    const shown = rows.slice(0, MAX_ROWS).map((row, index) => ({ row: isJsonObject(row) ? row : {}, index }));
    if (sort) {
      const { column, ascending } = sort;
      shown.sort((a, b) => {
        const x = a.row[column];
        const y = b.row[column];
        // Empty cells stay last whichever way the column is sorted.
        if (x === undefined || x === null || y === undefined || y === null) return compareCells(x, y) || a.index - b.index;
        return compareCells(x, y) * (ascending ? 1 : -1) || a.index - b.index;
      });
    }
    const header = el('tr', undefined, [
      el('th', 'row-number', ['#'], { attributes: { scope: 'col' } }),
      ...columns.map((column) => {
        const state = sort?.column === column ? (sort.ascending ? 'ascending' : 'descending') : 'none';
        return el('th', 'sortable', [column, state === 'none' ? '' : state === 'ascending' ? ' ▲' : ' ▼'], {
          attributes: { scope: 'col', 'aria-sort': state, title: `Sort by ${column}` },
          onActivate: () => {
            sort = sort?.column === column && sort.ascending ? { column, ascending: false } : { column, ascending: true };
            redraw();
          },
        });
      }),
    ]);
    return [
      el('thead', undefined, [header]),
      el('tbody', undefined, shown.map(({ row, index }) => el('tr', undefined, [el('td', 'row-number', [String(index)]), ...columns.map((c) => el('td', isNumber(row[c]) ? 'number' : undefined, [cellText(row[c])]))]))),
    ];
  };
  return el('details', 'table-view', [el('summary', undefined, [`${title} — ${rows.length} row${rows.length === 1 ? '' : 's'}`])], {
    open: rows.length <= OPEN_ROWS,
    lazyChildren: () => [
      ...notes.map((n) => el('div', 'table-note', [n])),
      el('table', 'rows', [], { attributes: { 'aria-label': `${title} as a table` }, dynamic: body }),
    ],
  });
}

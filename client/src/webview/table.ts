// Arrays of objects (an OData `value`, a REST list) as tables a click on a column header sorts. Cells are text.
import { isJsonObject, visibleText, type ExactJson } from '../../../server/src/core';
import { cellText, isNumber } from './cellText';
import { rowPool, setCellClass, setCellText, setCellTitle, setRowAttribute, type PooledRow } from './rowPool';
import { columnSorter } from './sortOrder';
import type { MountTarget } from './mount';
import { el, type ElementNode } from './viewNode';
import { attachRowWindow, rowsInView } from './windowedRows';

type Json = ExactJson;

/** Columns shown; more are left out with a note (the tree and the raw view hold everything). */
export const MAX_COLUMNS = 30;
/** Column widths (characters) are taken from the header and this many rows, within these bounds. */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 4;
const MAX_WIDTH = 40;

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

/**
 * One sortable table over every row; its sort state lives with it, so sorting redraws its header and rewrites the
 * rows shown, nothing else. Only the rows in view are in the page (windowedRows.ts), in reused elements
 * (rowPool.ts): each row is one line, a longer cell cut with an ellipsis and shown whole in its tooltip.
 */
export function sortableTable(title: string, rows: readonly Json[]): ElementNode {
  const allColumns = columnsOf(rows);
  const columns = allColumns.slice(0, MAX_COLUMNS);
  const widths = columns.map((column) => widthOf(column, rows));
  const numberWidth = Math.max(MIN_WIDTH, String(rows.length).length + 1);
  const tableWidth = `calc(${numberWidth + widths.reduce((sum, w) => sum + w, 0)}ch + ${columns.length + 1}em + ${columns.length + 2}px)`;
  const sorters = new Map<string, (ascending: boolean) => number[]>();
  let sort: { column: string; ascending: boolean; order: number[] } | undefined;
  const inView = rowsInView(rows.length);
  const notes = allColumns.length > MAX_COLUMNS ? [`Showing ${MAX_COLUMNS} of ${allColumns.length} columns.`] : [];

  /** Writes the row at `position` (in the shown order) into a pooled row, touching only what differs. */
  const fill = (row: PooledRow, position: number): void => {
    const index = sort ? (sort.order[position] ?? position) : position;
    const value = rows[index];
    const record = isJsonObject(value) ? value : undefined;
    setRowAttribute(row, 'aria-rowindex', String(position + 2));
    setCellText(row, 0, String(index));
    for (let i = 0; i < columns.length; i++) {
      const cell = record?.[columns[i] as string];
      const shown = cellText(cell);
      const seen = visibleText(shown);
      setCellText(row, i + 1, seen);
      setCellClass(row, i + 1, isNumber(cell) ? 'number' : '');
      setCellTitle(row, i + 1, shown.length > (widths[i] ?? 0) ? seen : undefined);
    }
  };

  let refillRows: (() => void) | undefined;
  const header = (redrawHeader: () => void): ElementNode[] => [el('tr', undefined, [
    el('th', 'row-number', ['#'], { attributes: { scope: 'col' }, style: { width: `${numberWidth}ch` } }),
    ...columns.map((column, i) => {
      const state = sort?.column === column ? (sort.ascending ? 'ascending' : 'descending') : 'none';
      return el('th', 'sortable', [column, state === 'none' ? '' : state === 'ascending' ? ' ▲' : ' ▼'], {
        attributes: { scope: 'col', 'aria-sort': state, title: `Sort by ${column}` },
        style: { width: `${widths[i] ?? MIN_WIDTH}ch` },
        onActivate: () => {
          const ascending = !(sort?.column === column && sort.ascending);
          const sorter = sorters.get(column) ?? columnSorter(rows, column);
          sorters.set(column, sorter);
          sort = { column, ascending, order: sorter(ascending) };
          redrawHeader();
          refillRows?.();
        },
      });
    }),
  ], { attributes: { 'aria-rowindex': '1' } })];

  // The body's rows are pooled (rowPool.ts): a scroll step rewrites the rows that came into view in place.
  const attachBody = (body: HTMLElement, _children: readonly Node[], document: MountTarget): void => {
    const pool = rowPool(body, document, columns.length + 1, 'row-number', fill);
    inView.redraw = () => pool.show(inView.window.first, inView.window.last, false);
    refillRows = () => pool.show(inView.window.first, inView.window.last, true);
    inView.redraw();
  };

  return el('details', 'table-view', [el('summary', undefined, [`${title} — ${rows.length} row${rows.length === 1 ? '' : 's'}`])], {
    open: true,
    lazyChildren: () => [
      ...notes.map((n) => el('div', 'table-note', [n])),
      el('div', 'table-scroll', [
        el('div', 'rows-before'),
        el('table', 'rows', [
          el('thead', undefined, [], { dynamic: header }),
          el('tbody', undefined, [], { attach: attachBody }),
        ], {
          attributes: { 'aria-label': `${title} as a table`, 'aria-rowcount': String(rows.length + 1), 'aria-colcount': String(columns.length + 1) },
          style: { width: tableWidth },
        }),
        el('div', 'rows-after'),
      ], { attributes: { tabindex: '0', role: 'region', 'aria-label': `${title}: ${rows.length} rows; arrow keys move between rows` }, attach: (scroller, parts) => attachRowWindow(inView, scroller, parts) }),
    ],
  });
}

// The rows of a long table's body: a set of row elements refilled in place as the rows in view change. A scroll
// step moves the rows that left the view to the other end and rewrites their text; it creates no element and
// leaves the rows still in view untouched, so the browser restyles and repaints only what changed.
import type { MountTarget } from './mount';
import type { SafeAttribute } from './viewNode';

/** One row element and its cells, with what was last written into them (compared before writing again). */
export interface PooledRow {
  readonly element: HTMLElement;
  readonly cells: readonly HTMLElement[];
  readonly texts: readonly Text[];
  readonly titles: (string | undefined)[];
  /** The row position this element shows, -1 before it is filled. */
  position: number;
}

/** Writes the row at `position` into `row` with the setters below. */
export type FillRow = (row: PooledRow, position: number) => void;

/** Sets a cell's text if it differs. */
export function setCellText(row: PooledRow, cell: number, value: string): void {
  const node = row.texts[cell];
  if (node && node.data !== value) node.data = value;
}

/** Sets a cell's class if it differs. */
export function setCellClass(row: PooledRow, cell: number, className: string): void {
  const element = row.cells[cell];
  if (element && element.className !== className) element.className = className;
}

/** Sets a cell's tooltip if it differs; undefined removes it. */
export function setCellTitle(row: PooledRow, cell: number, title: string | undefined): void {
  const element = row.cells[cell];
  if (!element || row.titles[cell] === title) return;
  row.titles[cell] = title;
  if (title === undefined) element.removeAttribute('title');
  else element.setAttribute('title' satisfies SafeAttribute, title);
}

/** Sets an attribute of the row element itself. */
export function setRowAttribute(row: PooledRow, name: SafeAttribute, value: string): void {
  if (row.element.getAttribute(name) !== value) row.element.setAttribute(name, value);
}

export interface RowPool {
  /**
   * Shows rows first..last-1 in order. Rows already showing one of them keep it (rewritten only with `refill`, as
   * after sorting); the others are reused for the rows that came into view.
   */
  show(first: number, last: number, refill: boolean): void;
}

/**
 * A pool of rows of `cellCount` cells in `body`. Cell 0 gets the class `firstCellClass` once; the others' classes,
 * text and tooltips are written by `fill`.
 */
export function rowPool(body: HTMLElement, document: MountTarget, cellCount: number, firstCellClass: string, fill: FillRow): RowPool {
  let shown: PooledRow[] = [];
  let next: PooledRow[] = [];
  const spare: PooledRow[] = [];
  let first = 0;

  const create = (): PooledRow => {
    const element = document.createElement('tr');
    element.setAttribute('tabindex' satisfies SafeAttribute, '-1');
    const cells: HTMLElement[] = [];
    const texts: Text[] = [];
    for (let i = 0; i < cellCount; i++) {
      const cell = document.createElement('td');
      if (i === 0) cell.className = firstCellClass;
      const text = document.createTextNode('');
      cell.appendChild(text);
      element.appendChild(cell);
      cells.push(cell);
      texts.push(text);
    }
    return { element, cells, texts, titles: new Array<string | undefined>(cellCount).fill(undefined), position: -1 };
  };

  const take = (position: number): PooledRow => {
    const row = spare.pop() ?? create();
    row.position = position;
    fill(row, position);
    return row;
  };

  /**
   * The rows holding either end of the page's text selection, if it ends in this body. A selection stays while its
   * rows are in view; a row that is reused for another row would carry it onto text the user did not select.
   */
  const selectedRows = (): { selection: Selection; anchor: Node | null; focus: Node | null } | undefined => {
    const selection = body.ownerDocument?.getSelection?.();
    if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return undefined;
    const rowOf = (node: Node | null): Node | null => {
      for (let at = node; at; at = at.parentNode) if (at.parentNode === body) return at;
      return null;
    };
    const anchor = rowOf(selection.anchorNode);
    const focus = rowOf(selection.focusNode);
    return anchor || focus ? { selection, anchor, focus } : undefined;
  };

  /** Clears the selection if one of `rows` (about to show other rows) holds an end of it. */
  const releaseSelection = (rows: readonly PooledRow[], from: number, to: number): void => {
    const selected = selectedRows();
    if (!selected) return;
    for (let i = from; i < to; i++) {
      const element = rows[i]?.element;
      if (element && (element === selected.anchor || element === selected.focus)) {
        selected.selection.removeAllRanges();
        return;
      }
    }
  };

  /** Spare rows still in the body leave it; the rows in `next` are the ones shown from now on. */
  const finish = (from: number): void => {
    for (const row of spare) {
      if (row.element.parentNode === body) body.removeChild(row.element);
      row.position = -1;
    }
    const previous = shown;
    shown = next;
    next = previous;
    first = from;
  };

  const show = (from: number, to: number, refill: boolean): void => {
    const last = Math.max(from, to);
    const keepFrom = Math.max(from, first);
    const keepTo = Math.min(last, first + shown.length);
    if (keepFrom >= keepTo || refill) releaseSelection(shown, 0, shown.length);
    if (keepFrom >= keepTo) {
      // A jump: no row stays in view. Each row element shows the row at its place, where it is in the body; moving
      // them all would make the browser restyle every one.
      next.length = 0;
      for (let position = from; position < last; position++) {
        const row = shown[position - from];
        if (row) {
          row.position = position;
          fill(row, position);
          next.push(row);
        } else {
          const made = take(position);
          body.appendChild(made.element);
          next.push(made);
        }
      }
      for (let i = last - from; i < shown.length; i++) spare.push(shown[i] as PooledRow);
      finish(from);
      return;
    }
    // Rows leaving the view become spare first: the rows coming in are made of them. They stay in the body until
    // moved (appendChild and insertBefore move a node) or, if not needed, removed at the end.
    releaseSelection(shown, 0, keepFrom - first);
    releaseSelection(shown, keepTo - first, shown.length);
    for (const row of shown) {
      if (row.position < keepFrom || row.position >= keepTo) spare.push(row);
    }
    next.length = 0;
    const anchor = shown[keepFrom - first]?.element ?? null;
    for (let position = from; position < keepFrom; position++) {
      const row = take(position);
      body.insertBefore(row.element, anchor);
      next.push(row);
    }
    for (let position = keepFrom; position < keepTo; position++) {
      const row = shown[position - first] as PooledRow;
      if (refill) fill(row, position);
      next.push(row);
    }
    for (let position = keepTo; position < last; position++) {
      const row = take(position);
      body.appendChild(row.element);
      next.push(row);
    }
    finish(from);
  };

  return { show };
}

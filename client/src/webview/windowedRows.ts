// A table whose body holds only the rows in view: the table sits in its own scroller between two spacers standing
// for the rows left out, so the scroll bar measures every row. Scrolling, a resize or a key moving the focused row
// moves the rows in view (rowWindow.ts) and has the body show them; rows have one height (cells on one line),
// measured once laid out.
import { movedRow, rowWindow, scrollToShow, UNMEASURED_ROWS, type RowWindow } from './rowWindow';

/** A row's height (px) until one is measured. */
const ESTIMATED_ROW_HEIGHT = 22;

/** The rows a table's body shows now, and how to show others; shared by the body (which reads) and the scroller (which moves it). */
export interface RowsInView {
  readonly count: number;
  window: RowWindow;
  /** Has the body show the rows of `window`; set when the body is built. */
  redraw?: () => void;
}

/** The rows in view of a table of `count` rows, before anything is laid out. */
export function rowsInView(count: number): RowsInView {
  return { count, window: rowWindow(count, ESTIMATED_ROW_HEIGHT, 0, UNMEASURED_ROWS * ESTIMATED_ROW_HEIGHT) };
}

/** The position of the row an element is in (its aria-rowindex: 1 is the header row), or undefined. */
function rowPosition(target: EventTarget | null): number | undefined {
  const row = (target as Element | null)?.closest?.('tr[aria-rowindex]');
  const index = Number(row?.getAttribute('aria-rowindex'));
  return Number.isInteger(index) && index >= 2 ? index - 2 : undefined;
}

/**
 * Makes `scroller` (holding the before-spacer, the table and the after-spacer) show the rows in view. Works with
 * the parts of the DOM that exist: the tests' stand-in has no layout, so there the first rows stay.
 */
export function attachRowWindow(rows: RowsInView, scroller: HTMLElement, [before, table, after]: readonly Node[]): void {
  const spacerBefore = before as HTMLElement;
  const spacerAfter = after as HTMLElement;
  const tableElement = table as HTMLTableElement;
  let rowHeight = ESTIMATED_ROW_HEIGHT;
  /** The height the rows are seen through, read when a size changes (0 until laid out). */
  let viewHeight = 0;
  const body = (): HTMLTableSectionElement | undefined => tableElement.tBodies?.[0];
  const viewport = (): number => Math.max(0, (scroller.clientHeight ?? 0) - (tableElement.tHead?.offsetHeight ?? 0));
  /** The position of the focused row, if a row of this table has the focus. */
  const focusedRow = (): number | undefined => {
    const active = scroller.ownerDocument?.activeElement ?? null;
    return body()?.contains(active) === true ? rowPosition(active) : undefined;
  };
  const place = (): void => {
    spacerBefore.style.height = `${rows.window.before}px`;
    spacerAfter.style.height = `${rows.window.after}px`;
  };

  // Reads (the scroll position) come before writes (rows, spacers), so no step makes the browser lay out twice.
  const show = (force: boolean): void => {
    const next = rowWindow(rows.count, rowHeight, scroller.scrollTop ?? 0, viewHeight || viewport());
    const changed = force || next.first !== rows.window.first || next.last !== rows.window.last;
    const focused = changed ? focusedRow() : undefined;
    rows.window = next;
    // The rows and the spacers change together, before anything lays the page out: in between, the scroller would be
    // shorter or longer than all rows, and the browser would move its position to fit.
    if (changed) rows.redraw?.();
    place();
    // The focused row scrolled out and its element shows another row now (or left the page): the scroller takes
    // the focus, so the keys still work.
    if (focused !== undefined && focusedRow() !== focused) scroller.focus({ preventScroll: true });
  };

  /** Rows are one line each: the height of the rows built, divided by their number, is every row's. */
  const measure = (): void => {
    const built = rows.window.last - rows.window.first;
    const height = built > 0 ? body()?.getBoundingClientRect?.().height ?? 0 : 0;
    if (!(height > 0) || Math.abs(height / built - rowHeight) < 0.01) return;
    rowHeight = height / built;
    show(true);
  };

  const resized = (): void => {
    viewHeight = viewport();
    show(false);
    measure();
  };

  // Scrolling only moves the window; reading the rows' height would make the browser lay out the page inside the
  // step. The height is read when a size changes instead: the view's, or the table's (a font size or zoom). The
  // browser sends one scroll event a frame, while it draws the frame: the rows are moved there, not in a later
  // animation frame callback (which showed the rows a frame late: a jump to the end took 22 to 54 ms instead of 7 to 16).
  scroller.addEventListener('scroll', () => show(false), { passive: true });
  if (typeof ResizeObserver === 'function') {
    const sizes = new ResizeObserver(resized);
    sizes.observe(scroller);
    sizes.observe(tableElement);
  }
  scroller.addEventListener('keydown', (event: KeyboardEvent) => {
    const focused = rowPosition(event.target);
    // On the scroller itself the keys scroll it (the browser's Page Down, Home, End); the arrows step into the rows.
    const from = focused ?? (event.key === 'ArrowDown' || event.key === 'ArrowUp' ? Math.ceil((scroller.scrollTop ?? 0) / rowHeight) - (event.key === 'ArrowDown' ? 1 : -1) : undefined);
    if (from === undefined) return;
    const height = viewHeight || viewport();
    const target = movedRow(event.key, from, rows.count, height / rowHeight);
    if (target === undefined) return;
    event.preventDefault();
    scroller.scrollTop = scrollToShow(target, rowHeight, scroller.scrollTop, height);
    show(false);
    body()?.querySelector<HTMLElement>(`tr[aria-rowindex="${target + 2}"]`)?.focus({ preventScroll: true });
  });
  place();
}

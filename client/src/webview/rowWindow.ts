// Which rows of a long table are in the DOM: the rows in view and a few on either side. Pure arithmetic, so that
// every scroll position (the top, the end, past the end, a resize) can be tested without a browser.

/** Rows built beyond each edge of the view, so that a small scroll shows rows already there. */
export const OVERSCAN = 10;
/** Rows built when the view's height is not known yet (not laid out, or hidden): about a screenful. */
export const UNMEASURED_ROWS = 40;

/** The rows first..last-1 are built; `before` and `after` are the heights (px) standing for the rows left out. */
export interface RowWindow {
  first: number;
  last: number;
  before: number;
  after: number;
}

/**
 * The rows to build for a scroll position. `scrollTop` counts from the first row's top and `viewportHeight` is the
 * height the rows are seen through (the header row excluded); a position past the end is taken as the end.
 */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewportHeight: number, overscan = OVERSCAN): RowWindow {
  const rows = Math.max(0, Math.floor(count));
  if (rows === 0 || !(rowHeight > 0)) return { first: 0, last: Math.min(rows, UNMEASURED_ROWS), before: 0, after: 0 };
  const height = viewportHeight > 0 ? viewportHeight : UNMEASURED_ROWS * rowHeight;
  const top = Math.min(Math.max(0, Number.isFinite(scrollTop) ? scrollTop : 0), Math.max(0, rows * rowHeight - height));
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(rows, Math.ceil((top + height) / rowHeight) + overscan);
  return { first, last, before: first * rowHeight, after: (rows - last) * rowHeight };
}

/** Keys that move the focused row, and where each moves it; undefined for any other key. */
export function movedRow(key: string, focused: number, count: number, pageRows: number): number | undefined {
  if (count <= 0) return undefined;
  const page = Math.max(1, Math.floor(pageRows));
  const target = key === 'ArrowDown' ? focused + 1
    : key === 'ArrowUp' ? focused - 1
      : key === 'PageDown' ? focused + page
        : key === 'PageUp' ? focused - page
          : key === 'Home' ? 0
            : key === 'End' ? count - 1
              : undefined;
  return target === undefined ? undefined : Math.min(count - 1, Math.max(0, target));
}

/** The scroll position that shows a row whole, moving as little as possible from `scrollTop`. */
export function scrollToShow(row: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight);
  return scrollTop;
}

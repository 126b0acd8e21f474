// The order of a table's rows by one column: numbers by exact value, text as people read numbers in it (A-2 before
// A-10, by the page's locale), missing and null last whichever way, ties in the answer's order.
import { compareDecimals, isJsonObject, numberText, type ExactJson } from '../../../server/src/core';
import { cellText, isNumber } from './cellText';

/** One collator for every comparison: making one is far slower than comparing with it. */
const collator = new Intl.Collator(undefined, { numeric: true });

function isEmpty(value: ExactJson | undefined): value is undefined | null {
  return value === undefined || value === null;
}

/** Sorting: numbers by exact value, then text by locale (numeric), missing and null last. */
export function compareCells(a: ExactJson | undefined, b: ExactJson | undefined): number {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? 0 : isEmpty(a) ? 1 : -1;
  // Two plain numbers are exactly their doubles; a kept one is compared by its digits.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (isNumber(a) && isNumber(b)) return compareDecimals(numberText(a), numberText(b));
  return collator.compare(cellText(a), cellText(b));
}

/**
 * A key whose plain (code unit) order is the collator's for common text: lower case, and each run of digits as its
 * length and digits, so that 2 comes before 10. Only a guess: the order it gives is checked against the collator.
 */
function quickKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    return `0${String.fromCharCode(0x30 + digits.length)}${digits}`;
  });
}

/** A column's cells read once, for every sort by it. */
interface PreparedColumn {
  cells: (ExactJson | undefined)[];
  /** Positions of the cells that are neither missing nor null, and of those that are, in the answer's order. */
  present: number[];
  missing: number[];
  /** Each number read as a double (NaN for other cells): two doubles in order are two numbers in order. */
  near: Float64Array;
  /** Each cell's text when the column holds text, and its quick key when it holds nothing but text. */
  texts?: string[];
  keys?: string[];
}

function prepare(rows: readonly ExactJson[], column: string): PreparedColumn {
  const cells = rows.map((row) => (isJsonObject(row) ? row[column] : undefined));
  const present: number[] = [];
  const missing: number[] = [];
  const near = new Float64Array(cells.length);
  let numbers = 0;
  cells.forEach((cell, index) => {
    (isEmpty(cell) ? missing : present).push(index);
    near[index] = isNumber(cell) ? Number(numberText(cell)) : Number.NaN;
    if (isNumber(cell)) numbers++;
  });
  if (numbers === present.length) return { cells, present, missing, near };
  const texts = cells.map((cell) => (isEmpty(cell) ? '' : cellText(cell)));
  return { cells, present, missing, near, texts, ...(numbers === 0 ? { keys: texts.map(quickKey) } : {}) };
}

/** The positions sorted by quick keys, if the collator agrees with every neighbouring pair; else undefined. */
function byQuickKeys(column: PreparedColumn, direction: number): number[] | undefined {
  const { texts, keys } = column;
  if (!texts || !keys) return undefined;
  const order = column.present.slice().sort((a, b) => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    const p = texts[a] as string;
    const q = texts[b] as string;
    return (x < y ? -1 : x > y ? 1 : p < q ? -1 : p > q ? 1 : 0) * direction || a - b;
  });
  // A list is in order when each neighbour is: one collator call per row instead of one per comparison.
  for (let i = 1; i < order.length; i++) {
    const a = order[i - 1] as number;
    const b = order[i] as number;
    const c = collator.compare(texts[a] as string, texts[b] as string) * direction;
    if (c > 0 || (c === 0 && a > b)) return undefined;
  }
  return order;
}

/** Sorts the rows by one column, ascending or descending; the column's cells are read at the first sort only. */
export function columnSorter(rows: readonly ExactJson[], column: string): (ascending: boolean) => number[] {
  let prepared: PreparedColumn | undefined;
  return (ascending) => {
    prepared ??= prepare(rows, column);
    const { cells, near, texts, missing } = prepared;
    const direction = ascending ? 1 : -1;
    const order = byQuickKeys(prepared, direction) ?? prepared.present.slice().sort((a, b) => {
      const x = cells[a] as ExactJson;
      const y = cells[b] as ExactJson;
      let order: number;
      if (isNumber(x) && isNumber(y)) {
        // Reading digits as a double never reverses two numbers, only ties them: the digits decide only then.
        const p = near[a] as number;
        const q = near[b] as number;
        order = p < q ? -1 : p > q ? 1 : compareCells(x, y);
      } else {
        order = collator.compare(texts?.[a] ?? '', texts?.[b] ?? '');
      }
      return order * direction || a - b;
    });
    return order.concat(missing);
  };
}

// What a table cell shows of a value, shared by drawing a row and sorting by a column.
import { JsonNumber, stringifyExact, type ExactJson } from '../../../server/src/core';

/** A cell shows at most this many characters (its tooltip too); the tree holds the whole value. */
export const CELL_TEXT = 200;

/** Whether a value is a number, a plain one or one kept with the service's digits. */
export function isNumber(value: ExactJson | undefined): value is number | JsonNumber {
  return typeof value === 'number' || value instanceof JsonNumber;
}

/** A cell's text: a string as it is, anything else as exact JSON, cut at CELL_TEXT characters with an ellipsis. */
export function cellText(value: ExactJson | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : stringifyExact(value);
  return text.length > CELL_TEXT ? `${text.slice(0, CELL_TEXT)}…` : text;
}

import { JsonNumber, stringifyExact, type ExactJson } from './exactJson';

/** The text of a canonical scalar where text goes (path, query, matrix, header, form field, template). */
export function scalarText(value: ExactJson): string {
  if (value === null) return '';
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'object') return stringifyExact(value);
  return String(value);
}

/** A canonical value as a JSON body: numbers with their exact digits. */
export function jsonText(value: ExactJson): string {
  return stringifyExact(value);
}

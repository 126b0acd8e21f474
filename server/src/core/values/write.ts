// A value on the wire: the text a canonical value is written as wherever it goes (a path, query, matrix, header or
// form field, a template, a JSON body), arrays joined by their separation. Every request kind writes values here;
// only how the text is then escaped (`encode`) is the place's own.
import type { ItemsSpec } from '../model';
import { SEPARATOR_CHAR, type Separation } from '../vocabulary';
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

/** How a value's text is escaped for where it goes (the separator itself is written as is). */
export type Encode = (text: string) => string;

/** Text left as it is: headers, form fields of a multipart body, previews. */
export const asText: Encode = (text) => text;

function separatorOf(separation: string | undefined): string {
  return SEPARATOR_CHAR[(separation ?? 'csv') as Exclude<Separation, 'multi'>] ?? ',';
}

/**
 * Joins an array (nested arrays by their own separation) into one value. Each item is encoded on its own, so a
 * separator character inside an item is escaped and the server can still split the list.
 */
export function joinArray(value: ExactJson[], separation: string | undefined, items: ItemsSpec | undefined, encode: Encode): string {
  const separator = separatorOf(separation === 'multi' ? 'csv' : separation);
  const encodedSeparator = encode === asText || separator === ',' || separator === '|' ? separator : encode(separator);
  return value
    .map((item) => (Array.isArray(item) ? joinArray(item, items?.separation?.value, items?.items, encode) : encode(scalarText(item))))
    .join(encodedSeparator);
}

/** The `name=value` pairs of one parameter: one pair, or one per item with `multi`. Values already encoded. */
export function pairsOf(name: string, value: ExactJson, separation: string | undefined, items: ItemsSpec | undefined, encode: Encode): [string, string][] {
  if (!Array.isArray(value)) return [[name, encode(scalarText(value))]];
  if (separation === 'multi') return value.map((item) => [name, Array.isArray(item) ? joinArray(item, items?.separation?.value, items?.items, encode) : encode(scalarText(item))]);
  return [[name, joinArray(value, separation, items, encode)]];
}

/** A value's text for a template, header or form field (arrays joined, not encoded). */
export function plainText(value: ExactJson, separation: string | undefined, items: ItemsSpec | undefined): string {
  return Array.isArray(value) ? joinArray(value, separation, items, asText) : scalarText(value);
}

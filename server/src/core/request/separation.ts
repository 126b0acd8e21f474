import type { ItemsSpec } from '../model';
import type { JsonValue } from '../tree';
import { SEPARATOR_CHAR, type Separation } from '../vocabulary';

/** How a value's text is escaped for where it goes (the separator itself is written as is). */
export type Encode = (text: string) => string;

/** Query, matrix and form values: everything but unreserved characters percent-encoded. */
export const encodeComponent: Encode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Path segments: as a component; the separator stays readable. */
export const encodePathSegment: Encode = encodeComponent;

/** Headers: sent as text; only line breaks would break the message, and they are removed. */
export const encodeHeader: Encode = (text) => text.replace(/[\r\n]+/g, ' ');

function separatorOf(separation: string | undefined): string {
  return SEPARATOR_CHAR[(separation ?? 'csv') as Exclude<Separation, 'multi'>] ?? ',';
}

function scalarText(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Joins an array (nested arrays by their own separation) into one value. Each item is encoded on its own, so a
 * separator character inside an item is escaped and the server can still split the list.
 */
export function joinArray(value: JsonValue[], separation: string | undefined, items: ItemsSpec | undefined, encode: Encode): string {
  const separator = separatorOf(separation === 'multi' ? 'csv' : separation);
  const encodedSeparator = encode === encodeHeader ? separator : separator === ',' || separator === '|' ? separator : encode(separator);
  return value
    .map((item) => (Array.isArray(item) ? joinArray(item, items?.separation?.value, items?.items, encode) : encode(scalarText(item))))
    .join(encodedSeparator);
}

/** The `name=value` pairs of one parameter: one pair, or one per item with `multi`. Values already encoded. */
export function pairsOf(name: string, value: JsonValue, separation: string | undefined, items: ItemsSpec | undefined, encode: Encode): [string, string][] {
  if (!Array.isArray(value)) return [[name, encode(scalarText(value))]];
  if (separation === 'multi') return value.map((item) => [name, Array.isArray(item) ? joinArray(item, items?.separation?.value, items?.items, encode) : encode(scalarText(item))]);
  return [[name, joinArray(value, separation, items, encode)]];
}

/** A value's text for a template, header or form field (arrays joined, not encoded). */
export function plainText(value: JsonValue, separation: string | undefined, items: ItemsSpec | undefined): string {
  return Array.isArray(value) ? joinArray(value, separation, items, (t) => t) : scalarText(value);
}

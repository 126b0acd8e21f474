// The text of a user's JSON file (connector, values, tests, environments or project file) as editors show it:
// UTF-8, without the byte-order mark Windows editors write first. Findings' offsets are offsets in this text, so
// every edge that reads such a file from disk reads it here; a file written back keeps the mark it had.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const BYTE_ORDER_MARK = '\uFEFF';

/** The text without a leading byte-order mark. */
export function withoutByteOrderMark(text: string): string {
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

/** A JSON file's text as editors show it, read from bytes (standard input, a file). */
export function decodeJsonText(bytes: Buffer): string {
  return withoutByteOrderMark(bytes.toString('utf8'));
}

/** Reads a JSON file as editors show it; throws as readFile does. */
export async function readJsonText(path: string): Promise<string> {
  return decodeJsonText(await readFile(path));
}

/** Reads a JSON file as editors show it, synchronously; throws as readFileSync does. */
export function readJsonTextSync(path: string): string {
  return decodeJsonText(readFileSync(path));
}

/** What to write over a file whose text was `original` (as read from disk): `text`, with the mark the file began with. */
export function keepingByteOrderMark(original: string, text: string): string {
  return original.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK + text : text;
}

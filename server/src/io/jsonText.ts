// The text of a user's JSON file (connector, values, tests, environments or project file) as editors show it:
// UTF-8, without the byte-order mark Windows editors write first. Findings' offsets are offsets in this text, so
// every edge that reads such a file from disk reads it here; a file written back keeps the mark it had. Only
// regular files are read: a FIFO would block the read and a device (/dev/zero) never end it. The file is opened once,
// judged by its descriptor and read from it, so nothing can be swapped in between the check and the read.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** Read only, and without waiting for a FIFO's writer: the open returns, and the check on the descriptor refuses it. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

const BYTE_ORDER_MARK = '\uFEFF';

/** A JSON file as read from disk. */
export interface JsonFileText {
  /** The text as editors show it. */
  text: string;
  /** Whether the file began with a byte-order mark, which a rewrite of it keeps. */
  byteOrderMark: boolean;
}

/** A JSON file's text from its bytes (a file, standard input). */
export function decodeJsonFile(bytes: Buffer): JsonFileText {
  return jsonFileOf(bytes.toString('utf8'));
}

/** A JSON file's text from its UTF-8 decoding. */
function jsonFileOf(raw: string): JsonFileText {
  const byteOrderMark = raw.startsWith(BYTE_ORDER_MARK);
  return { text: byteOrderMark ? raw.slice(1) : raw, byteOrderMark };
}

/** A JSON file's text as editors show it, from its bytes (standard input). */
export function decodeJsonText(bytes: Buffer): string {
  return decodeJsonFile(bytes).text;
}

function notRegular(): Error {
  return Object.assign(new Error('not a regular file'), { code: 'ENOTREGULAR' });
}

/** Reads a JSON file; only a regular file is read. Throws as readFile does, or with the code ENOTREGULAR. */
export async function readJsonFile(path: string): Promise<JsonFileText> {
  const handle = await open(path, OPEN_FLAGS);
  try {
    if (!(await handle.stat()).isFile()) throw notRegular();
    return decodeJsonFile(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** Reads a JSON file's text as editors show it; only a regular file is read. Throws as readJsonFile does. */
export async function readJsonText(path: string): Promise<string> {
  return (await readJsonFile(path)).text;
}

/** Reads a JSON file's text as editors show it, synchronously; only a regular file is read. */
export function readJsonTextSync(path: string): string {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw notRegular();
    // Decoded as it is read, into the string itself: a lint of thousands of small files reads each this way, and a
    // buffer per file, then its decoding, cost about a quarter more (the same replacement characters for invalid UTF-8).
    return jsonFileOf(readFileSync(fd, 'utf8')).text;
  } finally {
    closeSync(fd);
  }
}

/**
 * Opened by name, read only, without following a link in its last part and without waiting for a FIFO's writer;
 * undefined where the system has no such flag (Windows), which reads every file as readJsonTextSync does.
 */
const LISTED_OPEN_FLAGS = constants.O_NOFOLLOW === undefined ? undefined : OPEN_FLAGS | constants.O_NOFOLLOW;

/**
 * Reads the text of a file that a folder's listing showed as a regular file (not a link, a FIFO or a device), in one
 * call by its name: a lint of thousands of small files spent about a twentieth of its time opening, judging and
 * closing each one from JavaScript. What the listing said cannot be swapped for something endless: a link put in its
 * place is not followed, a FIFO answers at once, and making a device takes the system's administrator.
 */
export function readListedJsonTextSync(path: string): string {
  if (LISTED_OPEN_FLAGS === undefined) return readJsonTextSync(path);
  // Node reads `flag` as fs.open does, a number included; its types name only the string spellings, which have no O_NOFOLLOW.
  return jsonFileOf(readFileSync(path, { encoding: 'utf8', flag: LISTED_OPEN_FLAGS as unknown as string })).text;
}

/** What to write over a file read as `file`: `text`, with the byte-order mark the file began with, if it had one. */
export function keepingByteOrderMark(file: JsonFileText, text: string): string {
  return file.byteOrderMark ? BYTE_ORDER_MARK + text : text;
}

// The bytes of the messages the server writes. A file full of findings is published again at every keystroke, all
// of its diagnostics (the protocol has no partial update), most of them the previous version's objects
// (publishedDiagnostics.ts), in the same order: their bytes are copied in runs from the previous message instead of
// JSON-encoding a megabyte per keystroke. Every other message is encoded as the protocol library encodes it.
import type { Diagnostic } from 'vscode-languageserver';
import type { ContentTypeEncoder, Message } from 'vscode-languageserver/node';

/** Diagnostics that cannot change any more (frozen through and through), whose bytes may be copied from one message to the next. */
const SEALED = new WeakSet<object>();
const PUBLISH_DIAGNOSTICS = 'textDocument/publishDiagnostics';

/** Freezes `value` and everything it holds. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** Freezes a diagnostic through and through, so that its bytes in one message can be copied into the next, keystroke after keystroke. */
export function sealDiagnostic(diagnostic: Diagnostic): Diagnostic {
  deepFreeze(diagnostic);
  SEALED.add(diagnostic);
  return diagnostic;
}

/** Whether JSON.stringify writes `value` as its own enumerable properties, in order, and nothing else. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

/** A diagnostic's JSON, made for this message. */
interface Item {
  json: string;
}

/** Bytes copied from the previous message: the JSON of its diagnostics `from` to `to` (excluded), with the commas between them. */
interface Run {
  from: number;
  to: number;
}

/** A piece of a message: its own JSON text (keys, brackets, commas), a diagnostic's JSON, or diagnostics copied from the previous message. */
type Part = string | Item | Run;

/**
 * The JSON of a plain object, property by property as JSON.stringify orders them, `special` writing the value of
 * the one property named `key`: JSON.stringify's text, in parts.
 */
function objectParts(object: Record<string, unknown>, key: string, special: (into: Part[]) => void, into: Part[]): void {
  let text = '{';
  for (const name of Object.keys(object)) {
    const value = object[name];
    const json = name === key ? undefined : JSON.stringify(value);
    if (name !== key && json === undefined) continue; // undefined, a function, a symbol: not written
    text += `${text === '{' ? '' : ','}${JSON.stringify(name)}:`;
    if (name !== key) {
      text += json;
      continue;
    }
    into.push(text);
    special(into);
    text = '';
  }
  into.push(`${text}}`);
}

/**
 * The last diagnostics message written: its diagnostics and where each one's JSON lies in its bytes (`bounds[i]`
 * its start, `bounds[i + 1] - 1` its end: a comma follows it, or for the last one the closing bracket).
 */
interface Written {
  diagnostics: readonly unknown[];
  bytes: Buffer;
  bounds: Int32Array;
  /** The buffer `bytes` lies at the start of. */
  room: Buffer;
  /** The previous message's buffer: written by now, the next message is written into it (two buffers take turns). */
  spare: Buffer | undefined;
}

/**
 * The last message's bytes, found from its diagnostics. Held weakly: the server keeps a document's diagnostics for
 * its next version only while typing goes on (publishedDiagnostics.ts), and the bytes go with them.
 */
const WRITTEN = new WeakMap<readonly unknown[], Written>();
let lastWritten: WeakRef<readonly unknown[]> | undefined;

/** Whether a value's JSON is the same in every message: a sealed diagnostic, which cannot change. */
const isSealed = (value: unknown): boolean => typeof value === 'object' && value !== null && SEALED.has(value);

/**
 * The elements of `diagnostics` as parts: runs of the previous message's bytes where the same sealed diagnostics
 * follow each other in both (before an edit, at the same index; after it, at the same distance from the end), and
 * the JSON of the others.
 */
function listParts(diagnostics: readonly unknown[], previous: Written | undefined, into: Part[]): void {
  const before = previous?.diagnostics ?? [];
  const shift = before.length - diagnostics.length;
  let run: Run | undefined;
  into.push('[');
  // Indices, not forEach: a hole is written as null.
  for (let i = 0; i < diagnostics.length; i++) {
    const diagnostic = diagnostics[i];
    const at = !isSealed(diagnostic) ? -1 : before[i] === diagnostic ? i : before[i + shift] === diagnostic ? i + shift : -1;
    if (at >= 0 && run?.to === at) {
      run.to++;
      continue;
    }
    if (i > 0) into.push(',');
    run = at >= 0 ? { from: at, to: at + 1 } : undefined;
    into.push(run ?? { json: JSON.stringify(diagnostic) ?? 'null' });
  }
  into.push(']');
}

/** The message's parts in one buffer of their own, and where each diagnostic lies in it; no text of the whole message is made first. */
function written(parts: readonly Part[], diagnostics: readonly unknown[], previous: Written | undefined, reuseSpare: boolean): Written {
  const old = previous?.bounds ?? new Int32Array(0);
  const runStart = (run: Run): number => old[run.from] as number;
  const runEnd = (run: Run): number => (old[run.to] as number) - 1;
  let length = 0;
  for (const part of parts) {
    if (typeof part === 'string') length += Buffer.byteLength(part, 'utf8');
    else length += 'json' in part ? Buffer.byteLength(part.json, 'utf8') : runEnd(part) - runStart(part);
  }
  // The message before the previous one has been written (the writer encodes a message once the one before it is
  // out): its buffer is reused when large enough, sparing a megabyte of fresh memory, and the collections it brings,
  // at every keystroke. Some room is left for diagnostics that grow as the user types.
  const spare = reuseSpare ? previous?.spare : undefined;
  const room = spare && spare.length >= length ? spare : Buffer.allocUnsafeSlow(length + (length >> 4));
  const bytes = room.subarray(0, length);
  const bounds = new Int32Array(diagnostics.length + 1);
  let at = 0;
  let next = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      // The list's closing bracket: the end of its last diagnostic, as a comma ends the others.
      if (part === ']' && next === diagnostics.length) bounds[next] = at + 1;
      at += bytes.write(part, at, 'utf8');
    } else if ('json' in part) {
      bounds[next++] = at;
      at += bytes.write(part.json, at, 'utf8');
    } else {
      const start = runStart(part);
      for (let i = part.from; i < part.to; i++) bounds[next++] = (old[i] as number) - start + at;
      at += (previous as Written).bytes.copy(bytes, at, start, runEnd(part));
    }
  }
  return { diagnostics, bytes, bounds, room, spare: previous?.room };
}

/**
 * A publishDiagnostics notification's bytes, copied from the previous message's where it can; undefined for any other
 * message. A rehearsal (`remember` false) makes them in a buffer of its own and leaves what the next message copies
 * from as it was.
 */
function diagnosticsMessage(sent: Message, remember: boolean): Buffer | undefined {
  const message: unknown = sent;
  if (!isPlainObject(message) || message.method !== PUBLISH_DIAGNOSTICS) return undefined;
  const { params } = message;
  if (!isPlainObject(params)) return undefined;
  const diagnostics: unknown = params.diagnostics;
  // An array with a toJSON of its own would be written otherwise: left to JSON.stringify.
  if (!Array.isArray(diagnostics) || 'toJSON' in diagnostics) return undefined;
  const last = lastWritten?.deref();
  const previous = last && WRITTEN.get(last);
  const parts: Part[] = [];
  objectParts(message, 'params', (into) => objectParts(params, 'diagnostics', (list) => listParts(diagnostics, previous, list), into), parts);
  const now = written(parts, diagnostics, previous, remember);
  if (remember) {
    WRITTEN.set(diagnostics, now);
    lastWritten = new WeakRef(diagnostics);
  }
  return now.bytes;
}

/**
 * A message as the protocol library writes it (JSON in `charset`), diagnostics copied from the previous message's
 * bytes (UTF-8). The buffer of a diagnostics message is written into again two diagnostics messages later: it must
 * be written out before then, as the writer does (it encodes a message once the one before it is written).
 */
export function encodeMessage(message: Message, charset: BufferEncoding = 'utf8'): Buffer {
  const utf8 = charset === 'utf8' || charset === 'utf-8';
  return (utf8 ? diagnosticsMessage(message, true) : undefined) ?? Buffer.from(JSON.stringify(message), charset);
}

/**
 * Encodes a diagnostics notification as the next one would be (UTF-8), and forgets it: the message that follows is
 * encoded exactly as if this one had not been. A rehearsal of the first keystroke runs through it the code the real
 * keystroke's message runs.
 */
export function rehearseEncoding(message: Message): Buffer | undefined {
  return diagnosticsMessage(message, false);
}

/** The writer's encoder: the protocol library's, but for the diagnostics published at every keystroke. */
export const MESSAGE_ENCODER: ContentTypeEncoder = Object.freeze({
  name: 'application/json',
  encode: (message: Message, options: { charset: BufferEncoding }): Promise<Uint8Array> => {
    try {
      return Promise.resolve(encodeMessage(message, options.charset));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
});

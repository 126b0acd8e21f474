// The bytes of the messages the server writes. A file full of findings is published again at every keystroke, all
// of its diagnostics (the protocol has no partial update), most of them the previous version's objects
// (publishedDiagnostics.ts): their JSON is made once per diagnostic and the message put together from it, instead
// of JSON-encoding a megabyte per keystroke. Every other message is encoded as the protocol library encodes it.
import type { Diagnostic } from 'vscode-languageserver';
import type { ContentTypeEncoder, Message } from 'vscode-languageserver/node';

/** Diagnostics that cannot change any more (frozen through and through), whose JSON may be kept. */
const SEALED = new WeakSet<object>();
/** Each sealed diagnostic's JSON; let go with the diagnostic. */
const ENCODED = new WeakMap<object, string>();

const PUBLISH_DIAGNOSTICS = 'textDocument/publishDiagnostics';

/** Freezes `value` and everything it holds. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** Freezes a diagnostic through and through, so that its JSON can be made once and written at every keystroke. */
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

/**
 * One element of the diagnostics array as JSON.stringify writes it; a sealed diagnostic's is made once. Kept as text
 * in the JavaScript heap: a buffer per diagnostic, small blocks by the thousand, stayed with the C library's
 * allocator long after they were freed (some 30 MB of the process with a large file full of findings open).
 */
function diagnosticJson(diagnostic: unknown): string {
  if (typeof diagnostic !== 'object' || diagnostic === null || !SEALED.has(diagnostic)) return JSON.stringify(diagnostic) ?? 'null';
  let json = ENCODED.get(diagnostic);
  if (json === undefined) ENCODED.set(diagnostic, json = JSON.stringify(diagnostic));
  return json;
}

/**
 * The JSON of a plain object, property by property as JSON.stringify orders them, `special` writing the value of
 * the one property named `key`: JSON.stringify's text, in parts.
 */
function objectParts(object: Record<string, unknown>, key: string, special: (into: string[]) => void, into: string[]): void {
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

/** The parts in one buffer of their own, written once: no text of the whole message is made first. */
function written(parts: readonly string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, 'utf8');
  const out = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += out.write(part, at, 'utf8');
  return out;
}

/** A publishDiagnostics notification's bytes from its diagnostics' kept JSON; undefined for any other message. */
function diagnosticsMessage(sent: Message): Buffer | undefined {
  const message: unknown = sent;
  if (!isPlainObject(message) || message.method !== PUBLISH_DIAGNOSTICS) return undefined;
  const { params } = message;
  if (!isPlainObject(params)) return undefined;
  const diagnostics: unknown = params.diagnostics;
  // An array with a toJSON of its own would be written otherwise: left to JSON.stringify.
  if (!Array.isArray(diagnostics) || 'toJSON' in diagnostics) return undefined;
  const parts: string[] = [];
  const list = (into: string[]): void => {
    into.push('[');
    // Indices, not forEach: a hole is written as null.
    for (let i = 0; i < diagnostics.length; i++) {
      if (i > 0) into.push(',');
      into.push(diagnosticJson(diagnostics[i]));
    }
    into.push(']');
  };
  objectParts(message, 'params', (into) => objectParts(params, 'diagnostics', list, into), parts);
  return written(parts);
}

/** A message as the protocol library writes it (JSON in `charset`), diagnostics from their kept JSON (UTF-8). */
export function encodeMessage(message: Message, charset: BufferEncoding = 'utf8'): Buffer {
  const utf8 = charset === 'utf8' || charset === 'utf-8';
  return (utf8 ? diagnosticsMessage(message) : undefined) ?? Buffer.from(JSON.stringify(message), charset);
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

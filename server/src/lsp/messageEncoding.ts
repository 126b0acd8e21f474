// The bytes of the messages the server writes. A file full of findings is published again at every keystroke, all
// of its diagnostics (the protocol has no partial update), most of them the previous version's objects
// (publishedDiagnostics.ts): their JSON is made once per diagnostic and the message put together from it, instead
// of JSON-encoding a megabyte per keystroke. Every other message is encoded as the protocol library encodes it.
import type { Diagnostic } from 'vscode-languageserver';
import type { ContentTypeEncoder, Message } from 'vscode-languageserver/node';

/** Diagnostics that cannot change any more (frozen through and through), whose JSON may be kept. */
const SEALED = new WeakSet<object>();
/** Each sealed diagnostic's JSON as bytes, after a comma (the list's separator, one part less to join); let go with the diagnostic. */
const ENCODED = new WeakMap<object, Buffer>();

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

/** A comma and one element of the diagnostics array as JSON.stringify writes it. */
function commaAndDiagnostic(diagnostic: unknown): Buffer {
  if (typeof diagnostic === 'object' && diagnostic !== null && SEALED.has(diagnostic)) {
    let bytes = ENCODED.get(diagnostic);
    if (!bytes) ENCODED.set(diagnostic, bytes = Buffer.from(`,${JSON.stringify(diagnostic)}`, 'utf8'));
    return bytes;
  }
  return Buffer.from(`,${JSON.stringify(diagnostic) ?? 'null'}`, 'utf8');
}

/**
 * The JSON of a plain object, property by property as JSON.stringify orders them, `special` writing the value of
 * the one property named `key`: JSON.stringify's text, in parts.
 */
function objectParts(object: Record<string, unknown>, key: string, special: (value: unknown) => Buffer[]): Buffer[] {
  const parts: Buffer[] = [];
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
    parts.push(Buffer.from(text, 'utf8'), ...special(value));
    text = '';
  }
  parts.push(Buffer.from(`${text}}`, 'utf8'));
  return parts;
}

/** The parts one after the other in one buffer (Buffer.concat makes a view of each part: thousands of them here). */
function joined(parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
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
  const list = (): Buffer[] => {
    const parts: Buffer[] = [Buffer.from('[')];
    // Indices, not forEach: a hole is written as null.
    for (let i = 0; i < diagnostics.length; i++) {
      const part = commaAndDiagnostic(diagnostics[i]);
      parts.push(i === 0 ? part.subarray(1) : part);
    }
    parts.push(Buffer.from(']'));
    return parts;
  };
  return joined(objectParts(message, 'params', () => objectParts(params, 'diagnostics', list)));
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

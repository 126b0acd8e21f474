import type { Node } from 'jsonc-parser';
import { MAX_NESTING } from '../parse/nesting';
import type { JsonValue } from '../tree';

/** Set while stringifyExact has JSON.stringify write a document: kept numbers' texts, in the order written. */
let marking: string[] | undefined;

/** What a kept number writes inside JSON.stringify's output (the string U+0000), until its own digits replace it. */
const MARK = '\u0000';
const MARK_WRITTEN = '"\\u0000"';

/**
 * A JSON number kept as its text. JavaScript numbers lose digits past 2^53 and round decimals to binary; a value a
 * user wrote in a values file, a prompt or on the command line reaches the wire with the digits they wrote, and
 * an answer's numbers are shown and compared with the digits the service wrote.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
  toJSON(): number | string {
    if (marking) {
      marking.push(this.text);
      return MARK;
    }
    // Only for code that must have a plain value; the wire, answers and reports never go through here.
    return Number(this.text);
  }
}

/**
 * A JSON value whose numbers may be kept exact; a plain JsonValue is one too. A plain number stands for the text
 * JavaScript writes for it: readers keep a number as a JsonNumber whenever its own text is another.
 */
export type ExactJson = null | boolean | number | JsonNumber | string | ExactJson[] | { [key: string]: ExactJson };

/** Whether a value is a JSON object (not null, not an array, not a kept number). */
export function isJsonObject(value: ExactJson | undefined): value is { [key: string]: ExactJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber);
}

/** The text of a number, kept or plain (a plain number is written as JavaScript's shortest round-trip text). */
export function numberText(value: number | JsonNumber): string {
  if (value instanceof JsonNumber) return value.text;
  return Object.is(value, -0) ? '-0' : String(value);
}

/** An object member set as JSON.parse sets it: `__proto__` becomes an own property, never the object's prototype. */
export function setMember(target: { [key: string]: ExactJson }, key: string, value: ExactJson): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The exact value of a parsed node: numbers as they are written in `text`. */
export function exactOfNode(node: Node, text: string, depth = 0): ExactJson {
  switch (node.type) {
    case 'number':
      return new JsonNumber(text.slice(node.offset, node.offset + node.length));
    case 'string':
    case 'boolean':
      return node.value as string | boolean;
    case 'null':
      return null;
    case 'array':
      return depth > MAX_NESTING ? [] : (node.children ?? []).map((c) => exactOfNode(c, text, depth + 1));
    case 'object': {
      const out: { [key: string]: ExactJson } = {};
      for (const property of node.children ?? []) {
        const key = property.children?.[0]?.value;
        const value = property.children?.[1];
        if (typeof key === 'string' && value) setMember(out, key, depth > MAX_NESTING ? null : exactOfNode(value, text, depth + 1));
      }
      return out;
    }
    default:
      return null;
  }
}

/** The slow, plain way to write: the reference for the fast one, and what it falls back on. */
function written(value: ExactJson | undefined, gap: string, indentation: string): string | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof JsonNumber) return value.text;
  const inner = gap === '' ? '' : `\n${indentation}${gap}`;
  const close = gap === '' ? '' : `\n${indentation}`;
  const deeper = indentation + gap;
  let out = '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${inner}${written(value[i], gap, deeper) ?? 'null'}`;
    return `[${out}${close}]`;
  }
  const colon = gap === '' ? ':' : ': ';
  for (const key of Object.keys(value)) {
    const member = written(value[key], gap, deeper);
    if (member !== undefined) out += `${out ? ',' : ''}${inner}${JSON.stringify(key)}${colon}${member}`;
  }
  return out === '' ? '{}' : `{${out}${close}}`;
}

/**
 * JSON text of an exact value as JSON.stringify writes it (`indent` spaces per level when given), kept numbers with
 * their own digits. JSON.stringify does the work: each kept number writes a mark, in the order the numbers are
 * written, and the digits then replace the marks in that order. A string of the value's own that reads like a mark
 * shows in the count, and the plain writer is used instead.
 */
export function stringifyExact(value: ExactJson, indent = 0): string {
  const texts: string[] = [];
  marking = texts;
  let out: string | undefined;
  try {
    out = JSON.stringify(value, null, indent);
  } finally {
    marking = undefined;
  }
  if (out === undefined) return 'null';
  if (texts.length === 0) return out;
  const parts = out.split(MARK_WRITTEN);
  if (parts.length !== texts.length + 1) return written(value, ' '.repeat(indent), '') ?? 'null';
  let joined = parts[0] ?? '';
  for (let i = 0; i < texts.length; i++) joined += `${texts[i]}${parts[i + 1]}`;
  return joined;
}

/** A plain JSON value (kept numbers become JavaScript numbers): for display and for code that needs JsonValue. */
export function plainOf(value: ExactJson): JsonValue {
  if (value instanceof JsonNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(plainOf);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainOf(v)]));
  return value as JsonValue;
}

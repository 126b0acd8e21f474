import { printParseErrorCode, type Node } from 'jsonc-parser';
import { nestingTooDeep, parseJsonTree } from '../parse';
import type { JsonValue } from '../tree';

/**
 * A JSON number kept as its text. JavaScript numbers lose digits past 2^53 and round decimals to binary; a value a
 * user wrote in a values file, a prompt or on the command line reaches the wire with the digits they wrote.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
  toJSON(): number {
    // Only for code that must have a plain value (e.g. an LSP message); the wire never goes through here.
    return Number(this.text);
  }
}

/** A JSON value whose numbers may be kept exact; a plain JsonValue is one too. */
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
      return depth > 512 ? [] : (node.children ?? []).map((c) => exactOfNode(c, text, depth + 1));
    case 'object': {
      const out: { [key: string]: ExactJson } = {};
      for (const property of node.children ?? []) {
        const key = property.children?.[0]?.value;
        const value = property.children?.[1];
        if (typeof key === 'string' && value) out[key] = depth > 512 ? null : exactOfNode(value, text, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** Parses JSON text keeping every number's digits; a syntax error is a message with its 1-based column. */
export function parseExact(text: string): { ok: true; value: ExactJson } | { ok: false; message: string } {
  const parsed = parseJsonTree(text, { allowTrailingComma: false, disallowComments: true });
  if (parsed.tooDeep !== undefined) return { ok: false, message: `${nestingTooDeep(text, parsed.tooDeep)}; no value is nested this deep` };
  const { root, errors: [error] } = parsed;
  if (error || !root) {
    const words = error ? printParseErrorCode(error.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : 'value expected';
    return { ok: false, message: `not valid JSON (${words} at column ${(error?.offset ?? 0) + 1})` };
  }
  return { ok: true, value: exactOfNode(root, text) };
}

/** JSON text of an exact value: kept numbers are written with their own digits. */
export function stringifyExact(value: ExactJson): string {
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'number') return Number.isFinite(value) ? numberText(value) : 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stringifyExact).join(',')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${stringifyExact(v)}`).join(',')}}`;
}

/** A plain JSON value (kept numbers become JavaScript numbers): for display and for code that needs JsonValue. */
export function plainOf(value: ExactJson): JsonValue {
  if (value instanceof JsonNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(plainOf);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainOf(v)]));
  return value as JsonValue;
}

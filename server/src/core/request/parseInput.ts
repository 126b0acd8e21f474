import { basename } from 'node:path';
import type { JsonValue } from '../tree';
import type { InputDescription, InputItems } from './inputs';

/** A typed value from what a user typed, or what is wrong with it (shown as they type). */
export type ParsedInput = { ok: true; value: JsonValue } | { ok: false; message: string };

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The option id (`c1`, `c2`, ...) of an option at a 0-based position. */
export function optionId(index: number): string {
  return `c${index + 1}`;
}

function parseInteger(text: string, format: string | undefined): ParsedInput {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return { ok: false, message: 'Enter a whole number, e.g. 42.' };
  const big = BigInt(trimmed);
  if (format === 'int64') {
    if (big < INT64_MIN || big > INT64_MAX) return { ok: false, message: 'Enter a whole number within the 64-bit range.' };
    // Beyond 2^53 a JavaScript number would change the value; keep it exact as text.
    return { ok: true, value: big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big.toString() };
  }
  if (big < BigInt(INT32_MIN) || big > BigInt(INT32_MAX)) {
    return { ok: false, message: `Enter a whole number from ${INT32_MIN} to ${INT32_MAX} (32-bit); use format 'int64' for larger values.` };
  }
  return { ok: true, value: Number(big) };
}

function parseScalar(type: string, format: string | undefined, text: string): ParsedInput {
  switch (type) {
    case 'integer':
      return parseInteger(text, format);
    case 'number': {
      const value = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(value)) return { ok: false, message: 'Enter a number, e.g. 3.5.' };
      return { ok: true, value };
    }
    case 'boolean': {
      const t = text.trim().toLowerCase();
      if (t === 'true' || t === 'false') return { ok: true, value: t === 'true' };
      return { ok: false, message: "Enter 'true' or 'false'." };
    }
    case 'string':
      if (format === 'date-time' && Number.isNaN(Date.parse(text))) {
        return { ok: false, message: 'Enter a date and time, e.g. 2026-11-22T10:30:00Z.' };
      }
      return { ok: true, value: text };
    case 'object': {
      try {
        const value = JSON.parse(text) as JsonValue;
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'Enter a JSON object, e.g. {"name": "Rex"}.' };
        return { ok: true, value };
      } catch (error) {
        return { ok: false, message: `Enter a JSON object: ${(error as Error).message}.` };
      }
    }
    case 'file':
    case 'stream':
      return text.trim() ? { ok: true, value: text.trim() } : { ok: false, message: 'Choose a file.' };
    case 'fileGallery':
      return text.trim() ? { ok: true, value: { Filename: basename(text.trim()), Data: text.trim() } } : { ok: false, message: 'Choose a file.' };
    default:
      return { ok: true, value: text };
  }
}

function parseArray(items: InputItems | undefined, text: string): ParsedInput {
  const trimmed = text.trim();
  let raw: JsonValue[];
  if (trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(trimmed) as JsonValue;
      if (!Array.isArray(parsed)) return { ok: false, message: 'Enter a JSON array or values separated by commas.' };
      raw = parsed;
    } catch (error) {
      return { ok: false, message: `Enter a JSON array or values separated by commas: ${(error as Error).message}.` };
    }
  } else {
    raw = trimmed === '' ? [] : trimmed.split(',').map((s) => s.trim());
  }
  const type = items?.type ?? 'string';
  const out: JsonValue[] = [];
  for (const [index, element] of raw.entries()) {
    const elementText = typeof element === 'string' ? element : JSON.stringify(element);
    const parsed = type === 'array' ? parseArray(items?.items, elementText) : parseScalar(type, items?.format, elementText);
    if (!parsed.ok) return { ok: false, message: `Item ${index + 1}: ${parsed.message}` };
    out.push(parsed.value);
  }
  return { ok: true, value: out };
}

/** Parses what a user typed for one input into the value a values file would hold. */
export function parseInput(input: InputDescription, text: string): ParsedInput {
  if (input.options) {
    // Options are supplied by id (c1, c2, ...); accept an option's value too and name it by its id.
    const ids: string[] = [];
    for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
      const byValue = input.options.indexOf(part);
      const id = byValue >= 0 ? optionId(byValue) : /^c\d+$/.test(part) && Number(part.slice(1)) <= input.options.length && Number(part.slice(1)) >= 1 ? part : undefined;
      if (!id) return { ok: false, message: `'${part}' is not an option. Choose from ${input.options.map((o, i) => `${optionId(i)} (${o})`).join(', ')}.` };
      ids.push(id);
    }
    return { ok: true, value: ids };
  }
  if (input.type === 'array') return parseArray(input.items, text);
  if (input.type === 'text') return { ok: true, value: text };
  return parseScalar(input.type, input.format, text);
}

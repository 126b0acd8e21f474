import { checkDateTime } from './dateTime';
import { isJsonObject, JsonNumber, numberText, stringifyExact, type ExactJson } from './exactJson';
import { checkInteger, checkNumber, numberValueText } from './numbers';
import type { ValueSpec } from './spec';

/**
 * The one judge of a supplied value: whether it fits its type and format, and its canonical form, ready for the
 * wire. Every source (values file, prompt, `--value`, a default) is judged here; `read.ts` only turns typed text
 * into JSON first. Canonical forms: integers and numbers as exact JsonNumbers, date-times in UTC, options as
 * their values, booleans as booleans.
 */
export type Checked = { ok: true; value: ExactJson } | { ok: false; message: string };

/** A value named for a message. */
export function describeValue(value: ExactJson): string {
  if (value === null) return 'null';
  if (value instanceof JsonNumber) return `number ${value.text}`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * A scalar as the text it stands for where text is wanted (a string parameter, a query option, a prompt): a string
 * as itself, a boolean as `true` or `false`, a number as its value (numberValueText); undefined for null, arrays
 * and objects.
 */
export function scalarValueText(value: ExactJson | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof JsonNumber) return numberValueText(value.text);
  if (typeof value === 'number') return numberText(value);
  return undefined;
}

/** The option id (`c1`, `c2`, ...) of an option at a 0-based position. */
export function optionId(index: number): string {
  return `c${index + 1}`;
}

/** Option ids and what they stand for, for messages: `c1 (red), c2 (green)`. */
export function optionList(options: readonly string[]): string {
  return options.map((o, i) => `${optionId(i)} (${o})`).join(', ');
}

function checkOption(options: readonly string[], value: ExactJson): Checked {
  const index = typeof value === 'string' && /^c[1-9]\d*$/.test(value) ? Number(value.slice(1)) - 1 : -1;
  const option = options[index];
  if (option === undefined) return { ok: false, message: `names options by id: ${JSON.stringify(value)} is not one of ${optionList(options)}` };
  return { ok: true, value: option };
}

function numericText(value: ExactJson): string | undefined {
  if (value instanceof JsonNumber || typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value.trim();
  return undefined;
}

function checkScalar(spec: ValueSpec, value: ExactJson): Checked {
  switch (spec.type) {
    case 'integer':
    case 'number': {
      const text = numericText(value);
      if (text === undefined) return { ok: false, message: `needs ${spec.type === 'integer' ? 'a whole number' : 'a number'}, not ${describeValue(value)}` };
      const outcome = spec.type === 'integer' ? checkInteger(text, spec.format) : checkNumber(text, spec.format);
      return outcome.ok ? { ok: true, value: new JsonNumber(outcome.text) } : outcome;
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return { ok: false, message: `needs true or false, not ${describeValue(value)}` };
    case 'string': {
      if (spec.format === 'date-time') {
        if (typeof value !== 'string') return { ok: false, message: `needs a date and time as a string, not ${describeValue(value)}` };
        const outcome = checkDateTime(value);
        return outcome.ok ? { ok: true, value: outcome.text } : outcome;
      }
      const text = scalarValueText(value);
      return text === undefined ? { ok: false, message: `needs text, not ${describeValue(value)}` } : { ok: true, value: text };
    }
    case 'object':
      return isJsonObject(value) ? { ok: true, value } : { ok: false, message: `needs an object, not ${describeValue(value)}` };
    case 'file':
    case 'stream':
      return typeof value === 'string' && value.trim() !== '' ? { ok: true, value } : { ok: false, message: 'needs the path of a file (relative to the connector file)' };
    case 'fileGallery': {
      const ok = isJsonObject(value) && typeof value.Filename === 'string' && typeof value.Data === 'string' && value.Data.trim() !== '';
      return ok ? { ok: true, value: { Filename: value.Filename ?? '', Data: value.Data ?? '' } } : { ok: false, message: 'needs { "Filename": "name.ext", "Data": "path/to/file" }' };
    }
    case 'text':
      // Inserted into a body or header as written: a string as it is, anything else as its JSON text.
      return { ok: true, value: typeof value === 'string' ? value : stringifyExact(value) };
    default:
      return { ok: true, value };
  }
}

/** Judges a value against its spec; on success, the canonical value (arrays item by item, options by value). */
export function checkValue(spec: ValueSpec, value: ExactJson, depth = 0): Checked {
  if (spec.options?.length) {
    if (spec.type !== 'array') return checkOption(spec.options, value);
    const ids = Array.isArray(value) ? value : [value];
    const out: ExactJson[] = [];
    for (const id of ids) {
      const checked = checkOption(spec.options, id);
      if (!checked.ok) return checked;
      out.push(checked.value);
    }
    return { ok: true, value: out };
  }
  if (spec.type !== 'array') return checkScalar(spec, value);
  if (!Array.isArray(value)) return { ok: false, message: `needs an array, not ${describeValue(value)}` };
  const items = spec.items ?? { type: 'string' };
  const out: ExactJson[] = [];
  for (const [index, element] of value.entries()) {
    const checked = items.type === 'array' && depth < 32 ? checkValue(items, element, depth + 1) : checkScalar(items, element);
    if (!checked.ok) return { ok: false, message: `item ${index + 1} ${checked.message}` };
    out.push(checked.value);
  }
  return { ok: true, value: out };
}

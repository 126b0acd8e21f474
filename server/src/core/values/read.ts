// Values as they come: typed text (a prompt, `--value name=text`) read as the JSON a values file would hold, a
// values file's entry for an operation, and every source of one request merged. Only the reading differs between
// sources; judging is `checkValue`'s. Where people type, an option may be given by its value as well as by its id,
// and arrays as `a, b` as well as JSON.
import { parseDocument } from '../parse';
import { propertiesOf } from '../tree';
import { checkValue, optionId, optionList, scalarValueText, type Checked } from './check';
import { exactOfNode, isJsonObject, JsonNumber, stringifyExact, type ExactJson } from './exactJson';
import { parseExact } from './exactParse';
import type { ValueSpec } from './spec';

/** Typed text read as JSON, or why it cannot be. */
export type ReadOutcome = { ok: true; value: ExactJson } | { ok: false; message: string };

function readOptions(options: readonly string[], text: string, many: boolean): ReadOutcome {
  const ids: string[] = [];
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const byValue = options.indexOf(part);
    const byId = /^c[1-9]\d*$/.test(part) && Number(part.slice(1)) <= options.length ? part : undefined;
    const id = byValue >= 0 ? optionId(byValue) : byId;
    if (!id) return { ok: false, message: `'${part}' is not an option. Choose from ${optionList(options)}.` };
    ids.push(id);
  }
  if (many) return { ok: true, value: ids };
  if (ids.length !== 1) return { ok: false, message: `Choose one of ${optionList(options)}.` };
  return { ok: true, value: ids[0] ?? '' };
}

function readArray(items: ValueSpec, text: string): ReadOutcome {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const parsed = parseExact(trimmed);
    if (!parsed.ok) return { ok: false, message: `Enter a JSON array or values separated by commas: ${parsed.message}.` };
    if (!Array.isArray(parsed.value)) return { ok: false, message: 'Enter a JSON array or values separated by commas.' };
    return parsed;
  }
  if (trimmed === '') return { ok: true, value: [] };
  const out: ExactJson[] = [];
  for (const piece of trimmed.split(',')) {
    const read = readText(items, piece);
    if (!read.ok) return read;
    out.push(read.value);
  }
  return { ok: true, value: out };
}

/** Reads typed text into the JSON a values file would hold for the same value (not yet judged). */
export function readText(spec: ValueSpec, text: string): ReadOutcome {
  if (spec.options?.length) return readOptions(spec.options, text, spec.type === 'array');
  switch (spec.type) {
    case 'array':
      return readArray(spec.items ?? { type: 'string' }, text);
    case 'object': {
      const parsed = parseExact(text.trim());
      if (!parsed.ok) return { ok: false, message: `Enter a JSON object, e.g. {"name": "Rex"}: ${parsed.message}.` };
      return isJsonObject(parsed.value) ? parsed : { ok: false, message: 'Enter a JSON object, e.g. {"name": "Rex"}.' };
    }
    case 'boolean':
      return { ok: true, value: text.trim().toLowerCase() };
    case 'integer':
    case 'number':
    case 'file':
    case 'stream':
      return { ok: true, value: text.trim() };
    case 'fileGallery': {
      const path = text.trim();
      return { ok: true, value: { Filename: path.split(/[\\/]/).pop() ?? path, Data: path } };
    }
    case 'string':
      return { ok: true, value: spec.format === 'date-time' ? text.trim() : text };
    default:
      return { ok: true, value: text };
  }
}

/** Capitalised, with a full stop: how a prompt shows a problem. */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A judge's message ("needs a whole number, ...", "item 2 needs ...") as an instruction for the person typing. */
function instruction(message: string): string {
  const item = /^item (\d+) (.*)$/s.exec(message);
  if (item) return `Item ${item[1]}: ${instruction(item[2] ?? '')}`;
  return sentence(message.startsWith('needs ') ? message.replace(/^needs /, 'Enter ') : `The value ${message}`);
}

/** Reads and judges typed text, as a prompt does while the user types; the value is the canonical one. */
export function parseTyped(spec: ValueSpec, text: string): Checked {
  const read = readText(spec, text);
  if (!read.ok) return read;
  const checked = checkValue(spec, read.value);
  return checked.ok ? checked : { ok: false, message: instruction(checked.message) };
}

/**
 * The text that, typed where the value is asked for, reads back as `value` (readText's inverse for a default):
 * a number as its value, a whole number with every digit, so a prompt that starts from a default sends what the
 * connector says. Undefined for null, which stands for no value.
 */
export function typedTextOf(value: ExactJson): string | undefined {
  if (value === null) return undefined;
  const scalar = scalarValueText(value);
  if (scalar !== undefined) return scalar;
  // Plain values separated by commas, as an array is typed, unless one of them holds a comma: then JSON.
  if (Array.isArray(value)) {
    const plain = value.map((item) => (item === null || (typeof item === 'object' && !(item instanceof JsonNumber)) ? undefined : typedTextOf(item)));
    if (plain.every((item): item is string => item !== undefined && !item.includes(','))) return plain.join(',');
  }
  return stringifyExact(value);
}

/** The operation's entry of a values file (`NAME.values.json`), or undefined when it has none. */
function entryOf(text: string, operationId: string): ReturnType<typeof propertiesOf>[number] | undefined {
  const root = parseDocument(text).root;
  return propertiesOf(root?.type === 'object' ? root : undefined).filter((p) => p.key === operationId).pop();
}

/** Whether a values file has an entry for an operation. */
export function hasValuesFor(text: string, operationId: string): boolean {
  return entryOf(text, operationId) !== undefined;
}

/** The values a values file holds for one operation, numbers kept exact (empty when it has none). */
export function valuesFor(text: string, operationId: string): Record<string, ExactJson> {
  const entry = entryOf(text, operationId);
  if (entry?.valueNode?.type !== 'object') return {};
  const out: Record<string, ExactJson> = {};
  for (const property of propertiesOf(entry.valueNode)) if (property.valueNode) out[property.key] = exactOfNode(property.valueNode, text);
  return out;
}

/** Where one request's values come from; a later source wins over an earlier one, name by name. */
export interface ValueSources {
  /** The text of a values file and the operation whose entry is used. */
  valuesFile?: { text: string; operationId: string };
  /** Typed texts by name (prompts, `--value`), read by the spec of the value they name. */
  entered?: Readonly<Record<string, string>>;
  /** Values as JSON (programs, tests). */
  values?: Readonly<Record<string, ExactJson>>;
}

/**
 * The values of one request from every source: the values file's entry, then typed texts, then JSON values. A
 * typed text for a name no spec has is kept as its text (the request says the name is unknown); one that cannot
 * be read is a problem. Nothing is judged here.
 */
export function readValues(specs: readonly (ValueSpec & { name: string })[], sources: ValueSources): { values: Record<string, ExactJson>; problems: { name: string; message: string }[] } {
  const values: Record<string, ExactJson> = sources.valuesFile ? valuesFor(sources.valuesFile.text, sources.valuesFile.operationId) : {};
  const problems: { name: string; message: string }[] = [];
  for (const [name, text] of Object.entries(sources.entered ?? {})) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      values[name] = text;
      continue;
    }
    const read = readText(spec, text);
    if (read.ok) values[name] = read.value;
    else problems.push({ name, message: read.message });
  }
  return { values: { ...values, ...sources.values }, problems };
}

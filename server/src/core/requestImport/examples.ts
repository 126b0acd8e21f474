// Parameters written from example values: typed as the values module types an example, the example kept for the
// values file, and a note wherever sending the typed value would give other bytes than the example did.
import type { ImportNote } from '../importing/notes';
import type { ItemsJson, ParameterJson } from '../openapi/types';
import { encodeComponent } from '../http/url';
import { typeOfExampleText, type ExampleType } from '../values/examples';
import type { ExactJson } from '../values/exactJson';
import type { Hole } from './captured';
import { decodeLoosely } from './requestUrl';

/** What a mapping step writes: parameters, their examples by name, and notes. */
export interface Written {
  parameters: ParameterJson[];
  examples: Record<string, ExactJson>;
  notes: Omit<ImportNote, 'where'>[];
}

/** An empty result to add to. */
export function written(): Written {
  return { parameters: [], examples: {}, notes: [] };
}

/** The narrowest type all examples share (integers and numbers together are numbers); string when they differ. */
function commonType(types: readonly ExampleType[]): ExampleType['type'] | 'string' {
  const kinds = new Set(types.map((t) => t.type));
  if (kinds.size === 1) return types[0]?.type ?? 'string';
  if ([...kinds].every((k) => k === 'integer' || k === 'number')) return 'number';
  return 'string';
}

/** A value typed as `type` from its text (all examples of an array share a type). */
function valueAs(type: ExampleType['type'], typed: ExampleType, text: string): string | number | boolean {
  return type === typed.type ? typed.value : type === 'number' ? Number(text) : text;
}

/**
 * One parameter from example texts (decoded): a scalar from one, an array from several (`separation` says how they
 * were sent). The example goes to `out.examples` unless `withoutExample`; a date-time that would be sent in another
 * form is noted.
 */
export function parameterFromTexts(out: Written, name: string, location: string, texts: readonly string[], options: { separation?: string; withoutExample?: boolean; required?: boolean; description?: string } = {}): ParameterJson {
  const typed = texts.map(typeOfExampleText);
  const many = options.separation !== undefined;
  const type = commonType(typed.length ? typed : [typeOfExampleText('')]);
  const formats = new Set(typed.map((t) => (t.type === type ? t.format : undefined)));
  const format = formats.size === 1 ? [...formats][0] : undefined;
  const base = { name, location, ...(options.required ? { required: true } : {}), ...(options.description ? { description: options.description } : {}) };
  const parameter: ParameterJson = many
    ? { ...base, type: 'array', items: { type, ...(format ? { format } : {}) } as ItemsJson, ...(options.separation !== 'csv' ? { separation: options.separation } : {}) }
    : { ...base, type, ...(format ? { format } : {}) };
  out.parameters.push(parameter);
  if (!options.withoutExample && texts.length > 0) {
    const values = typed.map((t, i) => valueAs(type, t, texts[i] ?? ''));
    out.examples[name] = many ? values : (values[0] ?? '');
    const moved = typed.find((t) => t.sentAs !== undefined && format === 'date-time');
    if (moved?.sentAs) out.notes.push({ kind: 'changed', item: name, reason: `'${name}' is a date and time (${moved.value}); it is sent in UTC with milliseconds, as ${moved.sentAs}.` });
  }
  return parameter;
}

/** How a value list is written in one place (query value, form field): as items joined by a separator the tool keeps unencoded. */
const SEPARATORS: [string, string][] = [[',', 'csv'], ['|', 'pipes']];

/**
 * Parameters from raw (encoded) name=value pairs, as a query or an urlencoded form holds them: a name given more than
 * once is an array sent as one pair per item (`multi`); a value with an unencoded `,` or `|` is an array joined by it.
 * Where the tool would encode a value other than the source did (`+` for a space, `%7E` for `~`), that is noted.
 */
export function parametersFromPairs(out: Written, location: 'query' | 'form', pairs: readonly { name: string; value?: string; disabled?: boolean; description?: string; hole?: Hole }[], plusIsSpace: boolean): void {
  const byName = new Map<string, { raws: (string | undefined)[]; disabled: boolean; description?: string; hole?: Hole }>();
  for (const pair of pairs) {
    const entry = byName.get(pair.name) ?? { raws: [], disabled: pair.disabled === true, ...(pair.description ? { description: pair.description } : {}), ...(pair.hole ? { hole: pair.hole } : {}) };
    if (!pair.disabled || entry.raws.length === 0) entry.raws.push(pair.value);
    entry.disabled &&= pair.disabled === true;
    byName.set(pair.name, entry);
  }
  const decode = (raw: string): string => decodeLoosely(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
  const order: string[] = [];
  for (const [name, entry] of byName) {
    const raws = entry.raws;
    const options = { withoutExample: entry.disabled, ...(entry.description ? { description: entry.description } : {}) };
    if (entry.hole) {
      // A variable: its value (when the source has one) is the example.
      const example = entry.hole.example;
      parameterFromTexts(out, name, location, example !== undefined ? [example] : [], options);
      continue;
    }
    if (raws.length === 1 && raws[0] === undefined) {
      out.parameters.push({ name, location, type: 'boolean', emptyValue: true, ...(entry.description ? { description: entry.description } : {}) });
      if (!entry.disabled) out.examples[name] = true;
      order.push(encodeComponent(name));
      continue;
    }
    const values = raws.map((r) => r ?? '');
    let sent: string[];
    if (values.length > 1) {
      parameterFromTexts(out, name, location, values.map(decode), { ...options, separation: 'multi' });
      sent = values.map((v) => `${encodeComponent(name)}=${encodeComponent(decode(v))}`);
    } else {
      const raw = values[0] ?? '';
      const separator = SEPARATORS.find(([s]) => raw.includes(s));
      if (separator && location === 'query') {
        const items = raw.split(separator[0]);
        parameterFromTexts(out, name, location, items.map(decode), { ...options, separation: separator[1] });
        sent = [`${encodeComponent(name)}=${items.map((i) => encodeComponent(decode(i))).join(separator[0])}`];
      } else {
        parameterFromTexts(out, name, location, [decode(raw)], options);
        sent = [`${encodeComponent(name)}=${encodeComponent(decode(raw))}`];
      }
    }
    const given = pairs.filter((p) => p.name === name && !p.disabled).map((p) => `${encodeComponent(p.name)}=${p.value ?? ''}`);
    if (!entry.disabled && given.join('&') !== sent.join('&')) {
      out.notes.push({ kind: 'changed', item: name, reason: `'${name}' is sent encoded as the tool encodes it: ${sent.join('&')} (the source sent ${given.join('&')}; the same value).` });
    }
    if (!entry.disabled) order.push(...sent);
  }
  const given = pairs.filter((p) => !p.disabled && !p.hole).map((p) => (p.value === undefined ? encodeComponent(p.name) : `${encodeComponent(p.name)}=${p.value}`));
  if (given.length > 0 && order.length === given.length && order.join('&') !== given.join('&') && new Set(pairs.map((p) => p.name)).size < pairs.length) {
    out.notes.push({ kind: 'changed', reason: `The ${location} parameters are sent in the operation's order, each name's values together: ${order.join('&')}.` });
  }
}

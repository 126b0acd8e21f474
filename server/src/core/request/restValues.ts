import type { ItemsSpec, RestConnector, RestOperation, RestParameter } from '../model';
import type { JsonValue } from '../tree';
import { variablePlaceholders } from '../placeholders';
import type { BuildProblem, SuppliedValues } from './types';
import { patternMismatch } from '../pattern';

/** A parameter with its value resolved: supplied or default, options mapped, formats applied. */
export interface ResolvedParameter {
  parameter: RestParameter;
  name: string;
  location: string;
  type: string;
  value: JsonValue;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

type Coerced = { ok: true; value: JsonValue } | { ok: false; message: string };

/** Applies a scalar type and format: date-time to ISO 8601, int64 exact, 32-bit range, float rounded to 32 bits. */
export function coerceScalar(type: string, format: string | undefined, value: JsonValue, name: string): Coerced {
  switch (type) {
    case 'integer': {
      if (format === 'int64') {
        const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
        if (!/^[+-]?\d+$/.test(text)) return { ok: false, message: `'${name}' needs a whole number, not ${JSON.stringify(value)}.` };
        const big = BigInt(text);
        if (big < INT64_MIN || big > INT64_MAX) return { ok: false, message: `'${name}' is outside the 64-bit range.` };
        // Kept as its decimal text so values past 2^53 stay exact on the wire.
        return { ok: true, value: big.toString() };
      }
      const number = typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) return { ok: false, message: `'${name}' needs a whole number, not ${JSON.stringify(value)}.` };
      if (number < INT32_MIN || number > INT32_MAX) return { ok: false, message: `'${name}' is outside the 32-bit range (${INT32_MIN} to ${INT32_MAX}); the connector would need format 'int64'.` };
      return { ok: true, value: number };
    }
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return { ok: false, message: `'${name}' needs a number, not ${JSON.stringify(value)}.` };
      return { ok: true, value: format === 'float' ? Math.fround(number) : number };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return { ok: false, message: `'${name}' needs true or false, not ${JSON.stringify(value)}.` };
    }
    case 'string': {
      if (format === 'date-time') {
        const time = typeof value === 'string' || typeof value === 'number' ? Date.parse(String(value)) : Number.NaN;
        if (Number.isNaN(time)) return { ok: false, message: `'${name}' needs a date and time such as "2026-11-22T10:30:00Z", not ${JSON.stringify(value)}.` };
        return { ok: true, value: new Date(time).toISOString() };
      }
      if (value !== null && typeof value === 'object') return { ok: false, message: `'${name}' needs text, not ${Array.isArray(value) ? 'an array' : 'an object'}.` };
      return { ok: true, value: value === null ? '' : String(value) };
    }
    default:
      return { ok: true, value };
  }
}

function coerceArray(items: ItemsSpec | undefined, value: JsonValue, name: string): Coerced {
  if (!Array.isArray(value)) return { ok: false, message: `'${name}' needs an array, not ${JSON.stringify(value)}.` };
  const out: JsonValue[] = [];
  for (const [index, element] of value.entries()) {
    const label = `${name}[${index}]`;
    const type = items?.type?.value ?? 'string';
    const coerced = type === 'array' ? coerceArray(items?.items, element, label) : coerceScalar(type, items?.format?.value, element, label);
    if (!coerced.ok) return coerced;
    out.push(coerced.value);
  }
  return { ok: true, value: out };
}

/** Maps option ids (c1, c2, ...) to their values; values themselves are accepted too. */
function mapOptions(options: string[], value: JsonValue, name: string): Coerced {
  const list = Array.isArray(value) ? value : [value];
  const out: JsonValue[] = [];
  for (const element of list) {
    const text = String(element);
    const byId = /^c(\d+)$/.exec(text);
    const index = byId ? Number(byId[1]) - 1 : options.indexOf(text);
    const option = options[index];
    if (option === undefined) {
      return { ok: false, message: `'${name}' takes options by id: ${JSON.stringify(element)} is none of ${options.map((o, i) => `c${i + 1} (${o})`).join(', ')}.` };
    }
    out.push(option);
  }
  return { ok: true, value: Array.isArray(value) ? out : (out[0] ?? null) };
}

function constraintProblems(parameter: RestParameter, value: JsonValue, name: string): string[] {
  const out: string[] = [];
  const limit = (c: string): number | undefined => {
    const found = parameter.constraints.find((x) => x.name === c)?.field.value;
    return typeof found === 'number' ? found : undefined;
  };
  const flag = (c: string): boolean => parameter.constraints.find((x) => x.name === c)?.field.value === true;
  if (typeof value === 'string') {
    const max = limit('maxLength');
    const min = limit('minLength');
    if (max !== undefined && value.length > max) out.push(`'${name}' is ${value.length} characters long; at most ${max} are allowed.`);
    if (min !== undefined && value.length < min) out.push(`'${name}' is ${value.length} characters long; at least ${min} are needed.`);
    const pattern = parameter.constraints.find((x) => x.name === 'pattern')?.field.value;
    const mismatch = typeof pattern === 'string' ? patternMismatch(pattern, value, name) : undefined;
    if (mismatch) out.push(mismatch);
  }
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?\d+$/.test(value) && parameter.type?.value === 'integer' ? Number(value) : undefined;
  if (numeric !== undefined) {
    const max = limit('maximum');
    const min = limit('minimum');
    if (max !== undefined && (flag('exclusiveMaximum') ? numeric >= max : numeric > max)) out.push(`'${name}' is ${numeric}; it must be ${flag('exclusiveMaximum') ? 'less than' : 'at most'} ${max}.`);
    if (min !== undefined && (flag('exclusiveMinimum') ? numeric <= min : numeric < min)) out.push(`'${name}' is ${numeric}; it must be ${flag('exclusiveMinimum') ? 'more than' : 'at least'} ${min}.`);
  }
  if (Array.isArray(value)) {
    const max = limit('maxItems');
    const min = limit('minItems');
    if (max !== undefined && value.length > max) out.push(`'${name}' has ${value.length} items; at most ${max} are allowed.`);
    if (min !== undefined && value.length < min) out.push(`'${name}' has ${value.length} items; at least ${min} are needed.`);
  }
  return out;
}

/** Text of a resolved value as a template placeholder sees it. */
export function valueText(value: JsonValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(valueText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Resolves every parameter's value (supplied, else default), checks and converts it, and fills computed templates.
 * Every missing required value and every bad value is reported at once.
 */
export function resolveValues(connector: RestConnector, operation: RestOperation, values: SuppliedValues): { resolved: ResolvedParameter[]; problems: BuildProblem[]; warnings: string[] } {
  const enforce = connector.advanced?.enforceConstraints?.value === true;
  const problems: BuildProblem[] = [];
  const warnings: string[] = [];
  const resolved: ResolvedParameter[] = [];
  const known = new Set(operation.parameters.map((p) => p.name?.value));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) problems.push({ code: 'unknown-value', name, message: `'${operationLabel(operation)}' has no parameter '${name}'.` });
  }
  for (const parameter of operation.parameters) {
    const name = parameter.name?.value;
    const location = parameter.location?.value;
    const type = parameter.type?.value;
    if (!name || !location || !type || type === 'computed') continue;
    const supplied = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    const raw = supplied !== undefined && supplied !== null ? supplied : parameter.default?.value;
    if (raw === undefined || raw === null) {
      if (parameter.required?.value === true || location === 'path') {
        problems.push({ code: 'missing-value', name, message: `'${name}' (${location} ${type}) is required; supply a value.` });
      }
      continue;
    }
    const options = parameter.options?.value.filter((o): o is string => typeof o === 'string');
    let coerced: Coerced;
    if (options?.length) coerced = mapOptions(options, raw, name);
    else if (type === 'array') coerced = coerceArray(parameter.items, raw, name);
    else coerced = coerceScalar(type, parameter.format?.value, raw, name);
    if (!coerced.ok) {
      problems.push({ code: 'invalid-value', name, message: coerced.message });
      continue;
    }
    for (const message of constraintProblems(parameter, coerced.value, name)) {
      if (enforce) problems.push({ code: 'constraint-violated', name, message });
      else warnings.push(`${message} (Not enforced: the request is sent anyway.)`);
    }
    resolved.push({ parameter, name, location, type, value: coerced.value });
  }
  resolveComputed(operation, resolved, problems);
  return { resolved, problems, warnings };
}

function operationLabel(operation: RestOperation): string {
  return operation.id?.value ?? `#${operation.index + 1}`;
}

/** Fills computed parameters from their templates, in dependency order; a cycle is a problem. */
function resolveComputed(operation: RestOperation, resolved: ResolvedParameter[], problems: BuildProblem[]): void {
  const pending = operation.parameters.filter((p) => p.type?.value === 'computed' && p.name && p.location);
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    for (let i = 0; i < pending.length; i++) {
      const parameter = pending[i];
      if (!parameter) continue;
      const template = parameter.template?.value ?? '';
      const names = variablePlaceholders(template).map((p) => p.name);
      const waiting = names.some((n) => pending.some((p) => p.name?.value === n));
      if (waiting) continue;
      const text = template.replace(/\{\{([^{}]*)\}\}/g, (_m, raw: string) => {
        const found = resolved.find((r) => r.name === raw.trim());
        return found ? valueText(found.value) : '';
      });
      resolved.push({ parameter, name: parameter.name?.value ?? '', location: parameter.location?.value ?? '', type: 'computed', value: text });
      pending.splice(i, 1);
      i--;
      progress = true;
    }
  }
  for (const parameter of pending) {
    problems.push({ code: 'invalid-connector', name: parameter.name?.value ?? '', message: `Computed parameter '${parameter.name?.value ?? ''}' refers to itself through other computed parameters; fix its template.` });
  }
}

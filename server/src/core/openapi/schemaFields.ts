import type { JsonValue } from '../tree';
import { asArray, asNumber, asObject, asString } from './document';
import { schemaType } from './models';
import type { ItemsJson, JsonObject, ParameterJson } from './types';
import { patternProblem } from '../pattern';

/** Scalar parameter types, which take a default. */
const SCALARS = ['string', 'integer', 'number', 'boolean'];

/**
 * The connector format of an OpenAPI type and format. Only formats with a run-time effect change anything; the
 * platform's plain integer is 32-bit and its plain number 64-bit, so `int32` and `double` are the defaults and
 * an integer without a format (no limit in OpenAPI) becomes `int64`, the widest the platform offers.
 */
export function formatFor(type: string, format: string | undefined): string | undefined {
  if (type === 'integer') return format === 'int32' ? undefined : format === undefined || format === 'int64' ? 'int64' : format;
  if (type === 'number') return format === 'double' ? undefined : format;
  return format;
}

/** What a value of a schema-like object (a 2.0 parameter or items, a 3.x schema) fits as text, for a note. */
function listOf(values: JsonValue[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** Result of reading a schema-like object's value rules: the fields, and notes on what did not fit. */
export interface ValueRules {
  fields: Partial<ParameterJson>;
  notes: string[];
}

/** Whether the checks can run a regular expression (linear-time engine): one they refuse is left out and reported. */
function validPattern(pattern: string): boolean {
  return patternProblem(pattern) === undefined;
}

/** The upper or lower bound of a number schema, with 3.1's numeric exclusive bounds turned into the platform's flag. */
function bound(schema: JsonObject, inclusiveKey: 'maximum' | 'minimum', exclusiveKey: 'exclusiveMaximum' | 'exclusiveMinimum'): Partial<ParameterJson> {
  const inclusive = asNumber(schema[inclusiveKey]);
  const exclusive = schema[exclusiveKey];
  if (typeof exclusive === 'number' && Number.isFinite(exclusive)) {
    const tighter = inclusive === undefined || (inclusiveKey === 'maximum' ? exclusive <= inclusive : exclusive >= inclusive);
    return tighter ? { [inclusiveKey]: exclusive, [exclusiveKey]: true } : { [inclusiveKey]: inclusive };
  }
  if (inclusive === undefined) return {};
  return exclusive === true ? { [inclusiveKey]: inclusive, [exclusiveKey]: true } : { [inclusiveKey]: inclusive };
}

/**
 * The default, constraints, options and description rules of a schema for a parameter of `type`; `itemSchema` is an
 * array's items with their `$ref` followed (its own `items` when absent).
 */
export function valueRules(schema: JsonObject, type: string, items: ItemsJson | undefined, itemSchema = asObject(schema.items)): ValueRules {
  const fields: Partial<ParameterJson> = {};
  const notes: string[] = [];
  if (type === 'string') {
    const maxLength = asNumber(schema.maxLength);
    const minLength = asNumber(schema.minLength);
    if (maxLength !== undefined && Number.isInteger(maxLength) && maxLength >= 0) fields.maxLength = maxLength;
    if (minLength !== undefined && Number.isInteger(minLength) && minLength >= 0) fields.minLength = minLength;
    const pattern = asString(schema.pattern);
    if (pattern !== undefined) {
      if (validPattern(pattern)) fields.pattern = pattern;
      else notes.push(`its pattern ${JSON.stringify(pattern)} is not a regular expression the platform can run, so it is left out`);
    }
  }
  if (type === 'integer' || type === 'number') Object.assign(fields, bound(schema, 'maximum', 'exclusiveMaximum'), bound(schema, 'minimum', 'exclusiveMinimum'));
  if (type === 'array') {
    const maxItems = asNumber(schema.maxItems);
    const minItems = asNumber(schema.minItems);
    if (maxItems !== undefined && Number.isInteger(maxItems) && maxItems >= 0) fields.maxItems = maxItems;
    if (minItems !== undefined && Number.isInteger(minItems) && minItems >= 0) fields.minItems = minItems;
    if (schema.uniqueItems === true) fields.uniqueItems = true;
    const itemEnum = asArray(itemSchema?.enum).filter((v) => v !== null);
    if (itemEnum.length > 0) {
      if (items?.type === 'string' && itemEnum.every((v) => typeof v === 'string') && new Set(itemEnum).size === itemEnum.length) {
        fields.options = itemEnum as string[];
      } else {
        notes.push(`its items are one of ${listOf(itemEnum)}; the platform offers a list of options only for arrays of distinct strings, so the values are listed in its description`);
        fields.description = `Allowed items: ${listOf(itemEnum)}.`;
      }
    }
  }
  const enumValues = asArray(schema.enum).filter((v) => v !== null);
  if (enumValues.length > 0 && type !== 'array') {
    notes.push(`it is one of ${listOf(enumValues)}; the platform offers a list of options only for arrays of strings, so the values are listed in its description`);
    fields.description = `Allowed values: ${listOf(enumValues)}.`;
  }
  const fallback = schema.default;
  if (fallback !== undefined && fallback !== null) {
    const fits = SCALARS.includes(type) && (type === 'integer' ? Number.isInteger(fallback) : type === 'string' ? typeof fallback === 'string' : typeof fallback === type);
    if (fits) fields.default = fallback;
    else notes.push(`its default ${JSON.stringify(fallback)} is left out: ${SCALARS.includes(type) ? `it is not a ${type}` : `defaults are for string, integer, number and boolean parameters`}`);
  }
  return { fields, notes };
}

/** An array schema's inner type: `items` for the connector, and the schema of the objects inside when there are any. */
export interface ItemsOutcome {
  items?: ItemsJson;
  /** Why the items cannot be held, when they cannot. */
  problem?: string;
  /** The innermost items' schema as written (a `$ref` kept) when they are objects: the model the body's values follow. */
  objectItems?: JsonObject;
  /** The innermost items' schema with its `$ref` followed: where allowed values are read from. */
  innerSchema?: JsonObject;
}

/**
 * The inner type of an array schema, nested arrays included, `$ref`s followed; undefined with a reason when the
 * platform cannot hold it (objects only in a body array).
 */
export function itemsOf(schema: JsonObject, allowObject: boolean, separationOf: (items: JsonObject) => string | undefined, deref: (value: JsonObject) => JsonObject | undefined, depth = 0): ItemsOutcome {
  const written = asObject(schema.items);
  if (!written || depth > 8) return { items: { type: 'string' } };
  const items = deref(written);
  if (!items) return { problem: `its items' $ref '${asString(written.$ref) ?? ''}' points at nothing in the document` };
  const { type, several } = schemaType(items);
  if (several) return { problem: `its items are one of several types (${several.join(', ')})` };
  const itemType = type ?? 'string';
  if (itemType === 'object' && !allowObject) return { problem: 'its items are objects, which only a body array can hold' };
  const out: ItemsJson = { type: itemType };
  const format = formatFor(itemType, asString(items.format));
  if (format !== undefined) out.format = format;
  if (itemType === 'object') return { items: out, objectItems: written };
  if (itemType === 'array') {
    const inner = itemsOf(items, allowObject, separationOf, deref, depth + 1);
    if (!inner.items) return inner;
    const separation = separationOf(items);
    if (separation && separation !== 'csv') out.separation = separation;
    out.items = inner.items;
    return { ...inner, items: out };
  }
  return { items: out, innerSchema: items };
}

import { asObject, asString } from './document';
import { schemaType } from './models';
import { formatFor, itemsOf, valueRules } from './schemaFields';
import type { JsonObject, OpenApiVersion, ParameterJson } from './types';

/** A parameter the connector can hold, with what was changed to fit it, or the reason it cannot be held. */
export type ParameterOutcome =
  | { ok: true; parameter: ParameterJson; changes: string[] }
  | { ok: false; reason: string };

/** Swagger 2.0's `collectionFormat` → separation: the same five words. */
const COLLECTION_FORMATS = ['csv', 'ssv', 'tsv', 'pipes', 'multi'];

/** OpenAPI 3's `style` (and `explode`) of a query or form value → separation; undefined when there is none. */
export function separationOfStyle(style: string, explode: boolean): string | undefined {
  switch (style) {
    case 'form': return explode ? 'multi' : 'csv';
    case 'spaceDelimited': return explode ? 'multi' : 'ssv';
    case 'pipeDelimited': return explode ? 'multi' : 'pipes';
    case 'simple': return 'csv';
    default: return undefined;
  }
}

/** Where an OpenAPI 3 parameter is placed, and its style with the defaults the specification gives. */
function styleOf(raw: JsonObject, location: string): { style: string; explode: boolean } {
  const style = asString(raw.style) ?? (location === 'query' || location === 'cookie' ? 'form' : 'simple');
  const explode = typeof raw.explode === 'boolean' ? raw.explode : style === 'form';
  return { style, explode };
}

/** The schema a parameter's value follows: 2.0 keeps it on the parameter, 3.x in `schema` (or in `content`). */
function valueSchema(raw: JsonObject, version: OpenApiVersion, deref: (v: JsonObject) => JsonObject | undefined): { schema?: JsonObject; viaContent?: string } {
  if (version === '2.0') return { schema: raw };
  const schema = asObject(raw.schema);
  if (schema) return { schema: deref(schema) ?? {} };
  const content = asObject(raw.content);
  const mediaType = content ? Object.keys(content)[0] : undefined;
  if (content && mediaType) return { schema: { type: 'string' }, viaContent: mediaType };
  return { schema: {} };
}

/**
 * One OpenAPI parameter (already dereferenced; not a body) as a connector parameter: `in` → location,
 * `collectionFormat` or `style`/`explode` → separation, type and format, `required`, default, constraints.
 */
export function importParameter(raw: JsonObject, version: OpenApiVersion, deref: (v: JsonObject) => JsonObject | undefined): ParameterOutcome {
  const name = asString(raw.name);
  const where = asString(raw.in);
  if (!name || !where) return { ok: false, reason: "it has no 'name' or 'in'" };
  if (where === 'cookie') return { ok: false, reason: 'the platform sends no cookie parameters' };
  const changes: string[] = [];
  let location = where === 'formData' ? 'form' : where;
  if (!['path', 'query', 'header', 'form'].includes(location)) return { ok: false, reason: `'in: ${where}' is not a place the platform puts parameters` };
  const { schema, viaContent } = valueSchema(raw, version, deref);
  if (viaContent) changes.push(`its value is ${viaContent} text; supply it already serialised`);
  let separation: string | undefined;
  if (version !== '2.0') {
    const { style, explode } = styleOf(raw, location);
    if (location === 'path' && style === 'matrix') {
      location = 'matrix';
      separation = explode ? 'multi' : 'csv';
    } else if (location === 'path' && style === 'label') {
      changes.push("its style 'label' (a '.' before the value) has no platform equivalent; the value is sent as a plain path segment");
      separation = 'csv';
    } else if (style === 'deepObject') {
      return { ok: false, reason: "its style 'deepObject' (name[key]=value) has no platform equivalent" };
    } else {
      separation = separationOfStyle(style, explode);
      if (separation === undefined) return { ok: false, reason: `its style '${style}' has no platform equivalent` };
      if (separation === 'multi' && location !== 'query' && location !== 'form') separation = 'csv';
    }
  } else {
    const format = asString(raw.collectionFormat) ?? 'csv';
    separation = COLLECTION_FORMATS.includes(format) ? format : 'csv';
    if (!COLLECTION_FORMATS.includes(format)) changes.push(`its collectionFormat '${format}' is unknown; csv is used`);
  }
  const { type: schemaTypeName, several } = schemaType(schema);
  if (several) return { ok: false, reason: `its value is one of several types (${several.join(', ')})` };
  let type = viaContent ? 'string' : (schemaTypeName ?? (version === '2.0' ? asString(raw.type) : undefined) ?? 'string');
  const format = asString(schema?.format);
  if (version === '2.0' && type === 'file') type = 'file';
  else if (location === 'form' && type === 'string' && format === 'binary') type = 'file';
  if (type === 'object') return { ok: false, reason: `it is an object, which only a body can hold (in ${location} the platform takes string, integer, number, boolean and array)` };
  if (type === 'file' && location !== 'form') return { ok: false, reason: `a file cannot be sent in ${location}` };
  const parameter: ParameterJson = { name, location, type };
  if (raw.required === true || location === 'path') parameter.required = true;
  const description = asString(raw.description);
  let itemSchema: JsonObject | undefined;
  if (type === 'array') {
    const { items, problem, innerSchema } = itemsOf(schema ?? {}, false, (inner) => (version === '2.0' ? asString(inner.collectionFormat) : undefined), deref);
    if (!items) return { ok: false, reason: problem ?? 'its items cannot be held' };
    parameter.items = items;
    itemSchema = innerSchema;
    if (location === 'path' && separation === 'multi') {
      changes.push("'multi' cannot repeat a path segment; csv is used");
      separation = 'csv';
    }
    parameter.separation = separation ?? 'csv';
  } else if (type !== 'file') {
    const mapped = formatFor(type, format);
    if (mapped !== undefined) parameter.format = mapped;
  }
  const rules = valueRules(schema ?? {}, type, parameter.items, itemSchema);
  const { description: ruleDescription, ...ruleFields } = rules.fields;
  Object.assign(parameter, ruleFields);
  changes.push(...rules.notes);
  const text = [description, ruleDescription].filter((d): d is string => !!d).join(' ');
  if (text) parameter.description = text;
  if (raw.allowEmptyValue === true && location === 'query') parameter.emptyValue = true;
  return { ok: true, parameter: orderedParameter(parameter), changes };
}

/** The parameter's properties in the order people read them: name, location, type first. */
export function orderedParameter(parameter: ParameterJson): ParameterJson {
  const order: (keyof ParameterJson)[] = [
    'name', 'location', 'type', 'required', 'format', 'items', 'separation', 'options', 'model', 'default', 'emptyValue',
    'maxLength', 'minLength', 'pattern', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxItems', 'minItems', 'uniqueItems', 'description',
  ];
  const out: Record<string, unknown> = {};
  for (const key of order) if (parameter[key] !== undefined) out[key] = parameter[key];
  return out as unknown as ParameterJson;
}

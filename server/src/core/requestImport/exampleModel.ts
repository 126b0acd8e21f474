// The model a JSON body's example suggests: each property typed as the values module types it (integer, int64,
// number, boolean, string, date-time), objects and arrays as they nest. One example cannot say what is required or
// what else a property may hold, so a model lists what the example shows and requires nothing.
import type { ModelJson } from '../openapi/types';
import { isJsonObject, JsonNumber, type ExactJson } from '../values/exactJson';
import { isDateTimeText, typeOfNumberText } from '../values/examples';

/** Deeper examples are cut off: their inner values stay untyped. */
const MAX_DEPTH = 32;

/** The model of one example value. A number whose digits sending would change (`1.50`) is left untyped, so it is sent as written. */
export function modelOfExample(value: ExactJson, depth = 0): ModelJson {
  if (depth > MAX_DEPTH || value === null) return {};
  if (value instanceof JsonNumber || typeof value === 'number') {
    const typed = typeOfNumberText(value instanceof JsonNumber ? value.text : String(value));
    return typed ? { type: typed.type, ...(typed.format ? { format: typed.format } : {}) } : {};
  }
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'string') return isDateTimeText(value) ? { type: 'string', format: 'date-time' } : { type: 'string' };
  if (Array.isArray(value)) {
    const items = value.map((item) => modelOfExample(item, depth + 1)).reduce<ModelJson | undefined>((a, b) => (a === undefined ? b : mergeModels(a, b)), undefined);
    return { type: 'array', ...(items ? { items } : {}) };
  }
  if (!isJsonObject(value)) return {};
  const properties: Record<string, ModelJson> = {};
  for (const [key, member] of Object.entries(value)) properties[key] = modelOfExample(member, depth + 1);
  return { type: 'object', properties };
}

/** Two examples' models as one: properties of both; where they disagree on a type, untyped (an integer and a number are a number). */
function mergeModels(a: ModelJson, b: ModelJson): ModelJson {
  if (a.type !== b.type) {
    if ((a.type === 'integer' && b.type === 'number') || (a.type === 'number' && b.type === 'integer')) return { type: 'number' };
    return {};
  }
  if (a.type === 'object') {
    const properties: Record<string, ModelJson> = { ...a.properties };
    for (const [key, model] of Object.entries(b.properties ?? {})) properties[key] = properties[key] ? mergeModels(properties[key], model) : model;
    return { type: 'object', properties };
  }
  if (a.type === 'array') {
    const items = a.items && b.items ? mergeModels(a.items, b.items) : a.items ?? b.items;
    return { type: 'array', ...(items ? { items } : {}) };
  }
  return a.format === b.format ? a : { type: a.type };
}

import type { RestConnector } from '../model';
import { jsonOf, type JsonValue } from '../tree';
import { describeValue } from './check';
import { checkDateTime } from './dateTime';
import { isJsonObject, JsonNumber, numberText, type ExactJson } from './exactJson';
import { checkInteger, checkNumber } from './numbers';

/** The connector's models by name, as JSON. */
export type Models = ReadonlyMap<string, JsonValue>;

/** Reads the models of a REST connector. */
export function modelsOf(connector: RestConnector): Models {
  const out = new Map<string, JsonValue>();
  for (const definition of connector.models?.definitions ?? []) if (definition.node) out.set(definition.name, jsonOf(definition.node));
  return out;
}

/** The model a `$ref` ("#/models/Name") names, or undefined. */
export function refName(ref: string): string | undefined {
  return /^#\/models\/([^/]+)$/.exec(ref)?.[1];
}

const MAX_PROBLEMS = 20;

type ModelJson = { [key: string]: JsonValue };

function where(path: string): string {
  return path === '' ? 'the value' : `'${path}'`;
}

function walk(value: ExactJson, model: JsonValue, models: Models, path: string, out: string[], depth: number): void {
  if (out.length >= MAX_PROBLEMS || depth > 64 || typeof model !== 'object' || model === null || Array.isArray(model)) return;
  const m = model as ModelJson;
  if (typeof m.$ref === 'string') {
    const name = refName(m.$ref);
    const target = name === undefined ? undefined : models.get(name);
    if (target === undefined) out.push(`${where(path)} refers to ${JSON.stringify(m.$ref)}, which 'models' does not define`);
    else walk(value, target, models, path, out, depth + 1);
    return;
  }
  const format = typeof m.format === 'string' ? m.format : undefined;
  switch (m.type) {
    case 'object': {
      if (!isJsonObject(value)) {
        out.push(`${where(path)} needs an object, not ${describeValue(value)}`);
        return;
      }
      const properties = isJsonObject(m.properties as ExactJson) ? (m.properties as ModelJson) : undefined;
      for (const required of Array.isArray(m.required) ? m.required : []) {
        if (typeof required === 'string' && !(required in value)) out.push(`${where(path)} lacks the required property '${required}'`);
      }
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const childModel = properties?.[key];
        if (childModel !== undefined) walk(child, childModel, models, childPath, out, depth + 1);
        else if (properties && m.additionalProperties !== true) out.push(`'${childPath}' is not a property of the model (it defines ${Object.keys(properties).map((k) => `'${k}'`).join(', ') || 'none'})`);
      }
      return;
    }
    case 'array':
      if (!Array.isArray(value)) out.push(`${where(path)} needs an array, not ${describeValue(value)}`);
      else value.forEach((item, i) => walk(item, m.items ?? null, models, `${path}[${i}]`, out, depth + 1));
      return;
    case 'string':
      if (typeof value !== 'string') out.push(`${where(path)} needs a string, not ${describeValue(value)}`);
      else if (format === 'date-time') {
        const checked = checkDateTime(value);
        if (!checked.ok) out.push(`${where(path)} ${checked.message}`);
      }
      return;
    case 'integer':
    case 'number': {
      if (!(value instanceof JsonNumber) && typeof value !== 'number') {
        out.push(`${where(path)} needs ${m.type === 'integer' ? 'a whole number' : 'a number'}, not ${describeValue(value)}`);
        return;
      }
      const checked = m.type === 'integer' ? checkInteger(numberText(value), format) : checkNumber(numberText(value), format);
      if (!checked.ok) out.push(`${where(path)} ${checked.message}`);
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean') out.push(`${where(path)} needs true or false, not ${describeValue(value)}`);
      return;
    default:
  }
}

/** The element types of an array, outermost first (`items` of `items` ...), as far as a model applies to them. */
export interface ItemTypes {
  type: string;
  items?: ItemTypes;
}

/** The model an array's values follow when its innermost items are objects of `modelName`; undefined otherwise. */
function arrayModel(modelName: string, items: ItemTypes | undefined, depth = 0): JsonValue | undefined {
  if (!items || depth > 32) return undefined;
  if (items.type === 'object') return { type: 'array', items: { $ref: `#/models/${modelName}` } };
  if (items.type !== 'array') return undefined;
  const inner = arrayModel(modelName, items.items, depth + 1);
  return inner === undefined ? undefined : { type: 'array', items: inner };
}

/**
 * How a value differs from its model: missing required properties, wrong types, unknown properties. An object is
 * checked against the model; an array whose `items` are objects (or arrays of them), each object in it.
 */
export function modelProblems(value: ExactJson, modelName: string, models: Models, items?: ItemTypes): string[] {
  const model = Array.isArray(value) ? arrayModel(modelName, items) : models.get(modelName);
  if (model === undefined || !models.has(modelName)) return [];
  const out: string[] = [];
  walk(value, model, models, '', out, 0);
  return out;
}

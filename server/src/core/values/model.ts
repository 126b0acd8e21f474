import type { RestConnector } from '../model';
import { jsonOf, type JsonValue } from '../tree';
import { checkValue, describeValue } from './check';
import { checkDateTime } from './dateTime';
import { isJsonObject, setMember, type ExactJson } from './exactJson';

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

/** Judges a value against a model, reporting what does not fit; returns the value with its numbers in canonical form. */
function walk(value: ExactJson, model: JsonValue, models: Models, path: string, out: string[], depth: number): ExactJson {
  if (depth > 64 || typeof model !== 'object' || model === null || Array.isArray(model)) return value;
  const report = (message: string): void => void (out.length < MAX_PROBLEMS && out.push(message));
  const m = model as ModelJson;
  if (typeof m.$ref === 'string') {
    const name = refName(m.$ref);
    const target = name === undefined ? undefined : models.get(name);
    if (target !== undefined) return walk(value, target, models, path, out, depth + 1);
    report(`${where(path)} refers to ${JSON.stringify(m.$ref)}, which 'models' does not define`);
    return value;
  }
  const format = typeof m.format === 'string' ? m.format : undefined;
  switch (m.type) {
    case 'object': {
      if (!isJsonObject(value)) {
        report(`${where(path)} needs an object, not ${describeValue(value)}`);
        return value;
      }
      const properties = isJsonObject(m.properties as ExactJson) ? (m.properties as ModelJson) : undefined;
      for (const required of Array.isArray(m.required) ? m.required : []) {
        if (typeof required === 'string' && !Object.prototype.hasOwnProperty.call(value, required)) report(`${where(path)} lacks the required property '${required}'`);
      }
      const canonical: { [key: string]: ExactJson } = {};
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const childModel = properties && Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
        if (childModel === undefined && properties && m.additionalProperties !== true) report(`'${childPath}' is not a property of the model (it defines ${Object.keys(properties).map((k) => `'${k}'`).join(', ') || 'none'})`);
        setMember(canonical, key, childModel === undefined ? child : walk(child, childModel, models, childPath, out, depth + 1));
      }
      return canonical;
    }
    case 'array':
      if (Array.isArray(value)) return value.map((item, i) => walk(item, m.items ?? null, models, `${path}[${i}]`, out, depth + 1));
      report(`${where(path)} needs an array, not ${describeValue(value)}`);
      return value;
    case 'string':
      if (typeof value !== 'string') report(`${where(path)} needs a string, not ${describeValue(value)}`);
      else if (format === 'date-time') {
        const checked = checkDateTime(value);
        if (!checked.ok) report(`${where(path)} ${checked.message}`);
      }
      return value;
    case 'integer':
    case 'number': {
      // The one judge of numbers, as for a parameter of this type: a string holding one is taken too (an int64 is
      // best given so), and the number is written in its canonical form.
      const checked = checkValue({ type: m.type, ...(format !== undefined ? { format } : {}) }, value);
      if (checked.ok) return checked.value;
      report(`${where(path)} ${checked.message}`);
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') report(`${where(path)} needs true or false, not ${describeValue(value)}`);
      return value;
    default:
      return value;
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
 * A value judged against its model: missing required properties, wrong types and unknown properties, and the value
 * as it is sent (properties the model types as integer or number in the canonical form of such a value). An object
 * is judged against the model; an array whose `items` are objects (or arrays of them), each object in it.
 */
export function checkModel(value: ExactJson, modelName: string, models: Models, items?: ItemTypes): { value: ExactJson; problems: string[] } {
  const model = Array.isArray(value) ? arrayModel(modelName, items) : models.get(modelName);
  if (model === undefined || !models.has(modelName)) return { value, problems: [] };
  const problems: string[] = [];
  return { value: walk(value, model, models, '', problems, 0), problems };
}

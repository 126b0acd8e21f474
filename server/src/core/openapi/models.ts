import type { JsonValue } from '../tree';
import { asArray, asObject, asString, deref, refName, resolvePointer } from './document';
import type { ImportNote, JsonObject, ModelJson, OpenApiVersion } from './types';

/** JSON types a model (and a parameter) can have. */
const MODEL_TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'] as const;

/** Deeper inline schemas than this are cut (a hostile document could nest without end). */
const MAX_DEPTH = 32;

/**
 * A schema's JSON type: its `type` (a 3.1 list without "null"), or what its keywords imply. `several` lists
 * the types of a 3.1 type list that names more than one besides null.
 */
export function schemaType(schema: JsonObject | undefined): { type?: string; several?: string[] } {
  if (!schema) return {};
  const declared = schema.type;
  if (typeof declared === 'string') return MODEL_TYPES.includes(declared as 'object') ? { type: declared } : {};
  if (Array.isArray(declared)) {
    const types = declared.filter((t): t is string => typeof t === 'string' && t !== 'null' && MODEL_TYPES.includes(t as 'object'));
    if (types.length === 1) return { type: types[0] };
    if (types.length > 1) return { several: types };
    return {};
  }
  if (asObject(schema.properties) || asObject(schema.additionalProperties) || schema.additionalProperties === true) return { type: 'object' };
  if (asObject(schema.items)) return { type: 'array' };
  return {};
}

/** Where a version keeps its named schemas. */
function schemasPrefix(version: OpenApiVersion): string {
  return version === '2.0' ? '#/definitions/' : '#/components/schemas/';
}

/** Turns the document's schemas into the connector's models, naming each model after its schema. */
export class ModelCollector {
  readonly models: Record<string, ModelJson> = {};
  /** `$ref` → model name, for every model made or being made. */
  private readonly byRef = new Map<string, string>();

  constructor(private readonly document: JsonObject, private readonly version: OpenApiVersion, private readonly notes: ImportNote[]) {}

  /** A free model name: the wanted one (without '/'), or it with a number. */
  freeName(wanted: string): string {
    const base = wanted.replace(/\//g, '_') || 'Model';
    let name = base;
    for (let i = 2; Object.prototype.hasOwnProperty.call(this.models, name) || [...this.byRef.values()].includes(name); i++) name = `${base}${i}`;
    return name;
  }

  /** The model a `$ref`'d schema becomes (made on first use, with every model it refers to). */
  modelForRef(wanted: string, hops = 0): string | undefined {
    const known = this.byRef.get(wanted);
    if (known) return known;
    const resolved = resolvePointer(this.document, wanted);
    const target = asObject(resolved?.value);
    if (!resolved || !target) return undefined;
    const ref = resolved.pointer;
    if (ref !== wanted && hops < 64) {
      // A pointer through another $ref is the model of what it reaches, as the document's bundling would rewrite it.
      const onward = asString(target.$ref);
      return this.modelForRef(onward !== undefined && Object.keys(target).length === 1 ? onward : ref, hops + 1);
    }
    const name = this.freeName(ref.startsWith(schemasPrefix(this.version)) ? refName(ref) : refName(ref) || 'Model');
    this.byRef.set(ref, name);
    this.models[name] = {};
    this.models[name] = this.convert(target, name, 0);
    return name;
  }

  /** A model for an inline schema, named after where it is used. */
  modelForInline(schema: JsonObject, wantedName: string): string {
    const name = this.freeName(wantedName);
    this.models[name] = {};
    this.models[name] = this.convert(schema, name, 0);
    return name;
  }

  /** A schema as a model: named schemas become `$ref`s, `allOf` parts are merged, the rest is kept as the format allows. */
  convert(schema: JsonObject, where: string, depth: number): ModelJson {
    if (depth > MAX_DEPTH) {
      this.notes.push({ kind: 'changed', where: `models/${where}`, reason: `The schema nests deeper than ${MAX_DEPTH} levels; deeper levels are left out of the model.` });
      return {};
    }
    const ref = asString(schema.$ref);
    if (ref !== undefined) {
      const name = this.modelForRef(ref);
      if (!name) {
        this.notes.push({ kind: 'left-out', where: `models/${where}`, reason: `The $ref '${ref}' points at nothing in the document.` });
        return {};
      }
      const model: ModelJson = { $ref: `#/models/${name}` };
      const description = asString(schema.description);
      return description !== undefined ? { ...model, description } : model;
    }
    const parts = asArray(schema.allOf);
    if (parts.length > 0) return this.mergeAllOf(schema, parts, where, depth);
    const alternatives = [...asArray(schema.oneOf), ...asArray(schema.anyOf)];
    const model: ModelJson = {};
    const { type, several } = schemaType(schema);
    if (type) model.type = type;
    const format = asString(schema.format);
    if (format !== undefined) model.format = format;
    let description = asString(schema.description);
    if (alternatives.length > 0 || several) {
      const names = alternatives.map((a) => {
        const r = asString(asObject(a)?.$ref);
        return r ? refName(r) : (schemaType(asObject(a)).type ?? 'a schema');
      });
      const choices = several ?? names;
      this.notes.push({
        kind: 'changed',
        where: `models/${where}`,
        reason: `The schema is one of several shapes (${choices.join(', ')}); models have one shape, so the model describes it in words only.`,
      });
      description = `${description ? `${description} ` : ''}One of: ${choices.join(', ')}.`;
    }
    const allowed = asArray(schema.enum).filter((v) => v !== null);
    // Models have no list of allowed values; the description keeps them for whoever reads or fills the model.
    if (allowed.length > 0) description = `${description ? `${description} ` : ''}Allowed values: ${allowed.map((v) => JSON.stringify(v)).join(', ')}.`;
    if (description !== undefined) model.description = description;
    const properties = asObject(schema.properties);
    if (properties) {
      model.properties = {};
      for (const [key, value] of Object.entries(properties)) {
        const property = asObject(value);
        if (property) model.properties[key] = this.convert(property, `${where}.${key}`, depth + 1);
      }
    }
    const required = asArray(schema.required).filter((r): r is string => typeof r === 'string');
    if (required.length > 0 && (type === 'object' || properties)) model.required = required;
    const items = asObject(schema.items);
    if (items) model.items = this.convert(items, `${where}[]`, depth + 1);
    return model;
  }

  private mergeAllOf(schema: JsonObject, parts: JsonValue[], where: string, depth: number): ModelJson {
    const merged: ModelJson = { type: 'object' };
    const properties: Record<string, ModelJson> = {};
    const required: string[] = [];
    const description = asString(schema.description);
    for (const part of [schema, ...parts]) {
      const resolved = part === schema ? { ...schema, allOf: [] } : deref(this.document, part);
      if (!resolved) continue;
      const nested = asArray(resolved.allOf).length > 0 ? this.mergeAllOf(resolved, asArray(resolved.allOf), where, depth + 1) : this.convert(resolved, where, depth + 1);
      Object.assign(properties, nested.properties ?? {});
      for (const r of nested.required ?? []) if (!required.includes(r)) required.push(r);
      if (!merged.description && nested.description && part !== schema) merged.description = nested.description;
    }
    if (description !== undefined) merged.description = description;
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
    return merged;
  }
}

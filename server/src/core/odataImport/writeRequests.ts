import { IdAllocator } from '../importing/names';
import { callerParameters, isOptionalParameter, keyPredicateTemplate, placeholderName } from '../metadata/arguments';
import { requiredForCreate } from '../metadata/body';
import { descriptionOf, keyOf, shortName, structuredType, typeLabel } from '../metadata/lookups';
import type { Annotations, EdmEntitySet, EdmOperation, EdmParameter, EdmSingleton, EdmStructuredType, ServiceMetadata, TypeRef } from '../metadata/model';
import { jsonTypeOfEdm, jsonVariableTemplate, shapeOf, urlLiteralTemplate } from '../metadata/primitives';
import { stateOfType } from '../metadata/resourcePath';
import { generateResponseStructure, type Selection } from '../metadata/response';
import type { JsonValue } from '../tree';
import { usesETags, type PlannedRequest } from './plan';
import { createProperties, listSelection, updateProperties } from './properties';
import type { CustomRequestJson } from './types';

/** How many entities a generated list asks for. */
export const LIST_TOP = 100;
/** The variable every generated change sends its ETag in: `If-Match: {{etag}}`, as the platform's If-Match button writes it. */
const ETAG = 'etag';
/** Complex values are written member by member down to this depth; deeper ones are one variable each. */
const MAX_BODY_DEPTH = 4;

/** Placeholder names of one request: path parameters, query values and body variables share the values. */
class Placeholders {
  private readonly names: IdAllocator;

  constructor(reserved: string[] = []) {
    this.names = new IdAllocator(reserved);
  }

  /** A free name for a property or parameter; `owner` prefixes it when its own name is taken (`orderId` beside a key's `id`). */
  take(name: string, owner?: string): string {
    const wanted = placeholderName(name);
    if (owner && this.names.has(wanted)) {
      const qualified = `${placeholderName(owner)}${wanted.charAt(0).toUpperCase()}${wanted.slice(1)}`;
      if (!this.names.has(qualified)) return this.names.allocate(qualified);
    }
    return this.names.allocate(wanted);
  }
}

/** The key predicate of an entity, with a path parameter per key property named by `placeholders`. */
function keyPath(service: ServiceMetadata, type: EdmStructuredType, placeholders: Placeholders): string {
  const names = new Map(keyOf(service, type).map((k) => [k, placeholders.take(k)]));
  return `(${keyPredicateTemplate(service, type, names) ?? ''})`;
}

/** Structures made so far, per type: an entity set's get, create and update answer with the same one. */
const structures = new WeakMap<EdmStructuredType, Map<string, JsonValue>>();

/** The response structure of one entity: every property (those selected), and `@odata.etag` where the set keeps ETags. */
function entityStructure(service: ServiceMetadata, type: EdmStructuredType, etag: boolean, select?: readonly string[]): JsonValue {
  const made = structures.get(type) ?? new Map<string, JsonValue>();
  structures.set(type, made);
  const key = `${etag ? 'etag' : ''}|${select?.join(',') ?? '*'}`;
  const known = made.get(key);
  if (known !== undefined) return known;
  const selection: Selection = { expand: new Map(), ...(select ? { select: new Set(select) } : {}) };
  const body = generateResponseStructure(service, { kind: 'entity', type }, selection);
  const structure = etag && body !== null && typeof body === 'object' && !Array.isArray(body) ? { '@odata.etag': '', ...body } : body ?? {};
  made.set(key, structure);
  return structure;
}

/** A JSON body's text: members in order, each value already written (a variable, or a nested object's text). */
function objectText(members: [string, string][]): string {
  return members.length ? `{ ${members.map(([name, value]) => `${JSON.stringify(name)}: ${value}`).join(', ')} }` : '{}';
}

/** A value's text in a JSON body: a variable quoted or bare by its JSON type, or a complex value's required members. */
function valueText(service: ServiceMetadata, type: TypeRef, placeholder: string, placeholders: Placeholders, depth: number): string {
  const complex = !type.collection && shapeOf(service, type.name).kind === 'structured' ? structuredType(service, type.name) : undefined;
  if (complex && depth < MAX_BODY_DEPTH) {
    const members = requiredForCreate(service, complex).map((m): [string, string] => [m.name, valueText(service, m.type, placeholders.take(`${placeholder}${m.name.charAt(0).toUpperCase()}${m.name.slice(1)}`), placeholders, depth + 1)]);
    return objectText(members);
  }
  return jsonVariableTemplate(service, type, placeholder);
}

function bodyOf(service: ServiceMetadata, members: { name: string; type: TypeRef }[], placeholders: Placeholders, owner?: string): string {
  return objectText(members.map((m) => [m.name, valueText(service, m.type, placeholders.take(m.name, owner), placeholders, 0)]));
}

/** A response structure for what an operation returns; undefined when it returns nothing. */
function returnStructure(service: ServiceMetadata, operation: EdmOperation, source?: EdmEntitySet | EdmSingleton): JsonValue | undefined {
  const returns = operation.returnType;
  if (!returns) return undefined;
  const state = stateOfType(service, returns);
  if (state.kind === 'entity') return entityStructure(service, state.type, source !== undefined && usesETags(source) && structuredType(service, returns.name) === structuredType(service, source.kind === 'entitySet' ? source.entityType : source.type));
  return generateResponseStructure(service, state, { expand: new Map() });
}

/**
 * An operation's parameters in its call: a function's in the url as literals (structured values and collections as
 * `@aliases` in the query), an action's in a JSON body.
 */
function operationCall(service: ServiceMetadata, operation: EdmOperation, placeholders: Placeholders): { call: string; query?: Record<string, string>; body?: string } {
  const parameters = callerParameters(operation);
  if (operation.kind === 'action') return parameters.length ? { call: '', body: bodyOf(service, parameters, placeholders, operation.name) } : { call: '' };
  const query: Record<string, string> = {};
  const args = parameters.map((p: EdmParameter) => {
    const name = placeholders.take(p.name, operation.name);
    const literal = urlLiteralTemplate(service, p.type, name);
    if (literal !== undefined) return `${p.name}=${literal}`;
    // A structured or collection value is JSON in a parameter alias. Its default is an empty collection, or null: a
    // JSON object's braces would read as a path parameter, so an object is supplied as the alias's value when sent.
    query[`@${name}`] = jsonTypeOfEdm(service, p.type) === 'array' ? '[]' : 'null';
    return `${p.name}=@${name}`;
  });
  return { call: `(${args.join(',')})`, ...(Object.keys(query).length ? { query } : {}) };
}

/** What the value of If-Match is: the ETag where the set keeps them, else `*`, which any version of the entity matches. */
function ifMatchHint(set: EdmEntitySet): string {
  return usesETags(set) ? 'etag: the ETag it was read with' : "etag: '*' (the service declares no ETags), or the ETag when it sends one";
}

function summaryOf(text: string, element?: { annotations: Annotations }): string {
  const description = descriptionOf(element)?.replace(/\s+/g, ' ').trim();
  return description ? `${text}: ${description}` : text;
}

function optionalNote(operation: EdmOperation): string {
  const optional = callerParameters(operation).filter(isOptionalParameter).map((p) => p.name);
  return optional.length ? ` (optional: ${optional.join(', ')})` : '';
}

/** Writes one planned request as a Custom request. */
export function writeRequest(service: ServiceMetadata, planned: PlannedRequest): CustomRequestJson {
  const id = planned.id;
  switch (planned.kind) {
    case 'list': {
      const { set, type } = planned;
      const select = listSelection(service, type);
      return {
        id, summary: summaryOf(`List ${set.name} (the first ${LIST_TOP})`, set), operation: 'read', url: set.name,
        query: { $top: LIST_TOP, ...(select ? { $select: select.join(',') } : {}) },
        responseStructure: { value: [entityStructure(service, type, usesETags(set), select)] },
      };
    }
    case 'get': {
      const { set, type } = planned;
      const placeholders = new Placeholders();
      return { id, summary: `One ${shortName(type.qualifiedName)} of ${set.name} by its key (${keyOf(service, type).join(', ')})`, operation: 'read', url: `${set.name}${keyPath(service, type, placeholders)}`, responseStructure: entityStructure(service, type, usesETags(set)) };
    }
    case 'create': {
      const { set, type } = planned;
      return { id, summary: `Create one ${shortName(type.qualifiedName)} in ${set.name}`, operation: 'create', url: set.name, body: bodyOf(service, createProperties(service, type), new Placeholders()), responseStructure: entityStructure(service, type, usesETags(set)) };
    }
    case 'update': {
      const { set, type } = planned;
      const placeholders = new Placeholders([ETAG]);
      const url = `${set.name}${keyPath(service, type, placeholders)}`;
      return {
        id, summary: `Change one ${shortName(type.qualifiedName)} of ${set.name} (PATCH: the properties to change; ${ifMatchHint(set)})`, operation: 'update', url,
        // The service answers with the changed entity (and its new ETag) instead of 204 No Content.
        headers: { 'If-Match': `{{${ETAG}}}`, Prefer: 'return=representation' },
        body: bodyOf(service, updateProperties(service, type), placeholders), responseStructure: entityStructure(service, type, usesETags(set)),
      };
    }
    case 'delete': {
      const { set, type } = planned;
      const placeholders = new Placeholders([ETAG]);
      return { id, summary: `Delete one ${shortName(type.qualifiedName)} of ${set.name} (${ifMatchHint(set)})`, operation: 'delete', url: `${set.name}${keyPath(service, type, placeholders)}`, headers: { 'If-Match': `{{${ETAG}}}` } };
    }
    case 'singleton': {
      const { singleton, type } = planned;
      return { id, summary: summaryOf(`Read ${singleton.name}`, singleton), operation: 'read', url: singleton.name, responseStructure: entityStructure(service, type, usesETags(singleton)) };
    }
    case 'bound': {
      const { source, type, operation, collection } = planned;
      const etag = operation.kind === 'action' && !collection && source.kind === 'entitySet' && usesETags(source);
      const placeholders = new Placeholders(etag ? [ETAG] : []);
      const path = source.kind === 'singleton' || collection ? source.name : `${source.name}${keyPath(service, type, placeholders)}`;
      const call = operationCall(service, operation, placeholders);
      const structure = returnStructure(service, operation, source);
      const on = collection ? `the collection ${source.name}` : source.kind === 'singleton' ? source.name : `one ${shortName(type.qualifiedName)} of ${source.name}`;
      return {
        id, summary: summaryOf(`${operation.kind === 'action' ? 'Action' : 'Function'} ${operation.name} on ${on}${optionalNote(operation)}`, operation),
        operation: operation.kind, url: `${path}/${operation.qualifiedName}${call.call}`,
        ...(call.query ? { query: call.query } : {}),
        ...(etag ? { headers: { 'If-Match': `{{${ETAG}}}` } } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(structure !== undefined ? { responseStructure: structure } : {}),
      };
    }
    case 'import': {
      const { child, operation } = planned;
      const call = operationCall(service, operation, new Placeholders());
      const structure = returnStructure(service, operation);
      return {
        id, summary: summaryOf(`${operation.kind === 'action' ? 'Action' : 'Function'} ${child.name}${optionalNote(operation)}${operation.returnType ? ` → ${typeLabel(operation.returnType)}` : ''}`, operation),
        operation: operation.kind, url: `${child.name}${call.call}`,
        ...(call.query ? { query: call.query } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(structure !== undefined ? { responseStructure: structure } : {}),
      };
    }
  }
}

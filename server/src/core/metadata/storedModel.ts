import type {
  AnnotationValue, Annotations, EdmActionImport, EdmContainer, EdmContainerChild, EdmEntitySet, EdmEnumType, EdmFunctionImport, EdmNavigationProperty,
  EdmOperation, EdmParameter, EdmProperty, EdmSchemaType, EdmSingleton, EdmStructuredType, EdmTypeDefinition, ServiceMetadata,
} from './model';
import { NO_ANNOTATIONS } from './xmlAnnotations';

/**
 * A read service as plain JSON and back, so an edge can keep it between processes (a document read once is not read
 * again by the next command). The text is checked field by field as it is turned back into a model: a stored text
 * that is not exactly what storedServiceText wrote (cut short, edited, from another version) gives undefined, never
 * a model the checks would stumble on. It is compact, as it is read once per process: elements are lists of their
 * fields in a fixed order, the members of a type (and parameters, enumeration members, bindings) one flat list per
 * owner; a map's keys are its elements' names. Annotation values are tagged so that what JSON cannot say (NaN,
 * ±Infinity, -0, whether an object is a record) comes back as it was.
 */

/** Changes whenever the stored shape changes: a text of another format is not read. */
export const STORED_MODEL_FORMAT = 1;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * The service as JSON text, stamped with `key` (what the edge names the document and reader by), or undefined when
 * it holds a value this form cannot keep exactly.
 */
export function storedServiceText(service: ServiceMetadata, key: string): string | undefined {
  const chunks: string[] = [];
  return writeStoredService(service, key, (chunk) => chunks.push(chunk)) ? chunks.join('') : undefined;
}

/**
 * storedServiceText's text handed to `write` in pieces of about one element each, so that an edge can write a large
 * service without ever holding the whole text; false (and some pieces written) when it cannot be kept exactly.
 */
export function writeStoredService(service: ServiceMetadata, key: string, write: (chunk: string) => void): boolean {
  try {
    encodeService(service, key, write);
    return true;
  } catch (error) {
    if (error instanceof Unstorable) return false;
    throw error;
  }
}

/** The service storedServiceText wrote with this `key`, or undefined when `text` is not exactly such a text. */
export function serviceFromStoredText(text: string, key: string): ServiceMetadata | undefined {
  try {
    return decodeService(JSON.parse(text) as unknown, key);
  } catch (error) {
    // Not JSON, JSON nested past the stack, or a field of the wrong shape: either way the stored text is not used.
    if (error instanceof SyntaxError || error instanceof RangeError || error instanceof NotStored) return undefined;
    throw error;
  }
}

class Unstorable extends Error {}
class NotStored extends Error {}

// ---- writing ----

/**
 * The service's text, written element by element: each element's JSON tree lives only while it is written, so a
 * large service never has a second, tree-shaped copy of itself in memory, nor (with a `write` that does not keep
 * them) its whole text.
 */
function encodeService(service: ServiceMetadata, key: string, write: (chunk: string) => void): void {
  const head: JsonObject = { format: STORED_MODEL_FORMAT, key, version: service.version, namespaces: [...service.namespaces], aliases: flatEntries(service.aliases) };
  if (service.container) head.container = encodeContainer(service.container);
  write(`${JSON.stringify(head).slice(0, -1)},"types":[`);
  let first = true;
  for (const [name, type] of service.types) {
    write(`${first ? '' : ','}${JSON.stringify(encodeType(keyed(name, type.qualifiedName, type)))}`);
    first = false;
  }
  write('],"operations":[');
  first = true;
  for (const [name, overloads] of service.operations) {
    for (const operation of overloads) {
      write(`${first ? '' : ','}${JSON.stringify(encodeOperation(keyed(name, operation.qualifiedName, operation)))}`);
      first = false;
    }
  }
  write(']}');
}

/** The element of a map under `key`, which must be its name: the stored form keeps the name only. */
function keyed<T>(key: string, name: string, element: T): T {
  if (key !== name) throw new Unstorable();
  return element;
}

function flatEntries(map: ReadonlyMap<string, string>): Json[] {
  const out: Json[] = [];
  for (const [key, value] of map) out.push(key, value);
  return out;
}

/** An optional string: null when absent. */
function maybe(value: string | undefined): Json {
  return value === undefined ? null : value;
}

function encodeType(type: EdmSchemaType): Json {
  const annotations = encodeAnnotations(type.annotations);
  switch (type.kind) {
    case 'entityType': case 'complexType': {
      const properties: Json[] = [];
      for (const [name, p] of type.properties) {
        keyed(name, p.name, p);
        properties.push(p.name, p.type.name, p.type.collection, p.nullable, encodeAnnotations(p.annotations), maybe(p.defaultValue), maybe(p.maxLength), maybe(p.precision), maybe(p.scale));
      }
      const navigation: Json[] = [];
      for (const [name, n] of type.navigationProperties) {
        keyed(name, n.name, n);
        navigation.push(n.name, n.type.name, n.type.collection, n.nullable, n.containsTarget, maybe(n.partner), encodeAnnotations(n.annotations));
      }
      const flags = (type.abstract ? 1 : 0) | (type.openType ? 2 : 0) | (type.hasStream ? 4 : 0);
      return [type.kind === 'entityType' ? 'E' : 'C', type.name, type.qualifiedName, maybe(type.baseType), flags, type.key ? [...type.key] : null, properties, navigation, annotations];
    }
    case 'enumType':
      return ['N', type.name, type.qualifiedName, type.isFlags, type.underlyingType, type.members.flatMap((m) => [m.name, m.value]), annotations];
    case 'typeDefinition':
      return ['T', type.name, type.qualifiedName, type.underlyingType, annotations];
  }
}

function encodeOperation(operation: EdmOperation): Json {
  const parameters: Json[] = [];
  for (const p of operation.parameters) parameters.push(p.name, p.type.name, p.type.collection, p.nullable, encodeAnnotations(p.annotations));
  const returned = operation.returnType;
  return [
    operation.kind === 'action' ? 'A' : 'F', operation.name, operation.qualifiedName, operation.bound, operation.composable, parameters,
    returned ? [returned.name, returned.collection, returned.nullable] : null, maybe(operation.entitySetPath), encodeAnnotations(operation.annotations),
  ];
}

function encodeContainer(container: EdmContainer): Json {
  return [container.name, container.qualifiedName, encodeAnnotations(container.annotations), [...container.children].map(([name, child]) => encodeChild(keyed(name, child.name, child)))];
}

function encodeChild(child: EdmContainerChild): Json {
  const annotations = encodeAnnotations(child.annotations);
  switch (child.kind) {
    case 'entitySet': return ['S', child.name, child.entityType, flatEntries(child.bindings), annotations];
    case 'singleton': return ['G', child.name, child.type, flatEntries(child.bindings), annotations];
    case 'actionImport': return ['I', child.name, child.action, maybe(child.entitySet), annotations];
    case 'functionImport': return ['U', child.name, child.function, maybe(child.entitySet), annotations];
  }
}

/** Annotations as a flat list of term and value; none as 0 (most elements have none). */
function encodeAnnotations(annotations: Annotations): Json {
  const terms = Object.keys(annotations);
  if (terms.length === 0) return 0;
  const out: Json[] = [];
  for (const term of terms) out.push(term, encodeValue(annotations[term] ?? null));
  return out;
}

/**
 * An annotation value: strings, booleans, null and finite numbers as themselves; other numbers as `{ n }`; arrays as
 * `{ a }`; objects as `{ r }` (a record, without prototype) or `{ o }` (an ordinary object), keys and values in turn.
 */
function encodeValue(value: AnnotationValue): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { n: Object.is(value, -0) ? '-0' : String(value) };
  if (Array.isArray(value)) return { a: value.map(encodeValue) };
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== null && prototype !== Object.prototype) throw new Unstorable();
  const entries: Json[] = [];
  for (const key of Object.keys(value)) entries.push(key, encodeValue(value[key] ?? null));
  return prototype === null ? { r: entries } : { o: entries };
}

// ---- reading ----

function fail(): never {
  throw new NotStored();
}

function object(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail();
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : fail();
}

/** A list of exactly `length` fields. */
function fields(value: unknown, length: number): unknown[] {
  return Array.isArray(value) && value.length === length ? value : fail();
}

/** A flat list of records of `stride` fields each. */
function strided(value: unknown, stride: number): unknown[] {
  return Array.isArray(value) && value.length % stride === 0 ? value : fail();
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : fail();
}

function flag(value: unknown): boolean {
  return typeof value === 'boolean' ? value : fail();
}

/** An optional string (null when absent) set on `into` under `name` when present. */
function setMaybe(into: object, name: string, value: unknown): void {
  if (value !== null) (into as Record<string, unknown>)[name] = text(value);
}

function pairs(value: unknown): Map<string, string> {
  const flat = strided(value, 2);
  const out = new Map<string, string>();
  for (let i = 0; i < flat.length; i += 2) out.set(text(flat[i]), text(flat[i + 1]));
  return out;
}

function decodeService(value: unknown, key: string): ServiceMetadata {
  const o = object(value);
  if (o.format !== STORED_MODEL_FORMAT || o.key !== key) fail();
  const types = new Map<string, EdmSchemaType>();
  for (const item of list(o.types)) {
    const type = decodeType(item);
    types.set(type.qualifiedName, type);
  }
  const operations = new Map<string, EdmOperation[]>();
  for (const item of list(o.operations)) {
    const operation = decodeOperation(item);
    const overloads = operations.get(operation.qualifiedName);
    if (overloads) overloads.push(operation);
    else operations.set(operation.qualifiedName, [operation]);
  }
  const service: ServiceMetadata = { version: text(o.version), namespaces: list(o.namespaces).map(text), aliases: pairs(o.aliases), types, operations };
  if ('container' in o) service.container = decodeContainer(o.container);
  return service;
}

function decodeType(value: unknown): EdmSchemaType {
  const f = list(value);
  switch (f[0]) {
    case 'E': case 'C': {
      fields(f, 9);
      const flags = f[4];
      if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0 || flags > 7) fail();
      const properties = new Map<string, EdmProperty>();
      const p = strided(f[6], 9);
      for (let i = 0; i < p.length; i += 9) {
        const property: EdmProperty = { kind: 'property', name: text(p[i]), type: { name: text(p[i + 1]), collection: flag(p[i + 2]) }, nullable: flag(p[i + 3]), annotations: decodeAnnotations(p[i + 4]) };
        setMaybe(property, 'defaultValue', p[i + 5]);
        setMaybe(property, 'maxLength', p[i + 6]);
        setMaybe(property, 'precision', p[i + 7]);
        setMaybe(property, 'scale', p[i + 8]);
        properties.set(property.name, property);
      }
      const navigationProperties = new Map<string, EdmNavigationProperty>();
      const n = strided(f[7], 7);
      for (let i = 0; i < n.length; i += 7) {
        const navigation: EdmNavigationProperty = { kind: 'navigation', name: text(n[i]), type: { name: text(n[i + 1]), collection: flag(n[i + 2]) }, nullable: flag(n[i + 3]), containsTarget: flag(n[i + 4]), annotations: decodeAnnotations(n[i + 6]) };
        setMaybe(navigation, 'partner', n[i + 5]);
        navigationProperties.set(navigation.name, navigation);
      }
      const type: EdmStructuredType = {
        kind: f[0] === 'E' ? 'entityType' : 'complexType', name: text(f[1]), qualifiedName: text(f[2]),
        abstract: (flags & 1) !== 0, openType: (flags & 2) !== 0, hasStream: (flags & 4) !== 0, properties, navigationProperties, annotations: decodeAnnotations(f[8]),
      };
      setMaybe(type, 'baseType', f[3]);
      if (f[5] !== null) type.key = list(f[5]).map(text);
      return type;
    }
    case 'N': {
      fields(f, 7);
      const flat = strided(f[5], 2);
      const members: EdmEnumType['members'] = [];
      for (let i = 0; i < flat.length; i += 2) members.push({ name: text(flat[i]), value: text(flat[i + 1]) });
      const type: EdmEnumType = { kind: 'enumType', name: text(f[1]), qualifiedName: text(f[2]), isFlags: flag(f[3]), underlyingType: text(f[4]), members, annotations: decodeAnnotations(f[6]) };
      return type;
    }
    case 'T': {
      fields(f, 5);
      const type: EdmTypeDefinition = { kind: 'typeDefinition', name: text(f[1]), qualifiedName: text(f[2]), underlyingType: text(f[3]), annotations: decodeAnnotations(f[4]) };
      return type;
    }
    default: return fail();
  }
}

function decodeOperation(value: unknown): EdmOperation {
  const f = fields(value, 9);
  if (f[0] !== 'A' && f[0] !== 'F') fail();
  const flat = strided(f[5], 5);
  const parameters: EdmParameter[] = [];
  for (let i = 0; i < flat.length; i += 5) {
    parameters.push({ name: text(flat[i]), type: { name: text(flat[i + 1]), collection: flag(flat[i + 2]) }, nullable: flag(flat[i + 3]), annotations: decodeAnnotations(flat[i + 4]) });
  }
  const operation: EdmOperation = { kind: f[0] === 'A' ? 'action' : 'function', name: text(f[1]), qualifiedName: text(f[2]), bound: flag(f[3]), composable: flag(f[4]), parameters, annotations: decodeAnnotations(f[8]) };
  if (f[6] !== null) {
    const returned = fields(f[6], 3);
    operation.returnType = { name: text(returned[0]), collection: flag(returned[1]), nullable: flag(returned[2]) };
  }
  setMaybe(operation, 'entitySetPath', f[7]);
  return operation;
}

function decodeContainer(value: unknown): EdmContainer {
  const f = fields(value, 4);
  const children = new Map<string, EdmContainerChild>();
  for (const item of list(f[3])) {
    const child = decodeChild(item);
    children.set(child.name, child);
  }
  return { name: text(f[0]), qualifiedName: text(f[1]), children, annotations: decodeAnnotations(f[2]) };
}

function decodeChild(value: unknown): EdmContainerChild {
  const f = fields(value, 5);
  const name = text(f[1]);
  const annotations = decodeAnnotations(f[4]);
  switch (f[0]) {
    case 'S': {
      const set: EdmEntitySet = { kind: 'entitySet', name, entityType: text(f[2]), bindings: pairs(f[3]), annotations };
      return set;
    }
    case 'G': {
      const singleton: EdmSingleton = { kind: 'singleton', name, type: text(f[2]), bindings: pairs(f[3]), annotations };
      return singleton;
    }
    case 'I': {
      const child: EdmActionImport = { kind: 'actionImport', name, action: text(f[2]), annotations };
      setMaybe(child, 'entitySet', f[3]);
      return child;
    }
    case 'U': {
      const child: EdmFunctionImport = { kind: 'functionImport', name, function: text(f[2]), annotations };
      setMaybe(child, 'entitySet', f[3]);
      return child;
    }
    default: return fail();
  }
}

function decodeAnnotations(value: unknown): Annotations {
  if (value === 0) return NO_ANNOTATIONS;
  const flat = list(value);
  if (flat.length === 0 || flat.length % 2 !== 0) fail();
  const annotations = Object.create(null) as Annotations;
  // Without a prototype, assigning any key (`__proto__` too) makes an own property.
  for (let i = 0; i < flat.length; i += 2) annotations[text(flat[i])] = decodeValue(flat[i + 1]);
  return annotations;
}

/** Sets an own property, whatever its name (`__proto__` included), as the reader's assignment made it. */
function define(into: object, key: string, value: AnnotationValue): void {
  Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Deeper than this, a stored value was not written by this form (the readers nest values far less). */
const MAX_VALUE_DEPTH = 200;

function decodeValue(value: unknown, depth = 0): AnnotationValue {
  if (depth > MAX_VALUE_DEPTH) fail();
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
  const o = object(value);
  const keys = Object.keys(o);
  if (keys.length !== 1) fail();
  if ('n' in o) {
    switch (o.n) {
      case 'NaN': return Number.NaN;
      case 'Infinity': return Number.POSITIVE_INFINITY;
      case '-Infinity': return Number.NEGATIVE_INFINITY;
      case '-0': return -0;
      default: return fail();
    }
  }
  if ('a' in o) return list(o.a).map((item) => decodeValue(item, depth + 1));
  const record = 'r' in o;
  if (!record && !('o' in o)) fail();
  const flat = list(record ? o.r : o.o);
  if (flat.length % 2 !== 0) fail();
  const out: { [key: string]: AnnotationValue } = record ? (Object.create(null) as { [key: string]: AnnotationValue }) : {};
  for (let i = 0; i < flat.length; i += 2) {
    const key = text(flat[i]);
    const item = decodeValue(flat[i + 1], depth + 1);
    if (record || key !== '__proto__') out[key] = item;
    else define(out, key, item);
  }
  return out;
}

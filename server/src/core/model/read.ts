// Reads the typed model from the compact tree: each object's properties are looked at once, the last of a repeated
// key winning (as JSON.parse keeps it), and every field keeps its value and its two nodes.
import type { Node } from 'jsonc-parser';
import { ARRAY, OBJECT, type JsonTree } from '../parse/jsonTree';
import type { JsonValue } from '../tree';
import { CONSTRAINTS } from '../vocabulary';
import type {
  Authorization, Connector, ConnectorCommon, CustomRequest, CustomRequestBody, Field, ItemsSpec, MapField,
  RestConnector, RestOperation, RestParameter,
} from './index';

type Accept<T> = (v: unknown) => v is T;
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isAny = (v: unknown): v is JsonValue => v !== undefined;
const isArray = (v: unknown): v is JsonValue[] => Array.isArray(v);
// A model's value is kept as its JSON object; the model type names it by the node type it was once read from.
const isModelObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys a reader looks for, each with its slot. */
function slotsOf(keys: readonly string[]): ReadonlyMap<string, number> {
  return new Map(keys.map((key, slot) => [key, slot]));
}

/** The property node of each wanted key in an object node (the last when a key repeats), -1 where absent. */
function propertiesByKey(tree: JsonTree, object: number, slots: ReadonlyMap<string, number>): Int32Array {
  const found = new Int32Array(slots.size).fill(-1);
  if (object < 0 || tree.kind(object) !== OBJECT) return found;
  const end = tree.end(object);
  for (let property = object + 1; property < end; property = tree.end(property)) {
    const slot = slots.get(tree.key(property) as string);
    if (slot !== undefined) found[slot] = property;
  }
  return found;
}

/** The field of a property node: present only when it has a value that `accept` takes. */
function fieldAt<T>(tree: JsonTree, property: number, accept: Accept<T>): Field<T> | undefined {
  if (property < 0) return undefined;
  const node = tree.propertyValue(property);
  if (node < 0) return undefined;
  const value = tree.value(node);
  return accept(value) ? { value, node: tree.node(node), keyNode: tree.node(property + 1) } : undefined;
}

/** An object-valued property with its entries in file order; each entry's value only when `accept` takes it. */
function mapFieldAt<T>(tree: JsonTree, property: number, accept: Accept<T>): MapField<T> | undefined {
  if (property < 0) return undefined;
  const node = tree.propertyValue(property);
  if (node < 0 || tree.kind(node) !== OBJECT) return undefined;
  const entries: MapField<T>['entries'] = [];
  const end = tree.end(node);
  for (let entry = node + 1; entry < end; entry = tree.end(entry)) {
    const name = tree.key(entry);
    if (typeof name !== 'string') continue;
    const valueIndex = tree.propertyValue(entry);
    const raw = valueIndex < 0 ? undefined : tree.value(valueIndex);
    entries.push({ name, keyNode: tree.node(entry + 1), value: accept(raw) ? raw : undefined, valueNode: tree.nodeOrUndefined(valueIndex) });
  }
  return { node: tree.node(node), keyNode: tree.node(property + 1), entries };
}

/** The object elements of an array node (others are the schema's business). */
function objectElements(tree: JsonTree, array: number): number[] {
  const out: number[] = [];
  if (array < 0 || tree.kind(array) !== ARRAY) return out;
  const end = tree.end(array);
  for (let element = array + 1; element < end; element = tree.end(element)) if (tree.kind(element) === OBJECT) out.push(element);
  return out;
}

const ITEMS_KEYS = slotsOf(['type', 'format', 'separation', 'items']);

function readItems(tree: JsonTree, property: number, depth: number): ItemsSpec | undefined {
  if (property < 0 || depth > 32) return undefined;
  const node = tree.propertyValue(property);
  if (node < 0 || tree.kind(node) !== OBJECT) return undefined;
  const [type = -1, format = -1, separation = -1, items = -1] = propertiesByKey(tree, node, ITEMS_KEYS);
  return {
    node: tree.node(node),
    keyNode: tree.node(property + 1),
    type: fieldAt(tree, type, isString),
    format: fieldAt(tree, format, isString),
    separation: fieldAt(tree, separation, isString),
    items: readItems(tree, items, depth + 1),
  };
}

const PARAMETER_KEYS = slotsOf([
  'name', 'location', 'type', 'required', 'format', 'default', 'description', 'uniqueItems', 'emptyValue', 'items',
  'separation', 'options', 'model', 'template', ...CONSTRAINTS,
]);
const FIRST_CONSTRAINT = PARAMETER_KEYS.size - CONSTRAINTS.length;

function readParameter(tree: JsonTree, node: number, index: number): RestParameter {
  const at = propertiesByKey(tree, node, PARAMETER_KEYS);
  const slot = (i: number): number => at[i] as number;
  const constraints: RestParameter['constraints'] = [];
  CONSTRAINTS.forEach((name, i) => {
    const field = fieldAt(tree, slot(FIRST_CONSTRAINT + i), isAny);
    if (field) constraints.push({ name, field });
  });
  constraints.sort((a, b) => a.field.node.offset - b.field.node.offset);
  const options = fieldAt(tree, slot(11), isArray);
  return {
    node: tree.node(node),
    index,
    name: fieldAt(tree, slot(0), isString),
    location: fieldAt(tree, slot(1), isString),
    type: fieldAt(tree, slot(2), isString),
    required: fieldAt(tree, slot(3), isBoolean),
    format: fieldAt(tree, slot(4), isString),
    default: fieldAt(tree, slot(5), isAny),
    description: fieldAt(tree, slot(6), isString),
    constraints,
    uniqueItems: fieldAt(tree, slot(7), isAny),
    emptyValue: fieldAt(tree, slot(8), isBoolean),
    items: readItems(tree, slot(9), 0),
    separation: fieldAt(tree, slot(10), isString),
    options: options ? { ...options, elements: options.node.children ?? [] } : undefined,
    model: fieldAt(tree, slot(12), isString),
    template: fieldAt(tree, slot(13), isString),
  };
}

const OPERATION_KEYS = slotsOf(['id', 'summary', 'method', 'path', 'headers', 'parameters']);

/** Reads operation `index` (its position among the operations) from its object node. */
export function readOperationAt(tree: JsonTree, node: number, index: number): RestOperation {
  const [id = -1, summary = -1, method = -1, path = -1, headers = -1, parameters = -1] = propertiesByKey(tree, node, OPERATION_KEYS);
  const parametersNode = parameters < 0 ? -1 : tree.propertyValue(parameters);
  return {
    node: tree.node(node),
    index,
    id: fieldAt(tree, id, isString),
    summary: fieldAt(tree, summary, isString),
    method: fieldAt(tree, method, isString),
    path: fieldAt(tree, path, isString),
    headers: mapFieldAt(tree, headers, isString),
    parametersNode: parametersNode >= 0 && tree.kind(parametersNode) === ARRAY ? tree.node(parametersNode) : undefined,
    parameters: objectElements(tree, parametersNode).map((p, i) => readParameter(tree, p, i)),
  };
}

const BODY_FILE_KEYS = slotsOf(['file']);

function readBody(tree: JsonTree, property: number): CustomRequestBody | undefined {
  const text = fieldAt(tree, property, isString);
  if (text) return { kind: 'text', field: text };
  const value = property < 0 ? -1 : tree.propertyValue(property);
  if (value < 0 || tree.kind(value) !== OBJECT) return undefined;
  const [file = -1] = propertiesByKey(tree, value, BODY_FILE_KEYS);
  return { kind: 'file', node: tree.node(value), keyNode: tree.node(property + 1), file: fieldAt(tree, file, isString) };
}

const REQUEST_KEYS = slotsOf([
  'id', 'summary', 'operation', 'url', 'parameterMode', 'query', 'headers', 'body', 'responseStructure', 'includeHeaders',
  'includeEntityDescriptor', 'metadataLevel',
]);

/** Reads Custom request `index` (its position among the requests) from its object node. */
export function readCustomRequestAt(tree: JsonTree, node: number, index: number): CustomRequest {
  const at = propertiesByKey(tree, node, REQUEST_KEYS);
  const slot = (i: number): number => at[i] as number;
  return {
    node: tree.node(node),
    index,
    id: fieldAt(tree, slot(0), isString),
    summary: fieldAt(tree, slot(1), isString),
    operation: fieldAt(tree, slot(2), isString),
    url: fieldAt(tree, slot(3), isString),
    parameterMode: fieldAt(tree, slot(4), isString),
    query: mapFieldAt(tree, slot(5), isAny),
    headers: mapFieldAt(tree, slot(6), isString),
    body: readBody(tree, slot(7)),
    responseStructure: fieldAt(tree, slot(8), isAny),
    includeHeaders: fieldAt(tree, slot(9), isBoolean),
    includeEntityDescriptor: fieldAt(tree, slot(10), isBoolean),
    metadataLevel: fieldAt(tree, slot(11), isString),
  };
}

const AUTHORIZATION_KEYS = slotsOf(['scheme', 'in', 'name', 'username', 'secret']);

function readAuthorization(tree: JsonTree, property: number): Authorization | undefined {
  const node = property < 0 ? -1 : tree.propertyValue(property);
  if (node < 0 || tree.kind(node) !== OBJECT) return undefined;
  const [scheme = -1, where = -1, name = -1, username = -1, secret = -1] = propertiesByKey(tree, node, AUTHORIZATION_KEYS);
  return {
    node: tree.node(node),
    scheme: fieldAt(tree, scheme, isString),
    in: fieldAt(tree, where, isString),
    name: fieldAt(tree, name, isString),
    username: fieldAt(tree, username, isString),
    secret: fieldAt(tree, secret, isString),
  };
}

const ROOT_KEYS = slotsOf(['name', 'description', 'baseUrl', 'authorization', 'kind', 'advanced', 'models', 'operations', 'connectorVersion', 'customRequests']);
const ADVANCED_KEYS = slotsOf(['enforceConstraints']);

/** The root's own settings, its kind, and its property nodes by key. */
export interface RootParts {
  common: ConnectorCommon;
  kindField: Field<string> | undefined;
  at: (key: string) => number;
}

/** Reads the root object's own settings (name, baseUrl, authorization, kind): what every operation shares. */
export function readRoot(tree: JsonTree, root: number): RootParts | undefined {
  if (root < 0 || tree.kind(root) !== OBJECT) return undefined;
  const at = propertiesByKey(tree, root, ROOT_KEYS);
  const slot = (key: string): number => at[ROOT_KEYS.get(key) as number] as number;
  return {
    common: {
      root: tree.node(root),
      name: fieldAt(tree, slot('name'), isString),
      description: fieldAt(tree, slot('description'), isString),
      baseUrl: fieldAt(tree, slot('baseUrl'), isString),
      authorization: readAuthorization(tree, slot('authorization')),
    },
    kindField: fieldAt(tree, slot('kind'), isString),
    at: slot,
  };
}

/** The array node of a root property (operations, customRequests), or -1. */
export function arrayAt(tree: JsonTree, property: number): number {
  const node = property < 0 ? -1 : tree.propertyValue(property);
  return node >= 0 && tree.kind(node) === ARRAY ? node : -1;
}

/** The unit nodes (operations or Custom requests) of an array node: its object elements, in order. */
export function unitNodes(tree: JsonTree, array: number): number[] {
  return objectElements(tree, array);
}

function readAdvanced(tree: JsonTree, property: number): RestConnector['advanced'] {
  const node = property < 0 ? -1 : tree.propertyValue(property);
  if (node < 0 || tree.kind(node) !== OBJECT) return undefined;
  const [enforce = -1] = propertiesByKey(tree, node, ADVANCED_KEYS);
  return { node: tree.node(node), keyNode: tree.node(property + 1), enforceConstraints: fieldAt(tree, enforce, isBoolean) };
}

function readModels(tree: JsonTree, property: number): RestConnector['models'] {
  const models = mapFieldAt(tree, property, isModelObject);
  if (!models) return undefined;
  return {
    ...models,
    definitions: models.entries.map((e) => ({ name: e.name, keyNode: e.keyNode, node: e.valueNode?.type === 'object' ? e.valueNode : undefined })),
  };
}

/** Reads the whole connector: the root's settings and every operation or Custom request, in order. */
export function readConnector(tree: JsonTree, root: number): Connector | undefined {
  const parts = readRoot(tree, root);
  if (!parts) return undefined;
  const { common, kindField } = parts;
  if (kindField?.value === 'rest') {
    const operationsNode = arrayAt(tree, parts.at('operations'));
    return {
      ...common,
      kind: 'rest',
      kindField,
      advanced: readAdvanced(tree, parts.at('advanced')),
      models: readModels(tree, parts.at('models')),
      operationsNode: tree.nodeOrUndefined(operationsNode),
      operations: unitNodes(tree, operationsNode).map((node, i) => readOperationAt(tree, node, i)),
    };
  }
  if (kindField?.value === 'odata') {
    const customRequestsNode = arrayAt(tree, parts.at('customRequests'));
    return {
      ...common,
      kind: 'odata',
      kindField,
      connectorVersion: fieldAt(tree, parts.at('connectorVersion'), isString),
      customRequestsNode: tree.nodeOrUndefined(customRequestsNode),
      customRequests: unitNodes(tree, customRequestsNode).map((node, i) => readCustomRequestAt(tree, node, i)),
    };
  }
  return { ...common, kind: undefined };
}

import type { Node } from 'jsonc-parser';
import { jsonOf, propertiesOf, propertyOf, valueOf, type JsonValue } from './tree';
import { CONSTRAINTS, type ConstraintName } from './vocabulary';

/**
 * The typed view of a connector file. It is built from any tree, valid or not: a field is present only when
 * the file has it with the right JSON type (the schema reports the rest), and each keeps its nodes so rules can
 * point at the exact text. Enumerated values are kept as written; rules compare them with the canonical words.
 */

/** A property read from the file: its value, the value's node and the key's node. */
export interface Field<T> {
  value: T;
  node: Node;
  keyNode: Node;
}

/** An object-valued property (`headers`, `query`, `models`) with its entries in file order. */
export interface MapField<T> {
  node: Node;
  keyNode: Node;
  entries: MapEntry<T>[];
}

export interface MapEntry<T> {
  name: string;
  keyNode: Node;
  /** Absent when the entry's value has the wrong JSON type. */
  value: T | undefined;
  valueNode: Node | undefined;
}

export interface ItemsSpec {
  node: Node;
  keyNode: Node;
  type?: Field<string>;
  format?: Field<string>;
  separation?: Field<string>;
  items?: ItemsSpec;
}

export interface RestParameter {
  node: Node;
  index: number;
  name?: Field<string>;
  location?: Field<string>;
  type?: Field<string>;
  required?: Field<boolean>;
  format?: Field<string>;
  default?: Field<JsonValue>;
  description?: Field<string>;
  /** Constraints in file order (`maxLength`, `minimum`, ...), any JSON type. */
  constraints: { name: ConstraintName; field: Field<JsonValue> }[];
  uniqueItems?: Field<JsonValue>;
  emptyValue?: Field<boolean>;
  items?: ItemsSpec;
  separation?: Field<string>;
  /** The option list; `elements` are the array's element nodes in order. */
  options?: Field<JsonValue[]> & { elements: Node[] };
  model?: Field<string>;
  template?: Field<string>;
}

export interface RestOperation {
  node: Node;
  index: number;
  id?: Field<string>;
  summary?: Field<string>;
  method?: Field<string>;
  path?: Field<string>;
  headers?: MapField<string>;
  parametersNode?: Node;
  parameters: RestParameter[];
}

export interface ModelDefinition {
  name: string;
  keyNode: Node;
  node: Node | undefined;
}

export interface Authorization {
  node: Node;
  scheme?: Field<string>;
  in?: Field<string>;
  name?: Field<string>;
  username?: Field<string>;
  secret?: Field<string>;
  /** oauth2: the flow (`clientCredentials`), the token endpoint, the client id, the scopes and how the client signs in there. */
  flow?: Field<string>;
  tokenUrl?: Field<string>;
  clientId?: Field<string>;
  scope?: Field<string>;
  clientAuthentication?: Field<string>;
}

export type CustomRequestBody =
  | { kind: 'text'; field: Field<string> }
  | { kind: 'file'; node: Node; keyNode: Node; file?: Field<string> };

export interface CustomRequest {
  node: Node;
  index: number;
  id?: Field<string>;
  summary?: Field<string>;
  operation?: Field<string>;
  url?: Field<string>;
  parameterMode?: Field<string>;
  query?: MapField<JsonValue>;
  headers?: MapField<string>;
  body?: CustomRequestBody;
  responseStructure?: Field<JsonValue>;
  includeHeaders?: Field<boolean>;
  includeEntityDescriptor?: Field<boolean>;
  metadataLevel?: Field<string>;
}

interface ConnectorCommon {
  root: Node;
  name?: Field<string>;
  description?: Field<string>;
  baseUrl?: Field<string>;
  authorization?: Authorization;
}

export interface RestConnector extends ConnectorCommon {
  kind: 'rest';
  kindField: Field<string>;
  advanced?: { node: Node; keyNode: Node; enforceConstraints?: Field<boolean> };
  models?: MapField<Node> & { definitions: ModelDefinition[] };
  operationsNode?: Node;
  operations: RestOperation[];
}

export interface ODataConnector extends ConnectorCommon {
  kind: 'odata';
  kindField: Field<string>;
  connectorVersion?: Field<string>;
  /** The service's $metadata file, relative to the connector file. */
  metadata?: Field<string>;
  customRequestsNode?: Node;
  customRequests: CustomRequest[];
}

/** A file whose `kind` is missing or unknown: only the schema speaks about it. */
export interface UnknownConnector extends ConnectorCommon {
  kind: undefined;
}

export type Connector = RestConnector | ODataConnector | UnknownConnector;

function field<T>(object: Node | undefined, key: string, accept: (v: unknown) => v is T): Field<T> | undefined {
  const property = propertyOf(object, key);
  const keyNode = property?.children?.[0];
  const node = property?.children?.[1];
  if (!keyNode || !node) return undefined;
  const value: unknown = node.type === 'object' || node.type === 'array' ? jsonOf(node) : node.value;
  return accept(value) ? { value, node, keyNode } : undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isAny = (v: unknown): v is JsonValue => v !== undefined;
const isArray = (v: unknown): v is JsonValue[] => Array.isArray(v);

function mapField<T>(object: Node | undefined, key: string, accept: (v: unknown) => v is T): MapField<T> | undefined {
  const property = propertyOf(object, key);
  const keyNode = property?.children?.[0];
  const node = property?.children?.[1];
  if (!keyNode || !node || node.type !== 'object') return undefined;
  const entries = propertiesOf(node).map(({ key: name, keyNode: entryKey, valueNode }) => {
    const raw: unknown = valueNode ? jsonOf(valueNode) : undefined;
    return { name, keyNode: entryKey, value: accept(raw) ? raw : undefined, valueNode };
  });
  return { node, keyNode, entries };
}

function objectsOf(array: Node | undefined): Node[] {
  return array?.type === 'array' ? (array.children ?? []).filter((n) => n.type === 'object') : [];
}

function readItems(object: Node | undefined, depth = 0): ItemsSpec | undefined {
  const property = propertyOf(object, 'items');
  const keyNode = property?.children?.[0];
  const node = property?.children?.[1];
  if (!keyNode || !node || node.type !== 'object' || depth > 32) return undefined;
  return {
    node,
    keyNode,
    type: field(node, 'type', isString),
    format: field(node, 'format', isString),
    separation: field(node, 'separation', isString),
    items: readItems(node, depth + 1),
  };
}

function readParameter(node: Node, index: number): RestParameter {
  const constraints: RestParameter['constraints'] = [];
  for (const name of CONSTRAINTS) {
    const f = field(node, name, isAny);
    if (f) constraints.push({ name, field: f });
  }
  constraints.sort((a, b) => a.field.node.offset - b.field.node.offset);
  const optionsField = field(node, 'options', isArray);
  return {
    node,
    index,
    name: field(node, 'name', isString),
    location: field(node, 'location', isString),
    type: field(node, 'type', isString),
    required: field(node, 'required', isBoolean),
    format: field(node, 'format', isString),
    default: field(node, 'default', isAny),
    description: field(node, 'description', isString),
    constraints,
    uniqueItems: field(node, 'uniqueItems', isAny),
    emptyValue: field(node, 'emptyValue', isBoolean),
    items: readItems(node),
    separation: field(node, 'separation', isString),
    options: optionsField ? { ...optionsField, elements: optionsField.node.children ?? [] } : undefined,
    model: field(node, 'model', isString),
    template: field(node, 'template', isString),
  };
}

/** Reads one operation of a REST connector. */
export function readOperation(node: Node, index: number): RestOperation {
  const parametersNode = valueOf(node, 'parameters');
  return {
    node,
    index,
    id: field(node, 'id', isString),
    summary: field(node, 'summary', isString),
    method: field(node, 'method', isString),
    path: field(node, 'path', isString),
    headers: mapField(node, 'headers', isString),
    parametersNode: parametersNode?.type === 'array' ? parametersNode : undefined,
    parameters: objectsOf(parametersNode).map(readParameter),
  };
}

function readBody(node: Node): CustomRequestBody | undefined {
  const text = field(node, 'body', isString);
  if (text) return { kind: 'text', field: text };
  const property = propertyOf(node, 'body');
  const keyNode = property?.children?.[0];
  const value = property?.children?.[1];
  if (keyNode && value?.type === 'object') return { kind: 'file', node: value, keyNode, file: field(value, 'file', isString) };
  return undefined;
}

/** Reads one Custom request of an OData connector. */
export function readCustomRequest(node: Node, index: number): CustomRequest {
  return {
    node,
    index,
    id: field(node, 'id', isString),
    summary: field(node, 'summary', isString),
    operation: field(node, 'operation', isString),
    url: field(node, 'url', isString),
    parameterMode: field(node, 'parameterMode', isString),
    query: mapField(node, 'query', isAny),
    headers: mapField(node, 'headers', isString),
    body: readBody(node),
    responseStructure: field(node, 'responseStructure', isAny),
    includeHeaders: field(node, 'includeHeaders', isBoolean),
    includeEntityDescriptor: field(node, 'includeEntityDescriptor', isBoolean),
    metadataLevel: field(node, 'metadataLevel', isString),
  };
}

function readAuthorization(root: Node): Authorization | undefined {
  const node = valueOf(root, 'authorization');
  if (node?.type !== 'object') return undefined;
  return {
    node,
    scheme: field(node, 'scheme', isString),
    in: field(node, 'in', isString),
    name: field(node, 'name', isString),
    username: field(node, 'username', isString),
    secret: field(node, 'secret', isString),
    flow: field(node, 'flow', isString),
    tokenUrl: field(node, 'tokenUrl', isString),
    clientId: field(node, 'clientId', isString),
    scope: field(node, 'scope', isString),
    clientAuthentication: field(node, 'clientAuthentication', isString),
  };
}

/** Builds the typed connector model from a parse tree; never throws, whatever the tree. */
export function buildModel(root: Node | undefined): Connector | undefined {
  if (!root || root.type !== 'object') return undefined;
  const common: ConnectorCommon = {
    root,
    name: field(root, 'name', isString),
    description: field(root, 'description', isString),
    baseUrl: field(root, 'baseUrl', isString),
    authorization: readAuthorization(root),
  };
  const kindField = field(root, 'kind', isString);
  if (kindField?.value === 'rest') {
    const advancedProperty = propertyOf(root, 'advanced');
    const advancedNode = advancedProperty?.children?.[1];
    const advancedKey = advancedProperty?.children?.[0];
    const models = mapField(root, 'models', (v): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v));
    const operationsNode = valueOf(root, 'operations');
    return {
      ...common,
      kind: 'rest',
      kindField,
      advanced:
        advancedNode?.type === 'object' && advancedKey
          ? { node: advancedNode, keyNode: advancedKey, enforceConstraints: field(advancedNode, 'enforceConstraints', isBoolean) }
          : undefined,
      models: models
        ? {
            ...models,
            definitions: models.entries.map((e) => ({
              name: e.name,
              keyNode: e.keyNode,
              node: e.valueNode?.type === 'object' ? e.valueNode : undefined,
            })),
          }
        : undefined,
      operationsNode: operationsNode?.type === 'array' ? operationsNode : undefined,
      operations: objectsOf(operationsNode).map(readOperation),
    };
  }
  if (kindField?.value === 'odata') {
    const customRequestsNode = valueOf(root, 'customRequests');
    return {
      ...common,
      kind: 'odata',
      kindField,
      connectorVersion: field(root, 'connectorVersion', isString),
      metadata: field(root, 'metadata', isString),
      customRequestsNode: customRequestsNode?.type === 'array' ? customRequestsNode : undefined,
      customRequests: objectsOf(customRequestsNode).map(readCustomRequest),
    };
  }
  return { ...common, kind: undefined };
}

/** Returns the value of a header in a header map, matching the name case-insensitively as HTTP does. */
export function headerEntry(headers: MapField<string> | undefined, name: string): MapEntry<string> | undefined {
  const wanted = name.toLowerCase();
  return headers?.entries.find((e) => e.name.toLowerCase() === wanted);
}

/** Returns the media type of a Content-Type value: lower-cased, without parameters such as `charset`. */
export function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

import type { Node } from 'jsonc-parser';
import type { JsonValue } from '../tree';
import type { ExactJson } from '../values/exactJson';
import type { ConstraintName } from '../vocabulary';

/**
 * The typed view of a connector file. It is built from any tree, valid or not: a field is present only when
 * the file has it with the right JSON type (the schema reports the rest), and each keeps its nodes so rules can
 * point at the exact text. Enumerated values are kept as written; rules compare them with the canonical words.
 */

/** A property read from the file: its value, the value's node and the key's node. */
export interface Field<T> {
  value: T;
  /** The value as written, numbers with their own digits: 2^53 + 1 keeps its 1, 1e-400 is not 0, 1e400 not infinity. */
  readonly exact: ExactJson;
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
  /** The value as written, numbers with their own digits; absent with `value`. */
  readonly exact: ExactJson | undefined;
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
  /** Lets go of the headers and parameters read so far; asked for again, they are read anew from the tree. */
  letGoOfRead?(): void;
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
  /** oauth2: the flow (`clientCredentials`, `password`, `authorizationCode`), the token endpoint, the client id, the scopes and how the client signs in there. */
  flow?: Field<string>;
  tokenUrl?: Field<string>;
  clientId?: Field<string>;
  scope?: Field<string>;
  clientAuthentication?: Field<string>;
  /** oauth2 `password`: the client secret's name (`secret` names the user's password there). */
  clientSecret?: Field<string>;
  /** oauth2 `authorizationCode`: the sign-in page the browser opens. */
  authorizationUrl?: Field<string>;
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
  /** Batch only: `multipart` (OData 4.0, default) or `json` (OData 4.01). */
  format?: Field<string>;
  /** Batch only: the Custom requests sent together, in order; absent when the property is absent or not an array. */
  requests?: BatchItem[];
}

/** One item of a batch: a Custom request of the same file by id, its values, and the change set it belongs to. */
export interface BatchItem {
  node: Node;
  /** Its position among the batch's items, from 0 (its Content-ID is index + 1). */
  index: number;
  request?: Field<string>;
  values?: Field<JsonValue>;
  /** The values as written, numbers with their own digits (an int64 key past 2^53 stays exact). */
  readonly exactValues: ExactJson | undefined;
  changeSet?: Field<string>;
}

export interface ConnectorCommon {
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

import type { ImportNote } from '../importing/notes';
import type { JsonValue } from '../tree';

export type { ImportNote };

/** A JSON object as read from an OpenAPI document: nothing about its shape is trusted. */
export type JsonObject = { [key: string]: JsonValue };

/** The OpenAPI versions an import reads. */
export type OpenApiVersion = '2.0' | '3.0' | '3.1';

/** A connector parameter as written to the file. */
export interface ParameterJson {
  name: string;
  location: string;
  type: string;
  required?: boolean;
  format?: string;
  default?: JsonValue;
  description?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maximum?: number;
  minimum?: number;
  exclusiveMaximum?: boolean;
  exclusiveMinimum?: boolean;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  emptyValue?: boolean;
  items?: ItemsJson;
  separation?: string;
  options?: string[];
  model?: string;
}

/** An array's inner type as written to the file. */
export interface ItemsJson {
  type: string;
  format?: string;
  separation?: string;
  items?: ItemsJson;
}

/** A REST operation as written to the file. */
export interface OperationJson {
  id: string;
  summary?: string;
  description?: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  parameters: ParameterJson[];
}

/** A model as written to the file (the format's JSON-Schema-like subset). */
export interface ModelJson {
  type?: string;
  properties?: Record<string, ModelJson>;
  required?: string[];
  items?: ModelJson;
  format?: string;
  description?: string;
  $ref?: string;
}

/** The connector's authorization as written to the file. */
export interface AuthorizationJson {
  scheme: string;
  in?: string;
  name?: string;
  username?: string;
  secret?: string;
}

/** A REST connector as an import writes it. */
export interface RestConnectorJson {
  kind: 'rest';
  name: string;
  description?: string;
  baseUrl: string;
  authorization?: AuthorizationJson;
  models?: Record<string, ModelJson>;
  operations: OperationJson[];
}

/** An operation of the document, for pickers: what `--operations` and the editor's quick pick choose from. */
export interface OperationChoice {
  id: string;
  method: string;
  path: string;
  summary?: string;
}

/** The outcome of an import: the connector, and every note about what could not be taken as it is. */
export interface ImportResult {
  connector: RestConnectorJson;
  notes: ImportNote[];
  version: OpenApiVersion;
}

/** Why a document cannot be imported at all. */
export interface ImportFailure {
  code: 'not-openapi' | 'unsupported-version' | 'no-operations' | 'unreadable' | 'remote-ref' | 'ref-outside-folder' | 'invalid-document'
    /** Beyond a limit of the import: too large once read or expanded, too deep, or more memory than it may use. */
    | 'too-large'
    /** Reading and mapping it took longer than the import's time for a document of its size. */
    | 'too-slow';
  message: string;
}

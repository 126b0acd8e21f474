// Messages for importing OpenAPI and Swagger documents.
import type { ImportNote, OperationChoice } from '../core';

/** client → server: the operations a document offers, for the picker. */
export const OPENAPI_OPERATIONS = 'connector/openApiOperations';
export interface OpenApiOperationsParams {
  /** The document's file-system path. */
  path: string;
}
export type OpenApiOperationsResult = { ok: true; operations: OperationChoice[] } | { ok: false; message: string };

/** client → server: the connector text for the chosen operations (a new file, or the update of `out`). Nothing is written. */
export const IMPORT_OPENAPI = 'connector/importOpenApi';
export interface ImportOpenApiParams {
  path: string;
  operationIds: string[];
  /** The connector file to write or update, as a URI. */
  out: string;
}
export type ImportOpenApiResult =
  | { ok: true; text: string; operations: number; notes: ImportNote[]; problems: string[]; changes?: string[]; findings: string[] }
  | { ok: false; message: string };

// Messages for "Import cURL / Postman / HAR…".
import type { ImportNote, SecretToSet } from '../core';

/** Where the requests come from: a file (its file-system path), or a command line the user pasted. */
export type RequestSource = { path: string; text?: undefined } | { text: string; path?: undefined };

/** client → server: what a source is and the origins its requests go to (most requests first), for choosing one. */
export const REQUEST_ORIGINS = 'connector/requestOrigins';
export interface RequestOriginsParams {
  source: RequestSource;
}
export type RequestOriginsResult =
  | { ok: true; kind: 'curl' | 'postman' | 'har'; origins: { origin: string; count: number; fileName: string }[] }
  /** The file is an OpenAPI or Swagger document: "Import OpenAPI or Swagger Document…" takes it. */
  | { ok: true; kind: 'openapi' }
  | { ok: false; message: string };

/** client → server: the connector's and values file's texts for the requests (a new file, or the update of `out`). Nothing is written. */
export const IMPORT_REQUESTS = 'connector/importRequests';
export interface ImportRequestsParams {
  source: RequestSource;
  /** The connector file to write or update, as a URI. */
  out: string;
  /** The origin whose requests are imported; the one most requests go to when absent. */
  origin?: string;
  /** Origins imported into connectors of their own at the same time: not reported as left out. */
  importedElsewhere?: string[];
}
export type ImportRequestsResult =
  | {
      ok: true;
      kind: 'curl' | 'postman' | 'har';
      text: string;
      /** The values file beside the connector (a URI) and its new text, when there are examples. */
      values?: { uri: string; text: string };
      operations: number;
      notes: ImportNote[];
      changes?: string[];
      valuesChanges: string[];
      findings: string[];
      secretsToSet: SecretToSet[];
    }
  | { ok: false; message: string };

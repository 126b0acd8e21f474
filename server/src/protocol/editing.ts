// Messages for editing connector files: adding query parameters, checking every file, fetching $metadata.
import type { Range, WorkspaceEdit } from 'vscode-languageserver-protocol';

/** client → server: the edit that adds query parameters to the operation at an offset ('Add multiple query parameters'). */
export const ADD_QUERY_PARAMETERS = 'connector/addQueryParameters';
export interface AddQueryParametersParams {
  uri: string;
  operationOffset: number;
  /** Names separated by commas, semicolons or new lines. */
  names: string;
  type: string;
  required: boolean;
}
export interface AddQueryParametersResult {
  edit: WorkspaceEdit;
  added: string[];
  skipped: string[];
  range?: Range;
  problem?: string;
}

/** client → server: check every connector file in the workspace folders and publish their diagnostics. */
export const CHECK_ALL = 'connector/checkAll';
export interface CheckAllResult {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
}

/** The server's own "add query parameters": arguments [uri, operationOffset, names ("a, b, c"), type?, required?]. */
export const ADD_QUERY_PARAMETERS_COMMAND_SERVER = 'connector.addQueryParameters';

/** client → server: download the connector's $metadata, write it, and return the edit that names it in the connector. */
export const FETCH_METADATA = 'connector/fetchMetadata';
export interface FetchMetadataParams { uri: string }
export type FetchMetadataResult =
  | { ok: true; path: string; /** The edit that adds "metadata" to the connector (none when it names the file already). */ edit: WorkspaceEdit; summary: string }
  | { ok: false; message: string };

/** The server's own "fetch $metadata": arguments [uri]; applies the connector edit through workspace/applyEdit. */
export const FETCH_METADATA_COMMAND = 'connector.fetchMetadata';

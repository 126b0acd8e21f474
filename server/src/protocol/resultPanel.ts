// Messages for the result panel's "Use as response structure" and "Save as expectation": the server writes the edit.
import type { Range, WorkspaceEdit } from 'vscode-languageserver-protocol';

/** client → server: the edit that writes the answer's skeleton as the Custom request's responseStructure. */
export const USE_AS_RESPONSE_STRUCTURE = 'connector/useAsResponseStructure';
export interface UseAsResponseStructureParams { uri: string; operationId: string; rawText: string }
export type UseAsResponseStructureResult = { ok: true; edit: WorkspaceEdit; range: Range } | { ok: false; message: string };

/** client → server: the edit that adds the answer as a case of NAME.tests.json (creating the file when needed). */
export const SAVE_AS_EXPECTATION = 'connector/saveAsExpectation';
/** `dataJson`: the result's data as exact JSON text, as SentView carries it. */
export interface SaveAsExpectationParams { uri: string; operationId: string; valuesJson: string; status: number; dataJson?: string }
export type SaveAsExpectationResult = { ok: true; testsUri: string; name: string; edit?: WorkspaceEdit; newText?: string } | { ok: false; message: string };

// Messages between the extension and the server for environments, expectations (the Testing view) and the result
// panel's "Use as response structure" and "Save as expectation". Shared by both sides.
import type { Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { Failure, PortableResult } from './core';
import type { RequestPreview } from './protocol';

/** client → server: the environments the workspace's environments files define. */
export const LIST_ENVIRONMENTS = 'connector/listEnvironments';
export interface EnvironmentSummary {
  name: string;
  description?: string;
  /** The environments file that defines it. */
  uri: string;
}
export type ListEnvironmentsResult = EnvironmentSummary[];

/** client → server: the cases of a tests file (open or on disk), with where each is written. */
export const LIST_TEST_CASES = 'connector/listTestCases';
export interface ListTestCasesParams { uri: string }
export interface TestCaseSummary {
  index: number;
  name: string;
  operationId: string;
  range: Range;
}
export interface ListTestCasesResult {
  cases: TestCaseSummary[];
  /** Why the file's cases cannot run, when they cannot (its problems, a missing connector). */
  problems: string[];
}

/** client → server: run cases of a tests file (all when `indexes` is absent), one after the other; cancelling stops between and during cases. */
export const RUN_TEST_CASES = 'connector/runTestCases';
export interface RunTestCasesParams {
  uri: string;
  indexes?: number[];
  environment?: string;
  timeoutMs?: number;
}
export interface TestCaseRun {
  index: number;
  name: string;
  outcome: 'passed' | 'failed' | 'error';
  durationMs: number;
  /** Unmet expectations, each with its place in the tests file. */
  failures: (Omit<Failure, 'at'> & { range?: Range })[];
  /** Why it was not sent. */
  problems: string[];
  /** The answer and the request, redacted, for the result panel. */
  sent?: SentView;
}
export type RunTestCasesResult = { ok: true; runs: TestCaseRun[] } | { ok: false; problems: string[] };

/** What the result panel shows about one sending, already redacted. */
export interface SentView {
  preview: RequestPreview;
  /** The data as exact JSON text: JSON-RPC would carry its numbers as doubles. */
  result: PortableResult;
  rawText: string;
  responseHeaders: Record<string, string>;
  /** The values it was sent with (JSON text, every digit kept): "Save as expectation" writes them. */
  valuesJson: string;
  /** OAuth2: where the token came from and whether it was reused. */
  signIn?: { tokenUrl: string; clientId: string; fromCache: boolean };
  /** With a response structure: what it drops from the answer and what it expects that the answer lacks. */
  structure?: { dropped: string[]; missing: string[] };
  /** Sent by an OData Custom request, answered with JSON: the answer can become its response structure. */
  canUseAsStructure?: true;
}

/** client → server: the edit that writes the answer's skeleton as the Custom request's responseStructure. */
export const USE_AS_RESPONSE_STRUCTURE = 'connector/useAsResponseStructure';
export interface UseAsResponseStructureParams { uri: string; operationId: string; rawText: string }
export type UseAsResponseStructureResult = { ok: true; edit: WorkspaceEdit; range: Range } | { ok: false; message: string };

/** client → server: the edit that adds the answer as a case of NAME.tests.json (creating the file when needed). */
export const SAVE_AS_EXPECTATION = 'connector/saveAsExpectation';
/** `dataJson`: the result's data as exact JSON text, as SentView carries it. */
export interface SaveAsExpectationParams { uri: string; operationId: string; valuesJson: string; status: number; dataJson?: string }
export type SaveAsExpectationResult = { ok: true; testsUri: string; name: string; edit?: WorkspaceEdit; newText?: string } | { ok: false; message: string };

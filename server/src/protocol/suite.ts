// Messages for environments and expectations (the Testing view).
import type { Range } from 'vscode-languageserver-protocol';
import type { Failure } from '../core';
import type { SentView } from './sending';

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
  /** Empty for a scenario. */
  operationId: string;
  range: Range;
  /** A scenario's steps, in order. */
  steps?: { name: string; operationId: string; range: Range }[];
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
  /** A scenario's steps, each as it ended. */
  steps?: TestStepRun[];
}
/** One step of a scenario's run. */
export interface TestStepRun {
  name: string;
  operationId: string;
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
  durationMs: number;
  failures: (Omit<Failure, 'at'> & { range?: Range })[];
  problems: string[];
  /** Why a skipped step was not sent. */
  skipped?: string;
}
export type RunTestCasesResult = { ok: true; runs: TestCaseRun[] } | { ok: false; problems: string[] };

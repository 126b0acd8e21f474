// The messages between `connector lint` and its checking threads (lintThreads.ts starts them, lintWorker.ts is one).
import type { SeverityOverrides } from '../../core';
import type { LintRun, LintSource } from './lintFiles';

/** A run of files for one thread to lint, in order: part of the files the user named. */
export interface LintChunk {
  files: (string | LintSource)[];
  overrides: SeverityOverrides;
  cwd: string;
}

/** A thread's answer: the run of one chunk, exactly as lintFiles made it. */
export interface LintChunkDone {
  run: LintRun;
}

/** The worker data that makes the command line's bundle, started as a worker thread, a checking thread. */
export const LINT_WORKER_DATA = 'connector-lint-worker';

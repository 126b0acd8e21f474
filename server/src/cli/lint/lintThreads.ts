// `connector lint --concurrency`: the files split into chunks that worker threads lint in turn, the runs put back
// together in the order of the files, so the report and the exit code are those of one thread. Each thread reads
// the project files and metadata it needs once, for all its chunks.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RULE_IDS, type SeverityOverrides } from '../../core';
import { ProjectConfigFiles } from '../../io/projectConfigFiles';
import { lintFiles, pathOfSource, type LintRun, type LintSource } from './lintFiles';
import { LINT_WORKER_DATA, type LintChunk, type LintChunkDone } from './lintMessages';

/** What --concurrency asked for: a number of threads, or auto (threads only when the files are many enough). */
export type Concurrency = 'auto' | number;

/**
 * Starting a thread costs about what checking this many small files does: auto starts one thread per this many
 * files, and none for fewer than two such shares.
 */
export const FILES_PER_THREAD = 250;

/** How many checking threads to lint `fileCount` files with; 1 means in this thread, without workers. */
export function threadsFor(concurrency: Concurrency, fileCount: number, cores = availableParallelism()): number {
  // auto leaves one core to V8's own threads (the collector, the optimizing compiler), which every checking thread
  // keeps busy: on two cores a second checking thread made a lint of 500 to 4,000 small files 12 to 20 % slower.
  const wanted = concurrency === 'auto' ? Math.min(Math.floor(fileCount / FILES_PER_THREAD), cores - 1) : concurrency;
  // More threads than cores only take turns; more than chunks of files have nothing to do.
  const threads = Math.min(wanted, cores, Math.ceil(fileCount / MIN_CHUNK));
  return threads >= 2 ? threads : 1;
}

/** Files per chunk: small enough that threads finish together, large enough that messages cost little. */
const MIN_CHUNK = 10;
const MAX_CHUNK = 100;

function chunksOf(files: readonly (string | LintSource)[], threads: number): (string | LintSource)[][] {
  const size = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.ceil(files.length / (threads * 8))));
  const chunks: (string | LintSource)[][] = [];
  for (let start = 0; start < files.length; start += size) chunks.push(files.slice(start, start + size));
  return chunks;
}

/** The checking thread's script: the command line's bundle itself (dist/cli.js), which this module is part of. */
export function lintWorkerScript(): string {
  return join(__dirname, 'cli.js');
}

/**
 * One run from the chunks' runs, in the chunks' order. A project file is reported once, where it first appears, as
 * one thread reports it: each thread reports it before the first file of its own that it governs.
 */
export function joinRuns(runs: readonly LintRun[]): LintRun {
  const joined: LintRun = { files: [], ignored: [], problems: [] };
  const projectFiles = new Set<string>();
  for (const run of runs) {
    for (const file of run.files) {
      if (file.kind === 'project') {
        if (projectFiles.has(file.path)) continue;
        projectFiles.add(file.path);
      }
      joined.files.push(file);
    }
    joined.ignored.push(...run.ignored);
    joined.problems.push(...run.problems);
  }
  return joined;
}

/** The run of a chunk whose thread stopped: its files are named in one problem, so the run exits with 2. */
function stoppedRun(chunk: readonly (string | LintSource)[], displayPathOf: (file: string) => string, reason: string): LintRun {
  const first = displayPathOf(pathOfSource(chunk[0] ?? ''));
  const last = displayPathOf(pathOfSource(chunk[chunk.length - 1] ?? ''));
  const which = chunk.length === 1 ? first : `${chunk.length} files from ${first} to ${last}`;
  return { files: [], ignored: [], problems: [`cannot check ${which}: the checking thread stopped (${reason}). Run again with --concurrency off to check them one by one.`] };
}

export interface ThreadsOptions {
  threads: number;
  overrides: SeverityOverrides;
  cwd: string;
  displayPathOf: (file: string) => string;
  /** The worker's script; the bundled one beside this file when absent. */
  workerScript?: string;
}

/**
 * Lints `files` in `threads` threads: this one and `threads - 1` workers, each taking the next chunk when done with
 * one. Undefined when the workers' script is missing (run from the sources rather than the bundle: the caller lints
 * in its own thread, with the same result). A worker that stops (a crash, memory) turns its chunk into a problem and
 * a new worker takes the chunks left.
 */
export async function lintInThreads(files: readonly (string | LintSource)[], options: ThreadsOptions): Promise<LintRun | undefined> {
  const script = options.workerScript ?? lintWorkerScript();
  if (!existsSync(script)) return undefined;
  const chunks = chunksOf(files, options.threads);
  const runs: LintRun[] = new Array<LintRun>(chunks.length);
  let next = 0;
  const serve = (): Promise<void> => new Promise((resolve) => {
    if (next >= chunks.length) return resolve();
    // The thread's own output (there should be none) must not mix with the report on standard output.
    const worker = new Worker(script, { workerData: LINT_WORKER_DATA, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    let current = -1;
    let done = false;
    const give = (): void => {
      if (next >= chunks.length) {
        done = true;
        void worker.terminate();
        return resolve();
      }
      current = next++;
      worker.postMessage({ files: chunks[current] ?? [], overrides: options.overrides, cwd: options.cwd } satisfies LintChunk);
    };
    const stopped = (reason: string): void => {
      if (done) return;
      done = true;
      void worker.terminate();
      if (current >= 0) runs[current] = stoppedRun(chunks[current] ?? [], options.displayPathOf, reason);
      // The chunks left go to a new thread; each stop takes one chunk away, so this ends.
      void serve().then(resolve);
    };
    worker.on('message', (message: LintChunkDone) => {
      if (done) return;
      runs[current] = message.run;
      give();
    });
    worker.on('error', (error: Error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    give();
  });
  // This thread lints too, between taking the workers' answers, once they are started (starting one takes a while).
  const here = async (): Promise<void> => {
    const configs = ProjectConfigFiles.forOneRun(RULE_IDS);
    while (next < chunks.length) {
      const index = next++;
      runs[index] = await lintFiles(chunks[index] ?? [], options.overrides, options.cwd, configs);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const workers = Array.from({ length: Math.min(options.threads - 1, chunks.length) }, serve);
  await Promise.all([...workers, here()]);
  return joinRuns(runs);
}

// One import, from a document on disk to the connector text, shared by `connector import openapi` and the editor. The
// work runs in a worker thread (importWorker.ts) with a memory limit and a deadline that grow with the document, so
// a document can neither stall the language server nor run it out of memory, and the command line never hangs.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ImportFailure } from '../core';
import type { ImportFileInput, ImportFileOutcome, ImportTask, ImportTaskOutcome, ListOutcome, WorkerMessage } from './importMessages';
import { importBudget, sizeText, type ImportBudget } from './limits';

/** How a run in the worker may be bounded and stopped. */
export interface RunOptions {
  /** Stops the work (the editor cancelled its request). */
  signal?: AbortSignal;
  /** The worker's script; the bundled one beside this file when absent. */
  workerScript?: string;
  /** Time and memory instead of those for the document's size. */
  budget?: ImportBudget;
}

/** The bundled worker script: beside the command line's and the server's bundles in dist/. */
function defaultWorkerScript(): string {
  return join(__dirname, 'openapi-parser.js');
}

/** Milliseconds as seconds for a message: `144 s`, `0.1 s`. */
function secondsText(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Runs one task in a fresh worker within its budget; the limit it hits, if any, is the failure. */
async function runInWorker(task: ImportTask, spec: string, options: RunOptions): Promise<ImportTaskOutcome> {
  const script = options.workerScript ?? defaultWorkerScript();
  if (!existsSync(script)) return { ok: false, failure: { code: 'unreadable', message: `The OpenAPI reader (${script}) is missing; reinstall Connector Tools.` } };
  const size = await stat(spec).then((s) => s.size, () => 0);
  // Updating a connector file works through its text, which weighs about twice a document of its size.
  const connectorBytes = task.kind === 'import' && task.input.existingText !== undefined ? Buffer.byteLength(task.input.existingText) : 0;
  const budget = options.budget ?? importBudget(size + 2 * connectorBytes);
  const what = (documentBytes: number): string => `a document of ${sizeText(documentBytes)}${connectorBytes > 0 ? ` and a connector file of ${sizeText(connectorBytes)}` : ''}`;
  let allowedMs = budget.deadlineMs;
  let readBytes = 0;
  return new Promise((resolve) => {
    const worker = new Worker(script, {
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, stackSizeMb: 8 },
      // The worker's own output would mix with the language server's protocol on stdout: it is kept apart.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const started = Date.now();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: ImportTaskOutcome): void => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(outcome);
    };
    const fail = (code: ImportFailure['code'], message: string): void => finish({ ok: false, failure: { code, message } });
    const arm = (): void => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        fail('too-slow', `${spec} took longer than ${secondsText(allowedMs)} to read and import, the time the import gives ${what(Math.max(size, readBytes))}; it was stopped.`);
      }, Math.max(0, started + allowedMs - Date.now()));
    };
    const onAbort = (): void => fail('unreadable', `The import of ${spec} was cancelled.`);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    arm();
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'done') return finish(message.outcome);
      // Files a $ref brings in extend the time by their size; the document itself is counted already.
      readBytes += message.bytes;
      if (readBytes > size) {
        allowedMs = budget.deadlineMs + Math.ceil((readBytes - size) * budget.msPerByte);
        arm();
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        fail('too-large', `${spec} needs more memory to read and import than the ${budget.memoryMb} MB the import gives ${what(Math.max(size, readBytes))}; it was stopped.`);
      } else {
        fail('invalid-document', `${spec} could not be read: ${error.message}`);
      }
    });
    worker.on('exit', (code) => fail('invalid-document', `${spec} could not be read: the reader stopped (exit code ${code}).`));
  });
}

/** Imports a document into connector text: a new file, or an update of `existingText`. */
export async function importOpenApiFile(input: ImportFileInput, options: RunOptions = {}): Promise<ImportFileOutcome> {
  return (await runInWorker({ kind: 'import', input }, input.spec, options)) as ImportFileOutcome;
}

/** The operations of a document on disk, for choosing which to import. */
export async function listOperationsInFile(spec: string, refRoot?: string, options: RunOptions = {}): Promise<ListOutcome> {
  return (await runInWorker({ kind: 'list', spec, ...(refRoot ? { refRoot } : {}) }, spec, options)) as ListOutcome;
}

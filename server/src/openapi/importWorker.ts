// The import's worker thread (bundled as dist/openapi-parser.js): does one task (importTask.ts) and posts the outcome.
// importFile.ts starts it with a memory limit and stops it at its deadline.
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportTask, WorkerMessage } from './importMessages';
import { runImportTask } from './importTask';

const port = parentPort;
if (port) {
  const post = (message: WorkerMessage): void => port.postMessage(message);
  void runImportTask(workerData as ImportTask, (bytes) => post({ kind: 'read', bytes }))
    .then((outcome) => post({ kind: 'done', outcome }))
    .catch((error: unknown) => post({ kind: 'done', outcome: { ok: false, failure: { code: 'invalid-document', message: `The document could not be read: ${error instanceof Error ? error.message : String(error)}` } } }));
}

// One checking thread of `connector lint --concurrency` (bundled as dist/lint-worker.js): lints each chunk of files it
// is sent and posts the run. Its project files and metadata are read once for all the chunks it lints.
import { parentPort } from 'node:worker_threads';
import { RULE_IDS } from '../../core';
import { ProjectConfigFiles } from '../../io/projectConfigFiles';
import { lintFiles } from './lintFiles';
import type { LintChunk, LintChunkDone } from './lintMessages';

const port = parentPort;
if (port) {
  const configs = new ProjectConfigFiles(RULE_IDS);
  port.on('message', (chunk: LintChunk) => {
    void lintFiles(chunk.files, chunk.overrides, chunk.cwd, configs).then((run) => port.postMessage({ run } satisfies LintChunkDone));
  });
}

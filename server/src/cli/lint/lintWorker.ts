// One checking thread of `connector lint --concurrency`: the command line's own bundle (dist/cli.js) started as a
// worker thread, so no second copy of the checks ships. It lints each chunk of files it is sent and posts the run;
// its project files and metadata are read once for all the chunks it lints.
import type { MessagePort } from 'node:worker_threads';
import { RULE_IDS } from '../../core';
import { ProjectConfigFiles } from '../../io/projectConfigFiles';
import { lintFiles } from './lintFiles';
import type { LintChunk, LintChunkDone } from './lintMessages';

/** Answers the chunks the starting thread sends on `port`, one after another. */
export function serveLintChunks(port: MessagePort): void {
  const configs = ProjectConfigFiles.forOneRun(RULE_IDS);
  port.on('message', (chunk: LintChunk) => {
    void lintFiles(chunk.files, chunk.overrides, chunk.cwd, configs).then((run) => port.postMessage({ run } satisfies LintChunkDone));
  });
}

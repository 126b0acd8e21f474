// A lint run over many files lets the event loop turn every few files: V8 lets go of what a check holds weakly (an
// operation's parameters and headers) only once the current task ends, so a run in one task kept every file's.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { lintFiles } from '../../../server/src/cli/lint/lintFiles';
import { CONNECTOR_TEXT } from '../../support/cli';

test('lintFiles gives the event loop turns while it checks 30 connectors, and reports every file in order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'connector-turns-'));
  const sources = Array.from({ length: 30 }, (_, i) => ({ path: join(dir, `c-${String(i).padStart(2, '0')}.connector.json`), text: CONNECTOR_TEXT.clean }));
  let turns = 0;
  let running = true;
  const turn = (): void => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  const run = await lintFiles(sources, {}, dir);
  running = false;
  assert.deepEqual(run.problems, []);
  assert.ok(turns >= 2, `the event loop turned ${turns} times during the run`);
  assert.deepEqual(run.files.map((f) => f.displayPath), sources.map((s) => basename(s.path)));
});

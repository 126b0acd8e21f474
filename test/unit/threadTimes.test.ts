import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { criticalPathMs, parseSchedstat, sampleThreads, threadsCpuOf, totalCpuMs, type SampledRun, type ThreadTime } from '../bench/threadTimes';

const thread = (tid: number, cpuMs: number, mainCpuAtStartMs = 0, mainCpuAtEndMs = 0): ThreadTime => ({ tid, cpuMs, waitMs: 0, mainCpuAtStartMs, mainCpuAtEndMs });

describe('CPU time per thread, for the concurrency benchmark', () => {
  test('a schedstat line gives milliseconds on a processor and waiting for one; anything else gives nothing', () => {
    assert.deepEqual(parseSchedstat('179692013 264813883 246\n'), { cpuMs: 179.692013, waitMs: 264.813883 });
    assert.equal(parseSchedstat(''), undefined);
    assert.equal(parseSchedstat('12 34'), undefined);
    assert.equal(parseSchedstat('-1 2 3'), undefined);
  });

  test("a process's CPU time so far: its main thread's grows with its work, and all threads' hold at least the main thread's", () => {
    const before = threadsCpuOf(process.pid);
    // Work until the main thread's time has moved: the scheduler's figures grow only while the thread runs.
    let after = before;
    for (let spins = 0; after.main === before.main && spins < 1000; spins++) {
      let sum = 0;
      for (let i = 0; i < 1e5; i++) sum += Math.sqrt(i);
      assert.ok(sum > 0);
      after = threadsCpuOf(process.pid);
    }
    assert.ok(after.main > before.main, 'the main thread ran, and its time did not grow');
    assert.ok(before.all >= before.main && after.all >= after.main);
  });

  test('the critical path goes through a worker when the main thread started it late and it worked longest', () => {
    const run: SampledRun = {
      wallMs: 0,
      main: thread(1, 300),
      workers: [thread(2, 250, 100, 290), thread(3, 100, 100, 280)],
      helpers: [thread(4, 50)],
    };
    // main's 100 ms before the worker, its 250, main's 10 ms after it: 360 > main's own 300.
    assert.equal(criticalPathMs(run), 360);
    assert.equal(totalCpuMs(run), 700);
    assert.equal(criticalPathMs({ ...run, workers: [] }), 300);
  });

  test('a real process: its worker thread is told from V8 helpers, with the time it burned', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thread-times-'));
    const script = join(dir, 'start.js');
    const burn = join(dir, 'burn.js');
    // The worker spins until the process has used 150 ms of CPU more; the main thread only waits for it.
    writeFileSync(burn, 'const s = process.cpuUsage(); while (process.cpuUsage(s).user < 150000) {}');
    writeFileSync(script, `new (require('node:worker_threads').Worker)(${JSON.stringify(burn)});`);
    const run = await sampleThreads([script]);
    assert.equal(run.workers.length, 1);
    assert.ok((run.workers[0]?.cpuMs ?? 0) >= 100, `the worker burned ${run.workers[0]?.cpuMs} ms`);
    assert.ok(run.main.cpuMs < (run.workers[0]?.cpuMs ?? 0), `main ${run.main.cpuMs} ms`);
    assert.ok(run.helpers.every((t) => t.tid !== run.workers[0]?.tid));
  });
});

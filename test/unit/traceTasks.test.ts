import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { longTasks, type TraceEvent } from '../bench/traceTasks';

const main = (pid: number, tid: number): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name: 'CrRendererMain' } });
const x = (name: string, ts: number, dur: number, tid = 1): TraceEvent => ({ name, ph: 'X', ts, dur, pid: 7, tid });

describe('the long tasks of a Chromium trace, by kind', () => {
  test('each nested event counts its own time: a layout forced by a script is layout, not script too', () => {
    const tasks = longTasks([
      main(7, 1),
      x('RunTask', 0, 120_000),
      x('FunctionCall', 1_000, 30_000),
      x('Layout', 10_000, 20_000),
      x('UpdateLayoutTree', 40_000, 25_000),
      x('MajorGC', 70_000, 40_000),
      x('Paint', 112_000, 5_000),
    ], 50);
    assert.equal(tasks.length, 1);
    assert.deepEqual(tasks[0], { start: 0, duration: 120, kinds: { script: 10, layout: 20, style: 25, gc: 40, paint: 5, other: 20 } });
  });

  test('short tasks and other threads (a worker, the compositor) are left out; longest first', () => {
    const tasks = longTasks([
      main(7, 1),
      { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 2, args: { name: 'Compositor' } },
      x('RunTask', 0, 49_000),
      x('RunTask', 100_000, 60_000),
      x('RunTask', 200_000, 90_000),
      x('RunTask', 300_000, 500_000, 2),
    ], 50);
    assert.deepEqual(tasks.map((t) => t.duration), [90, 60]);
  });

  test('begin and end events are joined; an unknown event takes its parent kind', () => {
    const tasks = longTasks([
      main(7, 1),
      { name: 'RunTask', ph: 'B', ts: 0, pid: 7, tid: 1 },
      { name: 'MinorGC', ph: 'B', ts: 0, pid: 7, tid: 1 },
      x('V8.SomethingInside', 1_000, 10_000),
      { name: 'MinorGC', ph: 'E', ts: 60_000, pid: 7, tid: 1 },
      { name: 'RunTask', ph: 'E', ts: 80_000, pid: 7, tid: 1 },
    ], 50);
    assert.deepEqual(tasks[0]?.kinds, { style: 0, layout: 0, paint: 0, gc: 60, script: 0, other: 20 });
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { longTasks, threadWork, type TraceEvent } from '../bench/traceTasks';

const main = (pid: number, tid: number): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name: 'CrRendererMain' } });
const x = (name: string, ts: number, dur: number, tid = 1, tdur?: number): TraceEvent => ({ name, ph: 'X', ts, dur, pid: 7, tid, ...(tdur === undefined ? {} : { tdur }) });

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
    assert.deepEqual(tasks[0]?.kinds, { script: 10, layout: 20, style: 25, gc: 40, paint: 5, other: 20 });
    assert.equal(tasks[0]?.duration, 120);
    assert.equal(tasks[0]?.names.Layout, 20);
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

  test('a task that waited for a processor: long in wall time, short in CPU time; the newer outer task name counts once', () => {
    const events = [
      main(7, 1),
      x('ThreadControllerImpl::RunTask', 0, 200_000, 1, 12_000),
      x('RunTask', 10, 199_000, 1, 11_900),
      x('Layout', 1_000, 90_000, 1, 3_000),
      x('Paint', 100_000, 80_000, 1, 5_000),
      x('ThreadControllerImpl::RunTask', 300_000, 4_000, 1, 4_000),
    ];
    const tasks = longTasks(events, 50);
    assert.equal(tasks.length, 1);
    assert.equal(tasks[0]?.duration, 200);
    assert.equal(tasks[0]?.cpu, 12);
    assert.deepEqual(tasks[0]?.cpuKinds, { style: 0, layout: 3, paint: 5, gc: 0, script: 0, other: 4 });
    const work = threadWork(events, 7);
    assert.deepEqual({ tasks: work.tasks, wall: work.wall, cpu: work.cpu, frames: work.frames }, { tasks: 2, wall: 204, cpu: 16, frames: [12] });
    assert.equal(threadWork(events, 8).tasks, 0);
  });
});

// What the long tasks of a Chromium trace spent their time on: each task on a renderer's main thread (a `RunTask`
// event) longer than a threshold, its time split by kind (style, layout, paint, garbage collection, script) from the
// timeline events nested in it. Each event counts its own time only (its duration less its children's), so a
// layout forced by a script counts as layout, not as script as well.

/** One event of a Chromium trace (the JSON trace format), as far as it is read here. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs), where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string }; src_func?: string };
}

export const TASK_KINDS = ['style', 'layout', 'paint', 'gc', 'script', 'other'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** A long task: its length and its own time per kind, in milliseconds. */
export interface LongTask {
  start: number;
  duration: number;
  /** The renderer process it ran in. */
  pid: number;
  /** The thread's CPU time in the task. */
  cpu: number;
  kinds: Record<TaskKind, number>;
  cpuKinds: Record<TaskKind, number>;
  /** Own time by event name (the task's own time under RunTask), to tell which step of a kind it was. */
  names: Record<string, number>;
}

const KIND_OF: Record<string, TaskKind> = {
  UpdateLayoutTree: 'style', RecalculateStyles: 'style', ParseAuthorStyleSheet: 'style', 'Document::updateStyle': 'style',
  Layout: 'layout', UpdateLayout: 'layout', HitTest: 'layout', 'LocalFrameView::layout': 'layout',
  PrePaint: 'paint', Paint: 'paint', PaintImage: 'paint', UpdateLayer: 'paint', UpdateLayerTree: 'paint', Layerize: 'paint',
  CompositeLayers: 'paint', Commit: 'paint', 'LocalFrameView::RunPaintLifecyclePhase': 'paint', PaintArtifactCompositor: 'paint',
  MajorGC: 'gc', MinorGC: 'gc', 'V8.GC_SCAVENGER': 'gc', 'V8.GC_MARK_COMPACTOR': 'gc', 'V8.GCFinalizeMC': 'gc', 'V8.GCIncrementalMarking': 'gc',
  'V8.GCScavenger': 'gc', 'V8.GCCompactor': 'gc', BlinkGC: 'gc', 'BlinkGC.AtomicPhase': 'gc', 'CppGC.AtomicMark': 'gc',
  FunctionCall: 'script', EvaluateScript: 'script', 'v8.run': 'script', 'v8.compile': 'script', 'v8.callFunction': 'script',
  TimerFire: 'script', FireAnimationFrame: 'script', EventDispatch: 'script', RunMicrotasks: 'script', 'V8.Execute': 'script',
  FireIdleCallback: 'script', 'v8.evaluateModule': 'script',
};

/** The kind an event's own time counts as; garbage collection by name prefix, as V8 names many phases. */
export function kindOf(event: Pick<TraceEvent, 'name'>): TaskKind | undefined {
  const named = KIND_OF[event.name];
  if (named) return named;
  if (/^(V8\.GC|BlinkGC|CppGC|ThreadState::)/.test(event.name)) return 'gc';
  return undefined;
}

/** Complete events (`X`) from a thread's events, with begin/end pairs (`B`/`E`) joined into one. */
function completeEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const done: TraceEvent[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X' && typeof event.dur === 'number') done.push(event);
    else if (event.ph === 'B') {
      const stack = open.get(event.name) ?? [];
      stack.push(event);
      open.set(event.name, stack);
    } else if (event.ph === 'E') {
      const begun = open.get(event.name)?.pop();
      if (begun) done.push({ ...begun, ph: 'X', dur: event.ts - begun.ts });
    }
  }
  return done;
}

/** A task's outermost event: newer Chromium wraps `RunTask` in `ThreadControllerImpl::RunTask`. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** Every task on every renderer main thread, with the events nested in it (parents before children). */
function rendererTasks(events: readonly TraceEvent[]): { task: TraceEvent; inside: TraceEvent[] }[] {
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread) || (event.ph !== 'X' && event.ph !== 'B' && event.ph !== 'E')) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }
  const tasks: { task: TraceEvent; inside: TraceEvent[] }[] = [];
  for (const list of byThread.values()) {
    const complete = completeEvents(list).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let i = 0;
    while (i < complete.length) {
      const task = complete[i] as TraceEvent;
      if (!TASK_NAMES.has(task.name)) {
        i++;
        continue;
      }
      const end = task.ts + (task.dur ?? 0);
      let j = i + 1;
      while (j < complete.length && (complete[j] as TraceEvent).ts < end) j++;
      tasks.push({ task, inside: complete.slice(i + 1, j) });
      i = j;
    }
  }
  return tasks;
}

/** The tasks longer than `thresholdMs` (wall time) on every renderer main thread of `events`, longest first. */
export function longTasks(events: readonly TraceEvent[], thresholdMs: number): LongTask[] {
  return rendererTasks(events).filter(({ task }) => (task.dur ?? 0) / 1000 > thresholdMs)
    .map(({ task, inside }) => splitTask(task, inside)).sort((a, b) => b.duration - a.duration);
}

/** All the work of one renderer's main thread: its tasks' wall and CPU time, CPU time by kind, and its frames' CPU time. */
export interface ThreadWork {
  tasks: number;
  wall: number;
  cpu: number;
  cpuKinds: Record<TaskKind, number>;
  /** CPU time of each frame (the compositor's BeginMainFrame task: script, style, layout, paint), in ms. */
  frames: number[];
}

/** The main thread's work in process `pid`. */
export function threadWork(events: readonly TraceEvent[], pid: number): ThreadWork {
  const work: ThreadWork = { tasks: 0, wall: 0, cpu: 0, cpuKinds: emptyKinds(), frames: [] };
  for (const { task, inside } of rendererTasks(events)) {
    if (task.pid !== pid) continue;
    const split = splitTask(task, inside);
    work.tasks++;
    work.wall += split.duration;
    work.cpu += split.cpu;
    for (const kind of TASK_KINDS) work.cpuKinds[kind] += split.cpuKinds[kind];
    if (inside.some((e) => e.name === 'BeginMainFrame' || e.name === 'Paint')) work.frames.push(split.cpu);
  }
  return work;
}

function emptyKinds(): Record<TaskKind, number> {
  return Object.fromEntries(TASK_KINDS.map((k) => [k, 0])) as Record<TaskKind, number>;
}

/**
 * A task's own time per kind: each nested event's duration less its children's, under the nearest kind known; by
 * wall time (`dur`) and by the thread's CPU time (`tdur`). A task whose wall time far exceeds its CPU time waited
 * for a processor.
 */
function splitTask(task: TraceEvent, inside: readonly TraceEvent[]): LongTask {
  const kinds = emptyKinds();
  const cpuKinds = emptyKinds();
  const names: Record<string, number> = {};
  const stack: { end: number; kind: TaskKind; name: string; childTime: number; dur: number; childCpu: number; cpu: number }[] = [];
  const close = (until: number): void => {
    while (stack.length > 0 && (stack[stack.length - 1] as { end: number }).end <= until) {
      const top = stack.pop() as (typeof stack)[number];
      const own = Math.max(0, top.dur - top.childTime) / 1000;
      kinds[top.kind] += own;
      cpuKinds[top.kind] += Math.max(0, top.cpu - top.childCpu) / 1000;
      names[top.name] = (names[top.name] ?? 0) + own;
    }
  };
  let covered = 0;
  let coveredCpu = 0;
  for (const event of inside) {
    close(event.ts);
    const dur = Math.min(event.dur ?? 0, task.ts + (task.dur ?? 0) - event.ts);
    const cpu = event.tdur ?? 0;
    const parent = stack[stack.length - 1];
    const kind = kindOf(event) ?? parent?.kind ?? 'other';
    if (parent) {
      parent.childTime += dur;
      parent.childCpu += cpu;
    } else {
      covered += dur;
      coveredCpu += cpu;
    }
    stack.push({ end: event.ts + dur, kind, name: event.name, childTime: 0, dur, childCpu: 0, cpu });
  }
  close(Number.POSITIVE_INFINITY);
  const own = Math.max(0, (task.dur ?? 0) - covered) / 1000;
  kinds.other += own;
  cpuKinds.other += Math.max(0, (task.tdur ?? 0) - coveredCpu) / 1000;
  names[task.name] = own;
  return { start: task.ts / 1000, duration: (task.dur ?? 0) / 1000, cpu: (task.tdur ?? 0) / 1000, kinds, cpuKinds, names, pid: task.pid };
}

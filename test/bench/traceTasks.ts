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
  pid: number;
  tid: number;
  args?: { name?: string };
}

export const TASK_KINDS = ['style', 'layout', 'paint', 'gc', 'script', 'other'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** A long task: its length and its own time per kind, in milliseconds. */
export interface LongTask {
  start: number;
  duration: number;
  kinds: Record<TaskKind, number>;
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

/** The tasks longer than `thresholdMs` on every renderer main thread of `events`, longest first. */
export function longTasks(events: readonly TraceEvent[], thresholdMs: number): LongTask[] {
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread) || (event.ph !== 'X' && event.ph !== 'B' && event.ph !== 'E')) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }
  const tasks: LongTask[] = [];
  for (const list of byThread.values()) {
    // Parents before children: by start, then the longer first.
    const complete = completeEvents(list).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let i = 0;
    while (i < complete.length) {
      const task = complete[i] as TraceEvent;
      const end = task.ts + (task.dur ?? 0);
      let j = i + 1;
      while (j < complete.length && (complete[j] as TraceEvent).ts < end) j++;
      if (task.name === 'RunTask' && (task.dur ?? 0) / 1000 > thresholdMs) tasks.push(splitTask(task, complete.slice(i + 1, j)));
      i = task.name === 'RunTask' ? j : i + 1;
    }
  }
  return tasks.sort((a, b) => b.duration - a.duration);
}

/** A task's own time per kind: each nested event's duration less its children's, under the nearest kind known. */
function splitTask(task: TraceEvent, inside: readonly TraceEvent[]): LongTask {
  const kinds = Object.fromEntries(TASK_KINDS.map((k) => [k, 0])) as Record<TaskKind, number>;
  const stack: { end: number; kind: TaskKind; childTime: number; dur: number }[] = [];
  const close = (until: number): void => {
    while (stack.length > 0 && (stack[stack.length - 1] as { end: number }).end <= until) {
      const top = stack.pop() as { kind: TaskKind; childTime: number; dur: number };
      kinds[top.kind] += Math.max(0, top.dur - top.childTime) / 1000;
    }
  };
  let covered = 0;
  for (const event of inside) {
    close(event.ts);
    const dur = Math.min(event.dur ?? 0, task.ts + (task.dur ?? 0) - event.ts);
    const parent = stack[stack.length - 1];
    const kind = kindOf(event) ?? parent?.kind ?? 'other';
    if (parent) parent.childTime += dur;
    else covered += dur;
    stack.push({ end: event.ts + dur, kind, childTime: 0, dur });
  }
  close(Number.POSITIVE_INFINITY);
  kinds.other += Math.max(0, (task.dur ?? 0) - covered) / 1000;
  return { start: task.ts / 1000, duration: (task.dur ?? 0) / 1000, kinds };
}

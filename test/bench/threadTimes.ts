// The CPU time of each thread of a running process, read from Linux's scheduler statistics (/proc/PID/task/TID/
// schedstat: nanoseconds on a processor, nanoseconds waiting for one). A thread's CPU time does not grow while it
// waits for a processor, so these figures say what each thread's work costs even on a machine busy with other work,
// and how long it waited. Figures are printed by benchmarks, never asserted.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchFolder } from './benchFolder';

const MARKS = join(__dirname, 'threadMarks.mjs');

/** One thread as last seen: its CPU and wait time, and the main thread's CPU time when it first and last ran. */
export interface ThreadTime {
  readonly tid: number;
  cpuMs: number;
  waitMs: number;
  /** The main thread's CPU time when this thread was first seen (what had to run before it could start). */
  readonly mainCpuAtStartMs: number;
  /** The main thread's CPU time when this thread was last seen alive. */
  mainCpuAtEndMs: number;
}

/** A sampled run: its wall time and every thread that used a processor (the main thread's tid is the pid). */
export interface SampledRun {
  readonly wallMs: number;
  readonly main: ThreadTime;
  /** The worker threads (JavaScript run by the process), in the order they started. */
  readonly workers: readonly ThreadTime[];
  /** The threads that run no JavaScript of the process: V8's helpers (garbage collection, compiling) and libuv's. */
  readonly helpers: readonly ThreadTime[];
}

/** The on-CPU and waiting nanoseconds of a schedstat line ("run wait slices"), in ms; undefined if it is not one. */
export function parseSchedstat(line: string): { cpuMs: number; waitMs: number } | undefined {
  const match = /^(\d+) (\d+) \d+\s*$/.exec(line);
  if (!match) return undefined;
  return { cpuMs: Number(match[1]) / 1e6, waitMs: Number(match[2]) / 1e6 };
}

function readTask(pid: number, tid: string): { cpuMs: number; waitMs: number } | undefined {
  try {
    return parseSchedstat(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8'));
  } catch {
    return undefined; // the thread ended between listing and reading
  }
}

/**
 * A process's time on a CPU so far, in ms: its main thread's and all its threads' (V8's compiler and collector threads
 * too), finer than the 10 ms ticks of /proc/PID/stat.
 */
export function threadsCpuOf(pid: number): { main: number; all: number } {
  const onCpu = (tid: string): number => readTask(pid, tid)?.cpuMs ?? 0;
  return { main: onCpu(String(pid)), all: readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + onCpu(tid), 0) };
}

function readMarks(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * Runs `node args` and samples its threads every `everyMs` until it exits; with `cores`, the process sees that many
 * processors. A thread's last sample is kept, so a thread that ends loses at most one period of its time.
 */
export function sampleThreads(args: readonly string[], cores?: number, everyMs = 2): Promise<SampledRun> {
  const marksDir = benchFolder('connector-thread-marks-');
  const marks = join(marksDir, 'threads');
  const env = { ...process.env, CONNECTOR_BENCH_THREADS_FILE: marks, CONNECTOR_BENCH_CORES: cores ? String(cores) : '' };
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', MARKS, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
  const pid = child.pid ?? -1;
  const threads = new Map<string, ThreadTime>();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const sample = (): void => {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      return;
    }
    const mainNow = readTask(pid, String(pid));
    const mainCpu = mainNow?.cpuMs ?? 0;
    for (const tid of tids) {
      const now = tid === String(pid) ? mainNow : readTask(pid, tid);
      if (!now) continue;
      const seen = threads.get(tid);
      if (seen) {
        seen.cpuMs = now.cpuMs;
        seen.waitMs = now.waitMs;
        seen.mainCpuAtEndMs = mainCpu;
      } else {
        threads.set(tid, { tid: Number(tid), ...now, mainCpuAtStartMs: mainCpu, mainCpuAtEndMs: mainCpu });
      }
    }
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const wallMs = performance.now() - started;
      const javascript = new Set(readMarks(marks));
      rmSync(marksDir, { recursive: true, force: true });
      if (code !== 0 && code !== 1) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      if (!javascript.has(String(pid))) return reject(new Error(`node ${args.join(' ')} did not run ${MARKS}: ${stderr}`));
      const main = threads.get(String(pid));
      if (!main) return reject(new Error('the process ended before its threads could be read'));
      const others = [...threads.values()].filter((t) => t !== main && t.cpuMs > 0);
      resolve({
        wallMs,
        main,
        workers: others.filter((t) => javascript.has(String(t.tid))).sort((a, b) => a.mainCpuAtStartMs - b.mainCpuAtStartMs),
        helpers: others.filter((t) => !javascript.has(String(t.tid))),
      });
    });
  });
}

/**
 * The longest chain of CPU work in a run, in ms: the main thread's whole time, or for a worker thread, the main
 * thread's work before it appeared, its own work, and the main thread's work after it was last seen (putting the
 * results together), whichever is longest. On a machine with a processor for every thread and nothing else running,
 * the run cannot take less.
 */
export function criticalPathMs(run: SampledRun): number {
  const through = run.workers.map((t) => t.mainCpuAtStartMs + t.cpuMs + (run.main.cpuMs - t.mainCpuAtEndMs));
  return Math.max(run.main.cpuMs, ...through);
}

/** The CPU time of every thread of a run, in ms. */
export function totalCpuMs(run: SampledRun): number {
  return [run.main, ...run.workers, ...run.helpers].reduce((sum, t) => sum + t.cpuMs, 0);
}

// `connector lint --concurrency` as it would go on a machine with more processors than this one: each thread's CPU
// time is read from the scheduler while the run goes (test/bench/threadTimes.ts), the process told it has 1, 2 or 4
// processors, so it starts the threads it would start there (they take turns on this machine's). From those times,
// the wall time on an idle machine with that many processors is at least the longest chain of work (the critical
// path) and at least all the work shared among them; the speed-up printed is one thread's such time over N threads'.
// Figures are estimates from measured work, printed, never asserted.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchFolder } from './benchFolder';
import { writeManyConnectors } from './manyFiles.bench';
import { percentile, printTable } from './stats';
import { criticalPathMs, sampleThreads, totalCpuMs, type SampledRun } from './threadTimes';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const QUICK = process.argv.includes('--quick');
const FOLDERS = 20;

/** The wall time a run needs at least on `cores` idle processors: its longest chain, or all its work shared out. */
function idleWallMs(run: SampledRun, cores: number): number {
  return Math.max(criticalPathMs(run), totalCpuMs(run) / cores);
}

async function medianRun(tree: string, threads: number, runs: number): Promise<Record<string, number>> {
  const figures: Record<string, number>[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const setting = threads === 1 ? 'off' : String(threads);
    const run = await sampleThreads([CLI, 'lint', '--format', 'json', '--concurrency', setting, tree], threads);
    if (i === 0) continue; // the first run warms the compiled-code cache and the file system's
    const workerCpu = run.workers.map((w) => w.cpuMs);
    figures.push({
      wall: run.wallMs,
      total: totalCpuMs(run),
      main: run.main.cpuMs,
      workers: run.workers.length,
      workerMedian: workerCpu.length ? percentile(workerCpu, 50) : 0,
      workerStart: run.workers.length ? Math.min(...run.workers.map((w) => w.mainCpuAtStartMs)) : 0,
      helpers: run.helpers.reduce((sum, t) => sum + t.cpuMs, 0),
      critical: criticalPathMs(run),
      idle2: idleWallMs(run, 2),
      idle4: idleWallMs(run, 4),
    });
  }
  const median = (key: string): number => percentile(figures.map((f) => f[key] ?? 0), 50);
  return Object.fromEntries(Object.keys(figures[0] ?? {}).map((key) => [key, median(key)]));
}

/** Runs the benchmark and prints its table. */
export async function runThreadsBench(): Promise<void> {
  const sizes = QUICK ? [25] : [100, 400];
  const runs = QUICK ? 3 : 5;
  for (const perFolder of sizes) {
    const dir = benchFolder('connector-threads-bench-');
    const tree = writeManyConnectors(dir, FOLDERS, perFolder);
    const rows: string[][] = [['threads', 'wall here', 'CPU, all threads', 'main thread', 'workers: each (median)', 'first worker starts after', 'V8/libuv helpers', 'critical path', 'idle, 2 cores: wall, speed-up', 'idle, 4 cores: wall, speed-up']];
    let one: Record<string, number> = {};
    for (const threads of [1, 2, 4]) {
      const f = await medianRun(tree, threads, perFolder >= 400 ? Math.max(3, runs - 2) : runs);
      if (threads === 1) one = f;
      const ms = (key: string): string => `${(f[key] ?? 0).toFixed(0)} ms`;
      const idle = (key: string): string => `${ms(key)}, ${((one[key] ?? Number.NaN) / (f[key] ?? Number.NaN)).toFixed(2)}×`;
      rows.push([
        String(threads), ms('wall'), ms('total'), ms('main'),
        f.workers ? `${f.workers} × ${ms('workerMedian')}` : '-',
        f.workers ? `${ms('workerStart')} of main's` : '-',
        ms('helpers'), ms('critical'), threads <= 2 ? idle('idle2') : '-', idle('idle4'),
      ]);
    }
    printTable(`connector lint --concurrency over ${FOLDERS * perFolder} small connectors: CPU time per thread (medians of ${runs} runs), and the least wall time it implies on an idle machine`, rows);
    rmSync(dir, { recursive: true, force: true });
  }
}

// Small timing helpers for benchmarks: figures are printed, never asserted.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Runs `work` `runs` times (after `warmUps` runs, one unless told) and returns the median in milliseconds. */
export async function medianMs(runs: number, work: () => unknown, warmUps = 1): Promise<number> {
  for (let i = 0; i < warmUps; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(0, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[rank] ?? Number.NaN;
}

/** Formats milliseconds with a precision that fits their size. */
export function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** Formats a ratio as `1.23×`. */
export function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}×`;
}

/** Prints rows as an aligned text table (first row is the header). */
export function printTable(title: string, rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  console.log(`\n${title}`);
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** A process's resident memory now (VmRSS) or at its peak so far (VmHWM), in bytes, from /proc. */
export function rssOf(pid: number, which: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${which}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
}

/** A process's CPU time so far (user + system), in ms: what its work cost, however busy the machine. */
export function cpuOf(pid: number): number {
  // /proc/PID/stat: the fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return ticks * 10;
}

/** Formats bytes as whole mebibytes. */
export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/**
 * A server's RSS once it has been idle for a while: it collects 2 s after the last check of a large file, and V8
 * gives the freed pages back over the following seconds (about 15 on this machine); read after 25 s.
 */
export async function settledRss(pid: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 25_000));
  return rssOf(pid);
}

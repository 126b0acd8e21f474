// The whole command as a user runs it in CI: `connector lint --format json FILE`, against a process that only
// parses the same file with jsonc-parser (the floor any JSON tool pays) and against `connector --version`.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchFolder } from './benchFolder';
import { shapesToRun } from './generate';
import { ms, percentile, printTable, ratio } from './stats';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const SIZES = process.argv.includes('--quick') ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 50_000];

/** The median wall time of `runs` runs of a process (after one warm-up run). */
export function processMs(args: readonly string[], runs: number): number {
  spawnSync(process.execPath, args, { stdio: 'ignore' });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(timedRun(args));
  return percentile(times, 50);
}

/** One run of a process, in milliseconds; throws when it fails (exit codes 0 and 1 are results). */
function timedRun(args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 2 ** 30 });
  const elapsed = performance.now() - started;
  if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} failed: ${String(result.stderr)}`);
  return elapsed;
}

/**
 * The median ratio of `a`'s time to `b`'s over `pairs` pairs of runs taken in turns (after one warm-up run of each):
 * a machine whose speed drifts moves both runs of a pair alike, which two medians taken one after the other miss.
 */
export function pairedRatio(a: readonly string[], b: readonly string[], pairs: number): number {
  spawnSync(process.execPath, a, { stdio: 'ignore' });
  spawnSync(process.execPath, b, { stdio: 'ignore' });
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    // Each goes first in every other pair, so neither always follows the other.
    if (i % 2 === 0) {
      const timeA = timedRun(a);
      ratios.push(timeA / timedRun(b));
    } else {
      const timeB = timedRun(b);
      ratios.push(timedRun(a) / timeB);
    }
  }
  return percentile(ratios, 50);
}

/** Runs the benchmark and prints its table. */
export async function runProcessBench(): Promise<void> {
  const dir = benchFolder('connector-process-bench-');
  const floor = join(dir, 'jsonc-only.js');
  writeFileSync(floor, `const { parseTree } = require(${JSON.stringify(join(ROOT, 'node_modules', 'jsonc-parser'))});
const text = require('node:fs').readFileSync(process.argv[2], 'utf8');
const root = parseTree(text, [], { allowTrailingComma: true });
process.stdout.write(String(root && root.children ? root.children.length : 0));
`);
  const version = processMs([CLI, '--version'], 7);
  const rows: string[][] = [['file', 'ops', 'MB', 'connector lint', 'jsonc-parser only', 'lint / jsonc']];
  for (const [kind, generate] of shapesToRun()) {
    for (const size of SIZES) {
      const text = generate(size);
      const file = join(dir, `${kind.replace(/\W/g, '')}-${size}.connector.json`);
      writeFileSync(file, text);
      const runs = size >= 50_000 ? 3 : size >= 10_000 ? 5 : 7;
      const lint = processMs([CLI, 'lint', '--format', 'json', file], runs);
      const jsonc = processMs([floor, file], runs);
      rows.push([kind, String(size), (text.length / 2 ** 20).toFixed(2), ms(lint), ms(jsonc), ratio(lint, jsonc)]);
    }
  }
  printTable(`Whole process (median ms; \`connector --version\` takes ${ms(version)} ms; target: lint / jsonc within 2×)`, rows);
}

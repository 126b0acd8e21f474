// Runs every check a change must pass: typecheck, lint, build, then every test file with Node's test runner.
// Prints the runner's own summary and one plain closing line with the counts.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

function testFiles(dir) {
  const out = [];
  let entries = [];
  try { entries = readdirSync(join(root, dir)); } catch { return out; }
  for (const entry of entries.sort()) {
    const path = join(dir, entry);
    if (statSync(join(root, path)).isDirectory()) out.push(...testFiles(path));
    else if (entry.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

if (only.length === 0) {
  step('typecheck', 'npx', ['tsc', '-b']);
  step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  step('build', 'node', ['esbuild.mjs']);
}

const suites = only.length ? only : ['test/unit', 'test/cli', 'test/request', 'test/demo', 'test/server', 'test/e2e'];
const files = suites.flatMap((s) => (s.endsWith('.ts') ? [s] : testFiles(s)));
mkdirSync(join(root, 'out'), { recursive: true });
const tap = join(root, 'out', 'test-results.tap');
console.log(`\n▶ tests (${files.length} files)`);
const run = spawnSync(
  'node',
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${relative(root, tap)}`, ...files],
  { cwd: root, stdio: 'inherit' },
);
const summary = readFileSync(tap, 'utf8');
const count = (name) => Number(summary.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
console.log(`\ntests: ${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped`);
process.exit(run.status === 0 && count('fail') === 0 ? 0 : 1);

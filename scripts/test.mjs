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

const suites = only.length ? only : ['test/unit', 'test/cli', 'test/request', 'test/demo', 'test/server', 'test/e2e'];
const files = suites.flatMap((s) => (s.endsWith('.ts') ? [s] : testFiles(s)));
// Each end-to-end file starts a VS Code and a browser: one at a time, so they do not starve each other of CPU.
const isE2e = (f) => f.split(/[\\/]/).includes('e2e');
const codeServerSetup = join('scripts', 'e2e', 'codeServerInstall.ts');

// What the machine lacks is said now, with the command that installs it, not minutes into the run.
if (files.some(isE2e) || only.length === 0) {
  const check = spawnSync('node', ['--import', 'tsx', codeServerSetup, '--check', 'tests'], { cwd: root, stdio: 'inherit' });
  if (check.status !== 0) process.exit(check.status ?? 1);
}

if (only.length === 0) {
  step('typecheck', 'npx', ['tsc', '-b']);
  step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  step('build', 'node', ['esbuild.mjs']);
}

mkdirSync(join(root, 'out'), { recursive: true });

/** Runs test files with node's runner; TAP goes to out/ for the counts. */
function runFiles(group, extra, tapName) {
  if (group.length === 0) return { ok: true, pass: 0, fail: 0, skipped: 0 };
  const tap = join(root, 'out', tapName);
  const run = spawnSync(
    'node',
    ['--import', 'tsx', '--test', ...extra, '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${relative(root, tap)}`, ...group],
    { cwd: root, stdio: 'inherit' },
  );
  const summary = readFileSync(tap, 'utf8');
  const count = (name) => Number(summary.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { ok: run.status === 0, pass: count('pass'), fail: count('fail'), skipped: count('skipped') };
}

console.log(`\n▶ tests (${files.length} files)`);
const results = [runFiles(files.filter((f) => !isE2e(f)), [], 'test-results.tap')];
if (files.some(isE2e)) {
  // Built once per machine and cached; the first run says what it does while it takes its few minutes.
  step('VS Code (code-server) for the end-to-end tests', 'node', ['--import', 'tsx', codeServerSetup]);
  results.push(runFiles(files.filter(isE2e), ['--test-concurrency=1'], 'test-results-e2e.tap'));
}
const total = (k) => results.reduce((n, r) => n + r[k], 0);
console.log(`\ntests: ${total('pass')} passed, ${total('fail')} failed, ${total('skipped')} skipped`);
process.exit(results.every((r) => r.ok) && total('fail') === 0 ? 0 : 1);

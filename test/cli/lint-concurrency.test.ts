import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RULE_IDS } from '../../server/src/core';
import { ProjectConfigFiles } from '../../server/src/io/projectConfigFiles';
import { displayPathOf, lintFiles, sourcesOf } from '../../server/src/cli/lint/lintFiles';
import { joinRuns, lintInThreads, threadsFor } from '../../server/src/cli/lint/lintThreads';
import { resolveTargets } from '../../server/src/cli/lint/targets';
import { CONNECTOR_TEXT, makeTempFolder, runCli, STACK_TRACE, type TempFolder } from '../support/cli';

// `connector lint --concurrency`: worker threads check the files, and the report, the problems and the exit code are
// byte for byte those of one thread, for every format and option that shapes them.

const ROOT = join(__dirname, '..', '..');
const WORKER = join(ROOT, 'dist', 'cli.js');
const example = (name: string): string => readFileSync(join(ROOT, 'examples', name), 'utf8');

/** A tree of 12 folders with clean files, findings, broken syntax, project files (one too large to read), values files, a FIFO and a dangling link. */
function tree(): TempFolder {
  const files: Record<string, string> = {};
  for (let f = 0; f < 12; f++) {
    const folder = `team-${String(f).padStart(2, '0')}`;
    files[`${folder}/service.metadata.xml`] = example('ifs-orders.metadata.xml');
    for (let i = 0; i < 8; i++) {
      const name = `${folder}/c${i}.connector.json`;
      files[name] = [
        CONNECTOR_TEXT.clean,
        example('broken-rest.connector.json'),
        example('ifs-orders.connector.json').replace('"ifs-orders.metadata.xml"', '"service.metadata.xml"'),
        example('broken-odata.connector.json'),
        '{ "kind": "rest", "name": "Cut short", "operations": [',
        example('petstore.connector.json'),
        example('broken-orders.connector.json'),
        `// ${'é'.repeat(f)}\n${CONNECTOR_TEXT.clean}`,
      ][i] ?? '';
    }
    files[`${folder}/c1.values.json`] = '{ "nothing": 1 }';
  }
  // A project file that governs folders split across threads, with a finding, and one too large to be read.
  files['team-03/connector-tools.json'] = '{ "rules": { "no-such-rule": "off" }, "ignore": ["c0.connector.json"] }';
  files['team-07/connector-tools.json'] = `{ "rules": {}, "padding": "${'x'.repeat(1024 * 1024 + 10)}" }`;
  files['connector-tools.json'] = '{ "rules": { "syntax-error": "warning" } }';
  const folder = makeTempFolder(files);
  assert.equal(spawnSync('mkfifo', [join(folder.path, 'team-05', 'pipe.connector.json')]).status, 0);
  symlinkSync(join(folder.path, 'missing.json'), join(folder.path, 'team-09', 'gone.connector.json'));
  return folder;
}

/** Every folder, with the FIFO, the dangling link and the root project file named among them: in the middle of the run. */
const TARGETS = [
  ...Array.from({ length: 12 }, (_, f) => `team-${String(f).padStart(2, '0')}`).flatMap((t) => (t === 'team-05' ? [t, 'team-05/pipe.connector.json'] : t === 'team-09' ? [t, 'team-09/gone.connector.json', 'connector-tools.json'] : [t])),
];

describe('connector lint --concurrency', () => {
  let folder: TempFolder;
  before(() => {
    assert.ok(readFileSync(WORKER).length > 0, 'npm run build first: dist/cli.js is also the checking thread');
    folder = tree();
  });
  after(() => folder.remove());

  it('chooses threads by the files and the cores: auto only for many files, leaving a core to the engine, never more than the cores', () => {
    assert.equal(threadsFor(1, 10_000, 8), 1);
    assert.equal(threadsFor('auto', 100, 8), 1);
    assert.equal(threadsFor('auto', 600, 8), 2);
    assert.equal(threadsFor('auto', 100_000, 8), 7);
    assert.equal(threadsFor('auto', 100_000, 3), 2);
    assert.equal(threadsFor('auto', 100_000, 2), 1, 'two cores: one checking thread, the other core for the engine');
    assert.equal(threadsFor('auto', 100_000, 1), 1);
    assert.equal(threadsFor(2, 100_000, 2), 2, 'asked for: as many as the cores');
    assert.equal(threadsFor(64, 100_000, 4), 4);
    assert.equal(threadsFor(4, 15, 8), 2, 'no more threads than chunks of files');
    assert.equal(threadsFor(4, 5, 8), 1);
    assert.equal(threadsFor(Number.MAX_SAFE_INTEGER, 1000, 2), 2);
  });

  it('lints in worker threads to the same run as one thread, project files reported once where they first apply', async () => {
    const targets = await resolveTargets(TARGETS, folder.path);
    assert.equal(targets.problems.length, 1, 'the dangling link');
    assert.ok(targets.files.length > 100);
    const one = await lintFiles(targets.files, {}, folder.path, new ProjectConfigFiles(RULE_IDS));
    // The threads read the files the folders listed by name, one thread judged each file first: the same run.
    const listed = sourcesOf(targets.files, targets.listed);
    assert.ok(targets.listed.size > 100 && targets.listed.size < targets.files.length, 'the files named on their own are not listed');
    const threaded = await lintInThreads(listed, { threads: 2, overrides: { 'unknown-field': 'off' }, cwd: folder.path, displayPathOf: (f) => displayPathOf(f, folder.path), workerScript: WORKER });
    const oneWithOverride = await lintFiles(targets.files, { 'unknown-field': 'off' }, folder.path, new ProjectConfigFiles(RULE_IDS));
    assert.ok(threaded, 'the worker script is there');
    assert.deepEqual(threaded, oneWithOverride);
    assert.ok(one.files.filter((f) => f.kind === 'project').length >= 2, 'the tree has project files with findings');
    assert.equal(one.problems.length, 1, 'the FIFO cannot be read');
    assert.ok(one.ignored.length === 1);
  });

  it('joins runs so that a project file reported by two threads appears once, at its first place', () => {
    const project = { path: '/p/connector-tools.json', kind: 'project' as const, displayPath: 'connector-tools.json', findings: [] };
    const file = (name: string) => ({ path: `/p/${name}`, kind: 'connector' as const, displayPath: name, findings: [] });
    const joined = joinRuns([
      { files: [project, file('a')], ignored: ['x'], problems: ['p1'] },
      { files: [project, file('b')], ignored: [], problems: ['p2'] },
    ]);
    assert.deepEqual(joined.files.map((f) => f.displayPath), ['connector-tools.json', 'a', 'b']);
    assert.deepEqual(joined.problems, ['p1', 'p2']);
    assert.deepEqual(joined.ignored, ['x']);
  });

  const cases: string[][] = [
    ['--format', 'stylish'],
    ['--format', 'stylish', '--color'],
    ['--format', 'compact'],
    ['--format', 'json'],
    ['--format', 'sarif'],
    ['--format', 'github'],
    ['--format', 'json', '--quiet'],
    ['--format', 'stylish', '--quiet'],
    ['--format', 'compact', '--max-warnings', '0'],
    ['--format', 'compact', '--rule', 'unknown-field=error'],
  ];
  for (const args of cases) {
    it(`reports byte for byte as one thread: ${args.join(' ')}`, async () => {
      const one = await runCli(['lint', ...TARGETS, ...args, '--concurrency', 'off'], { cwd: folder.path });
      const two = await runCli(['lint', ...TARGETS, ...args, '--concurrency', '2'], { cwd: folder.path });
      assert.equal(two.stdout, one.stdout);
      assert.equal(two.stderr, one.stderr);
      assert.equal(two.code, one.code);
      assert.equal(one.code, 2, 'the unreadable files make it a read error');
      assert.doesNotMatch(two.stderr, STACK_TRACE);
    });
  }

  it('writes the same --output-file, and exits alike, when every file can be read', async () => {
    const readable = ['team-00', 'team-01', 'team-02', 'team-03', 'team-04', 'team-06', 'team-07'];
    for (const format of ['sarif', 'stylish']) {
      const one = await runCli(['lint', ...readable, '-f', format, '-o', 'one.out', '--concurrency', 'off', '--max-warnings', '3'], { cwd: folder.path });
      const two = await runCli(['lint', ...readable, '-f', format, '-o', 'two.out', '--concurrency', '2', '--max-warnings', '3'], { cwd: folder.path });
      assert.equal(one.code, 1);
      assert.equal(two.code, one.code);
      assert.equal(two.stderr, one.stderr);
      assert.equal(readFileSync(join(folder.path, 'two.out'), 'utf8'), readFileSync(join(folder.path, 'one.out'), 'utf8'));
    }
  });

  it('refuses a --concurrency that is neither auto, off nor a count, saying what it takes', async () => {
    for (const value of ['0', '-1', 'many', '1.5', '']) {
      const run = await runCli(['lint', `--concurrency=${value}`], { cwd: folder.path });
      assert.equal(run.code, 2, value);
      assert.match(run.stderr, /--concurrency needs auto, off or a whole number of threads/);
    }
    const auto = await runCli(['lint', 'team-00', '--concurrency', 'auto', '-f', 'compact'], { cwd: folder.path });
    const off = await runCli(['lint', 'team-00', '-f', 'compact'], { cwd: folder.path });
    assert.equal(auto.stdout, off.stdout);
  });

  for (const [what, script] of [
    ['throws', "require('node:worker_threads').parentPort.on('message', () => { throw new Error('checking went wrong'); });"],
    ['exits', "require('node:worker_threads').parentPort.on('message', () => process.exit(7));"],
    ['fails to load', "throw new Error('cannot load');"],
  ] as const) {
    it(`ends with each chunk of a worker that ${what} named as a problem, the others checked, without hanging`, async () => {
      const crashing = join(folder.path, `crash-${what.replace(/\W/g, '')}.js`);
      writeFileSync(crashing, script);
      const files = (await resolveTargets(['team-00', 'team-01', 'team-02', 'team-04', 'team-06', 'team-08'], folder.path)).files;
      const run = await lintInThreads(files, { threads: 2, overrides: {}, cwd: folder.path, displayPathOf: (f) => displayPathOf(f, folder.path), workerScript: crashing });
      assert.ok(run);
      assert.ok(run.problems.length >= 1, 'the worker took a chunk before it stopped');
      let named = 0;
      for (const problem of run.problems) {
        const match = /^cannot check (\d+) files from team-0\d\/\S+ to team-0\d\/\S+: the checking thread stopped \(.+\)\. Run again with --concurrency off/.exec(problem);
        assert.ok(match, problem);
        named += Number(match[1]);
      }
      assert.equal(run.files.filter((f) => f.kind !== 'project').length + named, files.length, 'every file checked here or named');
    });
  }

  it('lints in this thread when the checking thread is not built beside the command', async () => {
    const run = await lintInThreads(['/nowhere/a.connector.json'], { threads: 2, overrides: {}, cwd: folder.path, displayPathOf: (f) => f, workerScript: join(folder.path, 'absent.js') });
    assert.equal(run, undefined);
  });

  it('has cores to run threads on (otherwise the comparisons above ran one thread twice)', () => {
    assert.ok(availableParallelism() >= 2, 'this machine has one core: run the comparisons on one with more');
  });
});

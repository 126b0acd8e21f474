import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI_PATH, CONNECTOR_TEXT, makeTempFolder, runCli, STACK_TRACE, type TempFolder } from '../support/cli';

// `connector lint` as a user runs it: the built dist/cli.js, real files, exit codes and output.

const ESC = '\u001b';
const SUMMARY = /^✖ (\d+) problems? \((\d+) errors?, (\d+) warnings?, (\d+) infos?\)$/m;

function summaryOf(stdout: string): { total: number; errors: number; warnings: number; infos: number } {
  const match = SUMMARY.exec(stdout);
  assert.ok(match, `no summary line in:\n${stdout}`);
  const [total, errors, warnings, infos] = match.slice(1).map(Number) as [number, number, number, number];
  return { total, errors, warnings, infos };
}

describe('connector lint: exit codes and the stylish report', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder({
      'clean.connector.json': CONNECTOR_TEXT.clean,
      'broken.connector.json': CONNECTOR_TEXT.missingComma,
      'two.connector.json': CONNECTOR_TEXT.twoErrors,
    });
  });
  after(() => folder.remove());

  it('exits 0 with a clean message for a clean file', async () => {
    const run = await runCli(['lint', 'clean.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '✔ No problems found in 1 connector file.\n');
    assert.equal(run.stderr, '');
  });

  it('exits 1 and lists the file, the 1-based position, severity, message and rule id', async () => {
    const run = await runCli(['lint', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'broken.connector.json');
    assert.match(lines[1] ?? '', /^ {2}3:20 {2}error {2}JSON syntax: comma expected\. .+ {2}syntax-error$/);
    assert.equal(lines[2], '');
    assert.deepEqual(summaryOf(run.stdout), { total: 1, errors: 1, warnings: 0, infos: 0 });
    assert.equal(lines[3], '✖ 1 problem (1 error, 0 warnings, 0 infos)');
    assert.ok(!run.stdout.includes(ESC), 'no colour when stdout is not a terminal');
    assert.equal(run.stderr, '');
  });

  it('aligns position and severity, follows each message with its rule id, and counts every file', async () => {
    const run = await runCli(['lint', 'two.connector.json', 'broken.connector.json', 'clean.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'two.connector.json');
    const rows = [lines[1] ?? '', lines[2] ?? ''];
    assert.match(rows[0] ?? '', /^ {2}2:3 {3}error/);
    assert.match(rows[1] ?? '', /^ {2}12:7 {2}error/);
    // Piped output: the rule id follows its message after two spaces, not padded to the longest message.
    for (const row of rows) assert.match(row, /[^ ] {2}syntax-error$/);
    assert.ok((rows[0] ?? '').includes('invalid symbol') && (rows[1] ?? '').includes('comma expected'));
    assert.equal(lines[3], '');
    assert.equal(lines[4], 'broken.connector.json', 'files in the order named; clean files are not listed');
    assert.deepEqual(summaryOf(run.stdout), { total: 3, errors: 3, warnings: 0, infos: 0 });
    assert.ok(!run.stdout.includes('clean.connector.json'));
  });

  it('--rule id=off turns an error off, and the exit code follows', async () => {
    const run = await runCli(['lint', '--rule', 'syntax-error=off', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(run.stdout, '✔ No problems found in 1 connector file.\n');
  });

  it('--rule id=warning makes warnings: exit 0 unless there are more than --max-warnings', async () => {
    const files = ['two.connector.json', 'broken.connector.json'];
    const warned = await runCli(['lint', '--rule=syntax-error=warning', ...files], { cwd: folder.path });
    assert.equal(warned.code, 0, warned.stderr);
    assert.match(warned.stdout, /^ {2}3:20 {2}warning {2}JSON syntax/m);
    assert.deepEqual(summaryOf(warned.stdout), { total: 3, errors: 0, warnings: 3, infos: 0 });

    const atLimit = await runCli(['lint', '--rule', 'syntax-error=warning', '--max-warnings', '3', ...files], { cwd: folder.path });
    assert.equal(atLimit.code, 0, atLimit.stderr);

    const over = await runCli(['lint', '--rule', 'syntax-error=warning', '--max-warnings', '2', ...files], { cwd: folder.path });
    assert.equal(over.code, 1);
    assert.match(over.stderr, /3 warnings found; --max-warnings allows 2/);

    const zero = await runCli(['lint', '--rule', 'syntax-error=warning', '--max-warnings=0', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(zero.code, 1);
  });

  it('infos never fail the run, not even with --max-warnings 0', async () => {
    const run = await runCli(['lint', '--rule', 'syntax-error=info', '--max-warnings', '0', 'two.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^ {2}2:3 {3}info {2}/m);
    assert.deepEqual(summaryOf(run.stdout), { total: 2, errors: 0, warnings: 0, infos: 2 });
  });

  it('--quiet reports errors only', async () => {
    const warningsOnly = await runCli(['lint', '-q', '--rule', 'syntax-error=warning', '--max-warnings', '0', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(warningsOnly.code, 0, warningsOnly.stderr);
    assert.equal(warningsOnly.stdout, '✔ No errors in 1 connector file.\n');
    const errors = await runCli(['lint', '--quiet', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(errors.code, 1);
    assert.match(errors.stdout, /3:20 {2}error/);
  });

  it('colours the report on a terminal, and not with NO_COLOR', { skip: !hasScript() && 'util-linux script is not installed' }, async () => {
    assert.ok(existsSync(CLI_PATH), `${CLI_PATH} is missing: run npm run build first.`);
    const command = `"${process.execPath}" "${CLI_PATH}" lint broken.connector.json`;
    const tty = await runInTerminal(command, folder.path, {});
    assert.ok(tty.includes(`${ESC}[31merror${ESC}[0m`), `errors in red: ${JSON.stringify(tty)}`);
    assert.ok(tty.includes(`${ESC}[4mbroken.connector.json${ESC}[0m`), 'file name underlined');
    const plain = await runInTerminal(command, folder.path, { NO_COLOR: '1' });
    assert.ok(!plain.includes(ESC), `no colour with NO_COLOR: ${JSON.stringify(plain)}`);
    assert.match(plain, /3:20 {2}error/);
  });
});

function hasScript(): boolean {
  return existsSync('/usr/bin/script');
}

/** Runs a shell command with a pseudo-terminal as stdout (util-linux `script`), returning what the terminal showed. */
function runInTerminal(command: string, cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    if (!('NO_COLOR' in env)) delete childEnv.NO_COLOR;
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(out).toString('utf8')));
  });
}

describe('connector lint: files, folders and globs', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder({
      'top.connector.json': CONNECTOR_TEXT.clean,
      'api/orders.connector.json': CONNECTOR_TEXT.missingComma,
      'api/deep/er/pets.connector.json': CONNECTOR_TEXT.clean,
      'api/notes.json': '{ not a connector, never linted',
      'node_modules/pkg/dep.connector.json': CONNECTOR_TEXT.twoErrors,
      '.hidden/secret.connector.json': CONNECTOR_TEXT.twoErrors,
      'api/.cache/cached.connector.json': CONNECTOR_TEXT.twoErrors,
      'empty/readme.txt': 'nothing here',
    });
  });
  after(() => folder.remove());

  it('with no argument lints every connector file below the current folder, skipping node_modules and dot folders', async () => {
    const run = await runCli(['lint', '--format', 'json'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    const findings = JSON.parse(run.stdout) as { file: string }[];
    assert.deepEqual([...new Set(findings.map((f) => f.file))], [join('api', 'orders.connector.json')]);
    const stylish = await runCli(['lint', '--rule', 'syntax-error=off'], { cwd: folder.path });
    assert.equal(stylish.stdout, '✔ No problems found in 3 connector files.\n');
  });

  it('a folder argument means the connector files below it; paths are shown relative to the working folder', async () => {
    const run = await runCli(['lint', 'api'], { cwd: folder.path });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^api\/orders\.connector\.json$/m);
    const clean = await runCli(['lint', join(folder.path, 'api', 'deep')], { cwd: folder.path });
    assert.equal(clean.code, 0, clean.stderr);
    assert.equal(clean.stdout, '✔ No problems found in 1 connector file.\n');
  });

  it('a glob picks the files it matches', async () => {
    const run = await runCli(['lint', '**/pets.connector.json', 'api/*.connector.json', '--format', 'json'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual((JSON.parse(run.stdout) as { file: string }[]).map((f) => f.file), ['api/orders.connector.json']);
    const onlyClean = await runCli(['lint', '**/{top,pets}.connector.json'], { cwd: folder.path });
    assert.equal(onlyClean.code, 0, onlyClean.stderr);
    assert.equal(onlyClean.stdout, '✔ No problems found in 2 connector files.\n');
  });

  it('a file named twice is linted once', async () => {
    const run = await runCli(['lint', '-f', 'json', 'api/orders.connector.json', './api/orders.connector.json', 'api'], { cwd: folder.path });
    assert.equal((JSON.parse(run.stdout) as unknown[]).length, 1);
  });

  it('a glob or a folder with no connector files says so and exits 2', async () => {
    const glob = await runCli(['lint', 'nowhere/**/*.connector.json'], { cwd: folder.path });
    assert.equal(glob.code, 2);
    assert.match(glob.stderr, /No files match 'nowhere\/\*\*\/\*\.connector\.json'/);
    const empty = await runCli(['lint', 'empty'], { cwd: folder.path });
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /No connector files \(\*\.connector\.json\) or their values, tests, environments or project files found in folder 'empty'/);
    const noArgs = await runCli(['lint'], { cwd: join(folder.path, 'empty') });
    assert.equal(noArgs.code, 2);
    assert.match(noArgs.stderr, /No connector files .* found in the current folder/);
    for (const run of [glob, empty, noArgs]) assert.doesNotMatch(run.stderr, STACK_TRACE);
  });
});

describe('connector lint: reading files', () => {
  let folder: TempFolder;
  before(() => {
    const bigDescription = 'x'.repeat(4_000_000);
    folder = makeTempFolder({
      'broken.connector.json': CONNECTOR_TEXT.missingComma,
      'bom.connector.json': `\uFEFF${CONNECTOR_TEXT.missingComma}`,
      'crlf.connector.json': CONNECTOR_TEXT.missingComma.replace(/\n/g, '\r\n'),
      // An emoji is two UTF-16 code units, as editors count columns: 'oops' starts at column 30 (29 in code points).
      'emoji.connector.json': '{\n  "name": "😀 Pets", "kind": oops\n}\n',
      'binary.connector.json': Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x00, 0x01, 0x80, 0x81, 0x0a, 0x22, 0x00, 0x9f, 0x92, 0x96]),
      'huge.connector.json': CONNECTOR_TEXT.clean.replace('"name": "Clean",', `"name": "Clean", "description": "${bigDescription}",`),
      'empty.connector.json': '',
      // Two findings per line, 200 000 in all: output far larger than a pipe's buffer.
      // Distinct keys: two syntax errors per line and nothing else (a repeated key would add duplicate-key findings).
      'noisy.connector.json': `{\n${Array.from({ length: 100_000 }, (_, i) => `"a${i}": @,\n`).join('')}}`,
      'locked.connector.json': CONNECTOR_TEXT.clean,
    });
  });
  after(() => folder.remove());

  const positionsOf = async (file: string): Promise<unknown[]> => {
    const run = await runCli(['lint', '-f', 'json', file], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    return (JSON.parse(run.stdout) as { line: number; column: number; endLine: number; endColumn: number }[])
      .map(({ line, column, endLine, endColumn }) => ({ line, column, endLine, endColumn }));
  };

  it('strips a byte order mark and counts CRLF line endings as editors do', async () => {
    const expected = [{ line: 3, column: 20, endLine: 3, endColumn: 29 }];
    assert.deepEqual(await positionsOf('broken.connector.json'), expected);
    assert.deepEqual(await positionsOf('bom.connector.json'), expected);
    assert.deepEqual(await positionsOf('crlf.connector.json'), expected);
  });

  it('counts columns in UTF-16 code units', async () => {
    const [first] = await positionsOf('emoji.connector.json');
    assert.deepEqual(first, { line: 2, column: 30, endLine: 2, endColumn: 34 });
  });

  it('lints binary, empty and huge files to the end without special cases', async () => {
    const binary = await runCli(['lint', '-f', 'json', 'binary.connector.json'], { cwd: folder.path });
    assert.equal(binary.code, 1, binary.stderr);
    assert.ok((JSON.parse(binary.stdout) as { code: string }[]).every((f) => f.code === 'syntax-error'));
    const empty = await runCli(['lint', 'empty.connector.json'], { cwd: folder.path });
    assert.equal(empty.code, 1);
    assert.match(empty.stdout, /1:1 {2}error {2}The file is empty\./);
    const huge = await runCli(['lint', 'huge.connector.json'], { cwd: folder.path, timeoutMs: 120_000 });
    assert.equal(huge.code, 0, huge.stdout + huge.stderr);
  });

  it('reports a file with 200 000 findings, and stops quietly when the reader of its output leaves', async () => {
    const run = await runCli(['lint', 'noisy.connector.json'], { cwd: folder.path, timeoutMs: 120_000 });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(summaryOf(run.stdout), { total: 200_000, errors: 200_000, warnings: 0, infos: 0 });
    // `connector lint | head -1`: head exits after one line; the CLI must neither hang nor print a stack trace.
    const piped = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI_PATH}" lint noisy.connector.json 2>stderr.txt | head -1; echo "exit \${PIPESTATUS[0]}"`], {
      cwd: folder.path, encoding: 'utf8', timeout: 120_000,
    });
    assert.equal(piped.stdout, 'noisy.connector.json\nexit 1\n');
    assert.equal(readFileSync(join(folder.path, 'stderr.txt'), 'utf8'), '');
  });

  it('a missing file is a read error: exit 2 with the reason, the other files still reported', async () => {
    const run = await runCli(['lint', 'missing.connector.json', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 2);
    assert.equal(run.stderr, 'connector lint: cannot read missing.connector.json: no such file or directory\n');
    assert.match(run.stdout, /^broken\.connector\.json$/m);
  });

  it('a file without read permission is a read error: exit 2, "permission denied"', async () => {
    const asRoot = process.getuid?.() === 0;
    const nobody = 65534;
    chmodSync(join(folder.path, 'locked.connector.json'), 0o000);
    if (asRoot) {
      // Root reads anything: run the CLI as an ordinary user who may enter the folder but not read the file.
      chmodSync(folder.path, 0o755);
      chownSync(join(folder.path, 'locked.connector.json'), 0, 0);
    }
    const run = await runCli(['lint', 'locked.connector.json'], { cwd: folder.path, ...(asRoot ? { uid: nobody, gid: nobody } : {}) });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.equal(run.stderr, 'connector lint: cannot read locked.connector.json: permission denied\n');
    assert.doesNotMatch(run.stderr, STACK_TRACE);
  });
});

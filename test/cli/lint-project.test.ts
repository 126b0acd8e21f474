import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';
import { restConnector, operation } from '../support/connectorText';

// One configuration for the editor and CI: connector-tools.json, read by `connector lint` as the editor reads it;
// and the command-line conventions CI relies on (stdin, report files, colour, GitHub annotations).

/** A file with one header-credential warning (line 7) and one multi-on-path error. */
const CONNECTOR = restConnector([
  operation('a', 'GET', '/a/{ids}', ['{ "name": "ids", "location": "path", "type": "array", "items": { "type": "string" }, "separation": "multi", "required": true }'], '{ "Authorization": "Bearer abc123" }'),
]);
const codesIn = (stdout: string): string[] => (JSON.parse(stdout) as { code: string; file: string }[]).map((f) => `${f.file}:${f.code}`);

describe('connector-tools.json with connector lint', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder({
      'connector-tools.json': `// Project settings: read by CI and the editor alike.
{
  "rules": { "header-credential": "off" },
  "ignore": ["generated/**", "*.draft.connector.json"],
  "overrides": [ { "files": ["legacy/**"], "rules": { "multi-on-path": "warning" } } ]
}`,
      'api.connector.json': CONNECTOR,
      'legacy/old.connector.json': CONNECTOR,
      'generated/gen.connector.json': CONNECTOR,
      'wip.draft.connector.json': CONNECTOR,
      // A nearer project file wins over the one above (no merging): the credential rule is back on here.
      'team/connector-tools.json': '{ "rules": { "multi-on-path": "info" } }',
      'team/t.connector.json': CONNECTOR,
    });
  });
  after(() => folder.remove());

  it('applies the nearest project file: levels, per-folder overrides, ignored files', async () => {
    const run = await runCli(['lint', '--format', 'json'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(codesIn(run.stdout).sort(), [
      'api.connector.json:multi-on-path',
      'legacy/old.connector.json:multi-on-path',
      'team/t.connector.json:header-credential',
      'team/t.connector.json:multi-on-path',
    ]);
    const findings = JSON.parse(run.stdout) as { file: string; code: string; severity: string }[];
    const severity = (file: string): string | undefined => findings.find((f) => f.file === file && f.code === 'multi-on-path')?.severity;
    assert.deepEqual([severity('api.connector.json'), severity('legacy/old.connector.json'), severity('team/t.connector.json')], ['error', 'warning', 'info']);
  });

  it('says how many files it ignored', async () => {
    const run = await runCli(['lint', 'generated', 'wip.draft.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '✔ No problems found in 0 connector files (2 files ignored by connector-tools.json).\n');
  });

  it('--rule on the command line wins over the project file', async () => {
    const run = await runCli(['lint', 'api.connector.json', '--rule', 'header-credential=error', '--format', 'json'], { cwd: folder.path });
    assert.deepEqual(codesIn(run.stdout).sort(), ['api.connector.json:header-credential', 'api.connector.json:multi-on-path']);
  });

  it('reports the project file\'s own mistakes, an unknown rule with the id it most likely meant', async () => {
    const bad = makeTempFolder({
      'connector-tools.json': '{\n  "rules": { "header-credentail": "off", "multi-on-path": "loud" },\n  "ignor": []\n}',
      'api.connector.json': CONNECTOR,
    });
    try {
      const run = await runCli(['lint'], { cwd: bad.path });
      assert.equal(run.code, 1);
      assert.match(run.stdout, /^connector-tools\.json\n {2}2:14 +error +There is no rule 'header-credentail'\. Did you mean 'header-credential'\? {2}unknown-rule$/m);
      assert.match(run.stdout, /2:59 +error +The level of 'multi-on-path' must be "off", "info", "warning" or "error"\. {2}invalid-config/);
      assert.match(run.stdout, /3:3 +error +Unknown setting 'ignor'\. Did you mean 'ignore'\?/);
      // The usable part still applies: the unknown and the invalid entries are left out, nothing else.
      assert.match(run.stdout, /api\.connector\.json\n.*header-credential[\s\S]*multi-on-path/);
    } finally {
      bad.remove();
    }
  });
});

describe('connector lint conventions for CI', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder({ 'connector-tools.json': '{ "rules": { "header-credential": "error" } }', 'sub/.keep': '' });
  });
  after(() => folder.remove());

  it('reads standard input with -, named and configured by --stdin-filename', async () => {
    const run = await runCli(['lint', '-', '--stdin-filename', 'sub/piped.connector.json', '--format', 'json'], { cwd: folder.path, input: CONNECTOR });
    assert.equal(run.code, 1, run.stderr);
    const findings = JSON.parse(run.stdout) as { file: string; code: string; severity: string; line: number }[];
    // The project file of the named folder applies: header-credential is an error there.
    assert.deepEqual(findings.map((f) => `${f.file} ${f.code} ${f.severity}`).sort(), ['sub/piped.connector.json header-credential error', 'sub/piped.connector.json multi-on-path error']);
    const plain = await runCli(['lint', '-'], { cwd: folder.path, input: CONNECTOR });
    assert.match(plain.stdout, /^<stdin>$/m);
  });

  it('refuses - together with files, and --stdin-filename without -', async () => {
    assert.equal((await runCli(['lint', '-', 'x.connector.json'], { cwd: folder.path, input: '' })).code, 2);
    const run = await runCli(['lint', '--stdin-filename', 'a.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /add the target '-'/);
  });

  it('--output-file writes the report (folders created) and leaves the terminal quiet', async () => {
    const run = await runCli(['lint', '-', '-o', 'reports/lint.sarif', '-f', 'sarif'], { cwd: folder.path, input: CONNECTOR });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    const sarif = JSON.parse(readFileSync(join(folder.path, 'reports/lint.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    assert.equal(sarif.runs[0]?.results.length, 2);
  });

  it('--format github prints one workflow annotation per finding, escaped', async () => {
    const run = await runCli(['lint', '-', '--stdin-filename', 'sub/a,b.connector.json', '--format', 'github'], { cwd: folder.path, input: CONNECTOR });
    assert.equal(run.code, 1);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /^::error file=sub\/a%2Cb\.connector\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[a-z-]+::.+\([a-z-]+\)$/);
  });

  it('colour: --color forces it, --no-color and NO_COLOR turn it off, FORCE_COLOR turns it on', async () => {
    const ESC = '\u001b[';
    const lint = (args: string[], env: Record<string, string | undefined> = {}) => runCli(['lint', '-', ...args], { cwd: folder.path, input: CONNECTOR, env });
    assert.ok((await lint(['--color'])).stdout.includes(ESC));
    assert.ok(!(await lint([])).stdout.includes(ESC), 'piped: no colour by default');
    assert.ok((await lint([], { FORCE_COLOR: '1' })).stdout.includes(ESC));
    assert.ok(!(await lint([], { FORCE_COLOR: '0' })).stdout.includes(ESC));
    assert.ok(!(await lint(['--no-color'], { FORCE_COLOR: '1' })).stdout.includes(ESC), 'the flag wins over the environment');
    assert.equal((await lint(['--color', '--no-color'])).code, 2);
  });
});

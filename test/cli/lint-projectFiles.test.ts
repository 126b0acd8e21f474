// `connector lint` checks the files around connectors as the editor does: values files, tests files, the
// environments file and connector-tools.json, with the editor's checks and codes, in every report format.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';
import { startLsp } from '../support/lspClient';

const ROOT = join(__dirname, '..', '..');

const CONNECTOR = `{
  "kind": "rest",
  "name": "Pets",
  "baseUrl": "https://api.example.com",
  "operations": [
    { "id": "getPet", "method": "GET", "path": "/pets/{petId}", "parameters": [{ "name": "petId", "location": "path", "type": "integer", "required": true }] }
  ]
}
`;

/** Each file with what the editor finds in it. */
const FILES: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'api.connector.json': CONNECTOR,
  'api.values.json': '{\n  "getPet": { "petId": "x" },\n  "nope": {}\n}\n',
  'api.tests.json': '{\n  "cases": [\n    { "name": "a", "operation": "nope", "expect": { "status": 200 } }\n  ]\n}\n',
  'orphan.values.json': '{}\n',
  'orphan.tests.json': '{ "cases": [] }\n',
  'connector-environments.json': '{\n  "environments": {\n    "prod": { "connectors": { "api.connector.json": { "baseUrl": "https://u:p@api.example.com" } } }\n  }\n}\n',
  'connector-tools.json': '{ "rules": { "multi-on-paht": "off" } }\n',
};

interface JsonRecord { file: string; line: number; column: number; endLine: number; endColumn: number; severity: string; code: string; message: string }

const recordsOf = (stdout: string): JsonRecord[] => JSON.parse(stdout) as JsonRecord[];

describe('connector lint: values, tests, environments and project files', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder(FILES);
  });
  after(() => folder.remove());

  it('a folder stands for every kind of file in it; each problem is an error of its own file (exit 1)', async () => {
    const run = await runCli(['lint', '--format', 'json'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(recordsOf(run.stdout).map((r) => `${r.file} ${r.severity} ${r.code}`).sort(), [
      'api.tests.json error tests-unknown-operation',
      'api.values.json error values-unknown-operation',
      'api.values.json error values-wrong-type',
      'connector-environments.json error invalid-environments',
      'connector-tools.json error unknown-rule',
      'orphan.tests.json error tests-no-connector',
      'orphan.values.json error values-no-connector',
    ]);
  });

  it('finds exactly what the editor finds, at the same places', async () => {
    const lsp = await startLsp({ workspaceFolder: folder.path });
    try {
      const editor: string[] = [];
      const configUri = pathToFileURL(join(folder.path, 'connector-tools.json')).href;
      // The project file is judged as the workspace opens.
      const config = lsp.published.find((p) => p.uri === configUri)?.diagnostics ?? await lsp.diagnostics(configUri);
      editor.push(...config.map((d) => `connector-tools.json ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${String(d.code)} ${d.message}`));
      for (const name of ['api.values.json', 'api.tests.json', 'orphan.values.json', 'orphan.tests.json', 'connector-environments.json']) {
        const uri = pathToFileURL(join(folder.path, name)).href;
        const pending = lsp.diagnostics(uri, 1);
        await lsp.open(uri, FILES[name] ?? '');
        editor.push(...(await pending).map((d) => `${name} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${String(d.code)} ${d.message}`));
      }
      const run = await runCli(['lint', '--format', 'json'], { cwd: folder.path });
      const cli = recordsOf(run.stdout).map((r) => `${r.file} ${r.line}:${r.column}-${r.endLine}:${r.endColumn} ${r.code} ${r.message}`);
      assert.deepEqual(cli.sort(), editor.sort());
    } finally {
      await lsp.stop();
    }
  });

  it('a file named explicitly is checked as its name says; a glob takes only what it matches', async () => {
    const values = await runCli(['lint', '--format', 'json', 'api.values.json'], { cwd: folder.path });
    // The project file that governs it comes first, as for a connector.
    assert.deepEqual(recordsOf(values.stdout).map((r) => `${r.file} ${r.code}`), ['connector-tools.json unknown-rule', 'api.values.json values-wrong-type', 'api.values.json values-unknown-operation']);
    const environments = await runCli(['lint', '--format', 'json', 'connector-environments.json'], { cwd: folder.path });
    assert.deepEqual(recordsOf(environments.stdout).map((r) => `${r.file} ${r.line}:${r.column} ${r.code}`), ['connector-tools.json 1:14 unknown-rule', 'connector-environments.json 3:66 invalid-environments']);
    const connectors = await runCli(['lint', '--format', 'json', '*.connector.json'], { cwd: folder.path });
    assert.deepEqual(recordsOf(connectors.stdout).map((r) => r.file), ['connector-tools.json']);
  });

  it('connector-tools.json is reported once, whether named, found in a folder or governing the files', async () => {
    const run = await runCli(['lint', '--format', 'json', 'connector-tools.json', '.', 'api.values.json'], { cwd: folder.path });
    assert.equal(recordsOf(run.stdout).filter((r) => r.file === 'connector-tools.json').length, 1);
  });

  it('a values file read from standard input is judged against the connector beside the name it is given', async () => {
    const run = await runCli(['lint', '-', '--stdin-filename', 'api.values.json', '--format', 'json'], { cwd: folder.path, input: '{ "getPet": { "petId": 1.5 } }' });
    assert.deepEqual(recordsOf(run.stdout).map((r) => `${r.file} ${r.code}`), ['connector-tools.json unknown-rule', 'api.values.json values-wrong-type']);
  });

  it('stylish, compact and github name each file and position; a clean run counts every file', async () => {
    const stylish = await runCli(['lint', '--no-color', 'api.values.json'], { cwd: folder.path });
    assert.equal(stylish.code, 1);
    assert.match(stylish.stdout, /^api\.values\.json\n\s+2:24\s+error\s+.*values-wrong-type/m);
    const compact = await runCli(['lint', '--format', 'compact', 'connector-environments.json'], { cwd: folder.path });
    assert.match(compact.stdout, /^connector-environments\.json:3:66: error: .*credentials.* \(invalid-environments\)$/m);
    const github = await runCli(['lint', '--format', 'github', 'orphan.tests.json'], { cwd: folder.path });
    assert.match(github.stdout, /^::error file=orphan\.tests\.json,line=1,.*tests-no-connector/m);
    const clean = makeTempFolder({ '.git/HEAD': '', 'a.connector.json': CONNECTOR, 'a.values.json': '{ "getPet": { "petId": 1 } }', 'a.tests.json': '{ "cases": [] }', 'connector-tools.json': '{}' });
    try {
      const run = await runCli(['lint'], { cwd: clean.path });
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.stdout, '✔ No problems found in 4 files.\n');
    } finally {
      clean.remove();
    }
  });

  it("connector-tools.json's ignore applies to values and tests files too", async () => {
    const ignoring = makeTempFolder({ ...FILES, 'connector-tools.json': '{ "ignore": ["orphan.*", "connector-environments.json"] }' });
    try {
      const run = await runCli(['lint', '--format', 'json'], { cwd: ignoring.path });
      assert.deepEqual([...new Set(recordsOf(run.stdout).map((r) => r.file))].sort(), ['api.tests.json', 'api.values.json']);
    } finally {
      ignoring.remove();
    }
  });

  it('SARIF stays valid: each code outside the rule catalog links to where its kind of file is documented', async () => {
    const run = await runCli(['lint', '--format', 'sarif'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const log = JSON.parse(run.stdout) as { runs: { tool: { driver: { rules: { id: string; helpUri: string; help: { text: string } }[] } }; results: { ruleId: string; ruleIndex: number }[] }[] };
    assert.ok(validate(log), JSON.stringify(validate.errors));
    const sarifRun = log.runs[0];
    assert.ok(sarifRun);
    for (const result of sarifRun.results) assert.equal(sarifRun.tool.driver.rules[result.ruleIndex]?.id, result.ruleId);
    const helpOf = (id: string): string => sarifRun.tool.driver.rules.find((r) => r.id === id)?.helpUri ?? '';
    assert.match(helpOf('values-wrong-type'), /docs\/format\.md#supplied-values$/);
    assert.match(helpOf('tests-no-connector'), /docs\/format\.md#expectations-nametestsjson$/);
    assert.match(helpOf('invalid-environments'), /docs\/format\.md#environments-connector-environmentsjson$/);
    // The project file's codes are rules of the catalog, with a section of their own.
    assert.match(helpOf('unknown-rule'), /docs\/rules\.md#unknown-rule$/);
    const input = join(folder.path, 'lint.sarif');
    const output = join(folder.path, 'validation.sarif');
    writeFileSync(input, run.stdout);
    const multitool = join(ROOT, 'node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool');
    const validation = spawnSync(multitool, ['validate', input, '--output', output, '--rule-kind', 'Sarif;Gh', '--level', 'Error;Warning', '--log', 'ForceOverwrite'], { encoding: 'utf8' });
    assert.equal(validation.status, 0, `${validation.stdout}\n${validation.stderr}`);
    const results = (JSON.parse(readFileSync(output, 'utf8')) as { runs: { results?: { ruleId: string; message: { text?: string } }[] }[] }).runs[0]?.results ?? [];
    assert.deepEqual(results.map((r) => `${r.ruleId}: ${r.message.text ?? ''}`), []);
  });
});

// JSON nested 100,000 levels deep, in every file and value a command reads: the answer says where the nesting
// passes the limit and that such files are not nested this deep, never "Maximum call stack size exceeded".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { makeTempFolder, runCli, STACK_TRACE, type CliRun } from '../support/cli';
import { startFault } from '../support/faultServers';

const DEPTH = 100_000;
/** Where each shape first passes 512 levels, as line:column of a one-line text. */
const SHAPES = {
  arrays: { text: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`, at: '1:513' },
  objects: { text: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`, at: '1:2561' },
  mixed: { text: `${'{"a":['.repeat(DEPTH / 2)}1${']}'.repeat(DEPTH / 2)}`, at: '1:1537' },
} as const;
const NESTING = /nesting deeper than 512 levels/i;

/** The answer names the nesting, with no trace of the engine's own error. */
function refusesNesting(run: CliRun, code: number): string {
  const output = `${run.stdout}\n${run.stderr}`;
  assert.equal(run.code, code, output.slice(0, 2000));
  assert.doesNotMatch(output, /Maximum call stack|RangeError|internal error|rule-failure/i, output.slice(0, 2000));
  assert.doesNotMatch(output, STACK_TRACE);
  assert.match(output, NESTING, output.slice(0, 2000));
  return output;
}

const REST = (extra: Record<string, unknown> = {}): string => JSON.stringify({
  kind: 'rest', name: 'Deep', baseUrl: 'https://api.example.com',
  operations: [{ id: 'op', method: 'POST', path: '/x', headers: { 'Content-Type': 'application/json' }, parameters: [{ name: 'b', location: 'body', type: 'object', model: 'M' }] }],
  models: { M: { type: 'object', properties: {} } },
  ...extra,
});
const ODATA = readFileSync(join(__dirname, '..', '..', 'examples', 'ifs-orders.connector.json'), 'utf8');
const ODATA_METADATA = readFileSync(join(__dirname, '..', '..', 'examples', 'ifs-orders.metadata.xml'), 'utf8');
/** The OData example with one more Custom request whose body is `body` (text, or { file }). */
function odataWithBody(body: unknown): string {
  const connector = JSON.parse(ODATA.replace(/^\s*\/\/.*$/gm, '')) as { customRequests: unknown[] };
  connector.customRequests.push({ id: 'deepBody', operation: 'create', url: 'Orders', body });
  return JSON.stringify(connector);
}

describe('JSON nested far too deep', () => {
  const folders: { remove(): void }[] = [];
  const folder = (files: Record<string, string>): string => {
    const made = makeTempFolder(files);
    folders.push(made);
    return made.path;
  };
  after(() => folders.forEach((f) => f.remove()));

  for (const [shape, { text, at }] of Object.entries(SHAPES)) {
    test(`${shape}: a connector file is a finding where the nesting passes the limit (lint), and refused by request and export`, async () => {
      const dir = folder({ 'deep.connector.json': text });
      const lint = refusesNesting(await runCli(['lint', 'deep.connector.json'], { cwd: dir }), 1);
      assert.match(lint, new RegExp(`${at}\\s+error\\s+Nesting deeper than 512 levels`));
      const request = refusesNesting(await runCli(['request', 'deep.connector.json', 'op', '--dry-run'], { cwd: dir }), 2);
      assert.match(request, new RegExp(`deep\\.connector\\.json:${at}`));
      refusesNesting(await runCli(['export', 'openapi', 'deep.connector.json'], { cwd: dir }), 2);
    });

    test(`${shape}: a values file, a tests file, an environments file and connector-tools.json`, async () => {
      const dir = folder({
        'api.connector.json': REST(),
        'api.values.json': `{ "op": { "b": ${text} } }`,
        'api.tests.json': text,
        'connector-environments.json': text,
      });
      refusesNesting(await runCli(['request', 'api.connector.json', 'op', '--values', 'api.values.json', '--dry-run'], { cwd: dir }), 2);
      refusesNesting(await runCli(['test', 'api.tests.json'], { cwd: dir }), 2);
      refusesNesting(await runCli(['request', 'api.connector.json', 'op', '--env', 'local', '--dry-run'], { cwd: dir }), 2);
      const configured = folder({ 'api.connector.json': REST(), 'connector-tools.json': text });
      refusesNesting(await runCli(['lint', 'api.connector.json'], { cwd: configured }), 1);
    });

    test(`${shape}: a Custom request's JSON body, written in the connector or in a body file`, async () => {
      const dir = folder({
        'text.connector.json': odataWithBody(text),
        'file.connector.json': odataWithBody({ file: 'deep-body.json' }),
        'deep-body.json': text,
        'ifs-orders.metadata.xml': ODATA_METADATA,
      });
      for (const file of ['text.connector.json', 'file.connector.json']) {
        refusesNesting(await runCli(['lint', file], { cwd: dir }), 1);
        refusesNesting(await runCli(['request', file, 'deepBody', '--dry-run'], { cwd: dir }), 2);
      }
    });

    test(`${shape}: an OpenAPI document to import, and a connector file to import into`, async () => {
      const dir = folder({
        'deep.json': text,
        'api.json': JSON.stringify({ openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'ok' } } } } } }),
        'deep.connector.json': text,
      });
      const document = refusesNesting(await runCli(['import', 'openapi', 'deep.json', '--out', 'new.connector.json'], { cwd: dir }), 2);
      assert.match(document, new RegExp(`deep\\.json: nesting deeper than 512 levels at line ${at.split(':')[0]}, column ${at.split(':')[1]}`));
      refusesNesting(await runCli(['import', 'openapi', 'api.json', '--out', 'deep.connector.json'], { cwd: dir }), 2);
    });
  }

  test('a CSDL JSON metadata document: the finding says where it nests too deep', async () => {
    const dir = folder({
      'api.connector.json': JSON.stringify({ kind: 'odata', name: 'M', baseUrl: 'https://api.example.com/odata', metadata: 'api.metadata.json', customRequests: [] }),
      'api.metadata.json': `{ "$Version": "4.0", "x": ${SHAPES.objects.text} }`,
    });
    const run = await runCli(['lint', 'api.connector.json'], { cwd: dir });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /cannot be used: nesting deeper than 100 levels at line 1, column 522; metadata documents are not nested this deep/);
  });

  test('a value typed on the command line', async () => {
    // An argument may hold 128 KiB: 30,000 levels.
    const dir = folder({ 'api.connector.json': REST() });
    const value = `b=${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const run = refusesNesting(await runCli(['request', 'api.connector.json', 'op', '--value', value, '--dry-run'], { cwd: dir }), 2);
    assert.match(run, /'b': .*nesting deeper than 512 levels at line 1, column 513/);
  });

  test("a service's answer nested far too deep is kept as text with a warning (REST), an error (OData Custom request)", async () => {
    const service = await startFault((_request, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.end(SHAPES.mixed.text);
    });
    try {
      const dir = folder({
        'rest.connector.json': JSON.stringify({ kind: 'rest', name: 'R', baseUrl: service.url, operations: [{ id: 'get', method: 'GET', path: '/x' }] }),
        'odata.connector.json': JSON.stringify({ kind: 'odata', name: 'O', baseUrl: service.url, connectorVersion: '2.1.17', customRequests: [{ id: 'read', operation: 'read', url: 'Orders' }] }),
      });
      const rest = refusesNesting(await runCli(['request', 'rest.connector.json', 'get'], { cwd: dir }), 0);
      assert.match(rest, /Warning: The response has nesting deeper than 512 levels at line 1, column 1537; it is kept as text/);
      const odata = refusesNesting(await runCli(['request', 'odata.connector.json', 'read', '--format', 'json'], { cwd: dir }), 1);
      assert.match(odata, /The service's answer has nesting deeper than 512 levels at line 1, column 1537/);
    } finally {
      await service.close();
    }
  });
});

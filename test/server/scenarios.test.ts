// Scenarios in a tests file through the real language server over stdio: the checks before sending as diagnostics
// where they are written, and completion of operations and of the names earlier steps capture.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CompletionItem, Diagnostic } from 'vscode-languageserver-protocol';
import type { ListTestCasesResult, RunTestCasesResult } from '../../server/src/protocol';
import { startLsp, type LspSession } from '../support/lspClient';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

describe('scenarios in the language server', () => {
  let lsp: LspSession;
  let dir = '';
  let server: Server;
  before(async () => {
    // Answers every request with its path and a version header; PUT /items/gone answers 412.
    server = createServer((request, response) => {
      const stale = request.url?.startsWith('/items/gone') === true;
      response.writeHead(stale ? 412 : 200, { 'content-type': 'application/json', etag: 'W/"7"' });
      response.end(JSON.stringify({ at: request.url, id: 'gone' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dir = mkdtempSync(join(tmpdir(), 'connector-scenarios-lsp-'));
    cpSync(EXAMPLES, dir, { recursive: true });
    lsp = await startLsp({ workspaceFolder: dir, initializationOptions: { connectorToolsExtension: true } });
  });
  after(async () => {
    await lsp.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('diagnostics at the unknown operation, the uncaptured placeholder and the impossible pointer; completion of names', async () => {
    const uri = pathToFileURL(join(dir, 'petstore.tests.json')).href;
    const text = [
      '{ "cases": [ { "name": "life", "steps": [',
      '  { "operation": "addPet", "values": { "name": "p-{{$uuid}}" }, "capture": { "id": "/data/id", "bad": "/status/x" } },',
      '  { "operation": "getPett", "values": { "petId": "{{idd}}" } },',
      '  { "operation": "getPet", "values": { "petId": "{{" } }',
      '] } ] }',
    ].join('\n');
    await lsp.open(uri, text);
    const diagnostics = await lsp.diagnostics(uri, 1);
    const where = (d: Diagnostic): string => text.split('\n')[d.range.start.line]?.slice(d.range.start.character, d.range.end.character) ?? '';
    const found = diagnostics.map((d) => [where(d), String(d.message)]);
    assert.ok(found.some(([at, m]) => at === '"/status/x"' && /cannot point inside it/.test(m)), JSON.stringify(found));
    assert.ok(found.some(([at, m]) => at === '"getPett"' && /Did you mean 'getPet'/.test(m)), JSON.stringify(found));
    assert.ok(found.some(([at, m]) => at === '{{idd}}' && /No earlier step captures 'idd'. Did you mean 'id'\?/.test(m)), JSON.stringify(found));
    const line3 = text.split('\n')[3] ?? '';
    const names = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 3, character: line3.indexOf('{{') + 2 } });
    assert.deepEqual(names.map((c) => c.label), ['id', 'bad', '$uuid', '$timestamp', '$isoTimestamp', '$randomInt']);
    const operations = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: (text.split('\n')[2] ?? '').indexOf('"getPett"') + 1 } });
    assert.deepEqual(operations.map((c) => c.label), ['findPets', 'getPet', 'addPet', 'uploadPhoto']);
  });

  test('the Testing view lists a scenario with its steps and runs it: each step as it ended, a failure at the step\'s expectation', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(join(dir, 'items.connector.json'), JSON.stringify({
      kind: 'rest', name: 'items', baseUrl: url,
      operations: [
        { id: 'getItem', method: 'GET', path: '/item' },
        { id: 'putItem', method: 'PUT', path: '/items/{id}', parameters: [{ name: 'id', location: 'path', type: 'string', required: true }, { name: 'If-Match', location: 'header', type: 'string' }] },
      ],
    }));
    const text = JSON.stringify({ cases: [
      { name: 'plain', operation: 'getItem', expect: { status: 200 } },
      { name: 'life', steps: [
        { name: 'read', operation: 'getItem', capture: { id: '/data/id', etag: '/headers/etag' } },
        { name: 'update', operation: 'putItem', values: { id: '{{id}}', 'If-Match': '{{etag}}' }, expect: { status: 200 } },
        { name: 'never', operation: 'getItem' },
        { name: 'clean up', operation: 'getItem', always: true },
      ] },
    ] }, null, 2);
    writeFileSync(join(dir, 'items.tests.json'), text);
    const uri = pathToFileURL(join(dir, 'items.tests.json')).href;
    const listed = await lsp.request<ListTestCasesResult>('connector/listTestCases', { uri });
    assert.deepEqual(listed.problems, []);
    assert.deepEqual(listed.cases.map((c) => [c.index, c.name, c.steps?.map((s) => s.name)]), [[0, 'plain', undefined], [1, 'life', ['read', 'update', 'never', 'clean up']]]);
    const runs = await lsp.request<RunTestCasesResult>('connector/runTestCases', { uri, indexes: [1] });
    assert.ok(runs.ok, JSON.stringify(runs));
    const [life] = runs.runs;
    assert.equal(runs.runs.length, 1);
    assert.equal(life?.outcome, 'failed');
    assert.deepEqual(life?.steps?.map((s) => s.outcome), ['passed', 'failed', 'skipped', 'passed']);
    const failure = life?.steps?.[1]?.failures[0];
    assert.match(failure?.message ?? '', /status: expected 200, got 412/);
    const line = text.split('\n')[failure?.range?.start.line ?? 0] ?? '';
    assert.equal(line.slice(failure?.range?.start.character, failure?.range?.end.character), '200');
    assert.match(life?.failures[0]?.message ?? '', /^update: status: expected 200, got 412/);
  });
});

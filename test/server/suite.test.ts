// Environments, tests files and the result panel's edits through the real language server over stdio, against the
// demo services (OAuth2 included) started here on 127.0.0.1.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CompletionItem, Hover, TextEdit } from 'vscode-languageserver-protocol';
import type { RunningService } from '../../scripts/demo/http';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import type { SendRequestResult } from '../../server/src/protocol';
import type { ListTestCasesResult, RunTestCasesResult, SaveAsExpectationResult, UseAsResponseStructureResult, EnvironmentSummary } from '../../server/src/protocol';
import { answerSecrets, startLsp, type LspSession } from '../support/lspClient';
import type { GetSecretParams } from '../../server/src/protocol';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

function applyTextEdits(text: string, edits: TextEdit[]): string {
  const offsetAt = (line: number, character: number): number => text.split('\n').slice(0, line).reduce((n, l) => n + l.length + 1, 0) + character;
  return [...edits]
    .sort((a, b) => offsetAt(b.range.start.line, b.range.start.character) - offsetAt(a.range.start.line, a.range.start.character))
    .reduce((out, e) => out.slice(0, offsetAt(e.range.start.line, e.range.start.character)) + e.newText + out.slice(offsetAt(e.range.end.line, e.range.end.character)), text);
}

describe('environments, tests files and result edits in the language server', () => {
  let lsp: LspSession;
  let tokens: RunningTokenEndpoint;
  let services: RunningService[] = [];
  let dir = '';
  let asked: GetSecretParams[] = [];
  const uriOf = (name: string): string => pathToFileURL(join(dir, name)).href;

  before(async () => {
    tokens = await startTokenEndpoint(0);
    services = [await startPetstore(0), await startOrdersOData(0, { verifyToken: tokens.verify })];
    dir = mkdtempSync(join(tmpdir(), 'connector-suite-lsp-'));
    cpSync(EXAMPLES, dir, { recursive: true });
    const petstore = new URL(services[0]?.url ?? '').port;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      // The orders connector's own address answers nothing: only the environment 'local' points at the service.
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('127.0.0.1:3030', `127.0.0.1:${petstore}`).replaceAll('http://127.0.0.1:3031/odata/v4/orders', 'http://127.0.0.1:9/odata/v4/orders').replaceAll('http://127.0.0.1:3032/realms/demo/protocol/openid-connect/token', tokens.tokenUrl));
    }
    writeFileSync(join(dir, 'connector-environments.json'), JSON.stringify({ environments: { local: { connectors: { 'ifs-orders.connector.json': { baseUrl: services[1]?.url } } }, broken: { secrets: { ifs: 'ifs-broken' } } } }, null, 2));
    lsp = await startLsp({ workspaceFolder: dir, initializationOptions: { connectorToolsExtension: true } });
    asked = answerSecrets(lsp, (params) => (params.name === 'petstore' ? PETSTORE_API_KEY : params.name === 'ifs' ? DEMO_CLIENT_SECRET : undefined));
  });
  after(async () => {
    await lsp.stop();
    await Promise.all(services.map((s) => s.close()));
    await tokens.close();
  });

  test('lists the environments of the workspace', async () => {
    const environments = await lsp.request<EnvironmentSummary[]>('connector/listEnvironments', {});
    assert.deepEqual(environments.map((e) => e.name), ['local', 'broken']);
  });

  test('sends with OAuth2 in the chosen environment: the client secret is asked for the token endpoint, naming where the token goes', async () => {
    const uri = uriOf('ifs-orders.connector.json');
    await lsp.open(uri, readFileSync(join(dir, 'ifs-orders.connector.json'), 'utf8'));
    const without = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'listOrders', values: { entered: {} } });
    assert.ok(without.ok && without.result.status === 0, 'without the environment the file\'s own address answers nothing');
    asked.length = 0;
    const sent = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'listOrders', values: { entered: {} }, environment: 'local' });
    assert.ok(sent.ok, JSON.stringify(sent));
    assert.equal(sent.result.status, 200);
    assert.deepEqual(asked.map((a) => [a.name, a.origin, a.tokenFor]), [['ifs', new URL(tokens.tokenUrl).origin, new URL(services[1]?.url ?? '').origin]]);
    assert.ok(sent.preview.headers.some(([n, v]) => n === 'Authorization' && v === 'Bearer •••'));
    assert.equal(sent.signIn?.tokenUrl, tokens.tokenUrl);
    assert.deepEqual(sent.structure?.dropped, ['@odata.context', 'value[].@odata.etag']);
    assert.equal(sent.responseHeaders['content-type'], 'application/json; charset=utf-8');
    const refused = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'listOrders', values: { entered: {} }, environment: 'nope' });
    assert.ok(!refused.ok);
    assert.match(refused.problems.join(), /No environment 'nope'.*It defines 'local', 'broken'/);
  });

  test('a tests file gets diagnostics against its connector, completion of operations and values, and hover', async () => {
    const uri = uriOf('petstore.tests.json');
    const text = '{ "cases": [ { "name": "x", "operation": "getPett", "values": { "petId": "one", "" }, "expect": { "status": 200 } } ] }';
    await lsp.open(uri, text);
    const diagnostics = await lsp.diagnostics(uri, 1);
    const messages = diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /no operation 'getPett'\. Did you mean 'getPet'\?/);
    const at = (needle: string, delta = 0) => ({ line: 0, character: text.indexOf(needle) + delta });
    const operations = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: at('"getPett"', 1) });
    assert.deepEqual(operations.map((c) => c.label), ['findPets', 'getPet', 'addPet', 'uploadPhoto']);
    await lsp.change(uri, text.replace('getPett', 'getPet'), 2);
    const fixed = await lsp.diagnostics(uri, 2);
    assert.match(fixed.map((d) => d.message).join('\n'), /'petId' needs a whole number/);
    const names = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: at('"" }', 1) });
    assert.deepEqual(names.map((c) => c.label), ['lang', 'X-Request-Id']);
    const hover = await lsp.request<Hover>('textDocument/hover', { textDocument: { uri }, position: at('"petId"', 2) });
    assert.match(JSON.stringify(hover.contents), /petId.*integer \(int64\), path, required/);
  });

  test('lists and runs cases; a failure carries its range in the tests file; an environment with a missing secret is refused', async () => {
    const uri = uriOf('ifs-orders.tests.json');
    const listed = await lsp.request<ListTestCasesResult>('connector/listTestCases', { uri });
    assert.deepEqual(listed.cases.map((c) => c.name), ['released orders, as the response structure keeps them', 'an order by its number', 'an unknown order is 404', "an order's life: create, read its ETag, release, delete"]);
    assert.deepEqual(listed.problems, []);
    const runs = await lsp.request<RunTestCasesResult>('connector/runTestCases', { uri, environment: 'local' });
    assert.ok(runs.ok, JSON.stringify(runs));
    assert.deepEqual(runs.runs.map((r) => r.outcome), ['passed', 'passed', 'passed', 'passed']);
    assert.deepEqual(runs.runs[3]?.steps?.map((step) => [step.name, step.outcome]), [['create', 'passed'], ['read its ETag', 'passed'], ['release it with If-Match', 'passed'], ['delete it (clean-up: runs even when a step before failed)', 'passed']]);
    const text = readFileSync(join(dir, 'ifs-orders.tests.json'), 'utf8');
    writeFileSync(join(dir, 'ifs-orders.tests.json'), text.replace('"OrderNo": "A-2", "CustomerNo": "C100"', '"OrderNo": "A-2", "CustomerNo": "C999"'));
    const one = await lsp.request<RunTestCasesResult>('connector/runTestCases', { uri, environment: 'local', indexes: [1] });
    assert.ok(one.ok);
    assert.equal(one.runs.length, 1);
    const [failure] = one.runs[0]?.failures ?? [];
    assert.equal(failure?.path, 'data.CustomerNo');
    assert.deepEqual([failure?.expected, failure?.actual], ['"C999"', '"C100"']);
    const line = readFileSync(join(dir, 'ifs-orders.tests.json'), 'utf8').split('\n')[failure?.range?.start.line ?? 0] ?? '';
    assert.equal(line.slice(failure?.range?.start.character, failure?.range?.end.character), '"C999"');
    assert.equal(one.runs[0]?.sent?.result.status, 200);
    const broken = await lsp.request<RunTestCasesResult>('connector/runTestCases', { uri, environment: 'broken', indexes: [0] });
    assert.ok(broken.ok);
    assert.match(broken.runs[0]?.problems.join() ?? '', /The secret 'ifs-broken' \(the OAuth2 client secret\) is not set/);
  });

  test('the Testing view judges the connector with its project file\'s levels, as the editor does', async () => {
    // The same connector, with an operation whose path names a placeholder without a parameter, in two folders;
    // one folder's project file turns that rule off.
    const connector = readFileSync(join(dir, 'petstore.connector.json'), 'utf8').replace('"path": "/pets/{petId}/photos"', '"path": "/pets/{petId}/photos/{missing}"');
    for (const folder of ['strict', 'relaxed']) {
      mkdirSync(join(dir, folder));
      writeFileSync(join(dir, folder, 'petstore.connector.json'), connector);
      cpSync(join(dir, 'petstore.tests.json'), join(dir, folder, 'petstore.tests.json'));
    }
    writeFileSync(join(dir, 'relaxed', 'connector-tools.json'), '{ "rules": { "path-placeholder-without-parameter": "off" } }');
    const strict = await lsp.request<ListTestCasesResult>('connector/listTestCases', { uri: uriOf('strict/petstore.tests.json') });
    assert.match(strict.problems.join('\n'), /petstore\.connector\.json: .*missing/);
    const relaxed = await lsp.request<ListTestCasesResult>('connector/listTestCases', { uri: uriOf('relaxed/petstore.tests.json') });
    assert.deepEqual(relaxed.problems, []);
    assert.equal(relaxed.cases.length, strict.cases.length);
  });

  test('"Use as response structure" writes the answer\'s skeleton into the Custom request, comments kept', async () => {
    const uri = uriOf('ifs-orders.connector.json');
    const text = readFileSync(join(dir, 'ifs-orders.connector.json'), 'utf8');
    const rawText = '{"@odata.context":"x","OrderNo":"A-2","CustomerNo":"C100","Lines":[{"LineNo":9007199254740993,"Qty":1e400}]}';
    const answer = await lsp.request<UseAsResponseStructureResult>('connector/useAsResponseStructure', { uri, operationId: 'getOrder', rawText });
    assert.ok(answer.ok, JSON.stringify(answer));
    const after = applyTextEdits(text, answer.edit.changes?.[uri] ?? []);
    assert.match(after, /\/\/ A valid OData connector/);
    assert.match(after.replace(/\s+/g, ' '), /"responseStructure": \{ "@odata\.context": "", "OrderNo": "", "CustomerNo": "", "Lines": \[ \{ "LineNo": 0, "Qty": 0 \} \] \}/);
    const notJson = await lsp.request<UseAsResponseStructureResult>('connector/useAsResponseStructure', { uri, operationId: 'getOrder', rawText: '<html>' });
    assert.deepEqual(notJson, { ok: false, message: 'The answer is not JSON, so it has no structure to use.' });
  });

  test('"Save as expectation" adds a case to NAME.tests.json, or writes a new one', async () => {
    const existing = await lsp.request<SaveAsExpectationResult>('connector/saveAsExpectation', { uri: uriOf('petstore.connector.json'), operationId: 'getPet', valuesJson: '{"petId":9007199254740993}', status: 200, dataJson: '{"id":9007199254740995,"price":12.50,"big":1e400}' });
    assert.ok(existing.ok && existing.edit);
    assert.equal(existing.testsUri, uriOf('petstore.tests.json'));
    const inserted = (existing.edit.changes?.[existing.testsUri] ?? []).map((e) => e.newText).join('');
    assert.match(inserted, /"name": "getPet answers 200"/);
    assert.match(inserted, /9007199254740993/);
    assert.match(inserted, /"data": \{\s+"id": 9007199254740995,\s+"price": 12\.50,\s+"big": 1e400\s+\}/);
    writeFileSync(join(dir, 'new.connector.json'), readFileSync(join(dir, 'petstore.connector.json')));
    const fresh = await lsp.request<SaveAsExpectationResult>('connector/saveAsExpectation', { uri: uriOf('new.connector.json'), operationId: 'findPets', valuesJson: '{}', status: 200, dataJson: '[]' });
    assert.ok(fresh.ok && fresh.newText);
    assert.deepEqual(JSON.parse(fresh.newText), { cases: [{ name: 'findPets answers 200', operation: 'findPets', expect: { status: 200, data: [] } }] });
  });

  test('an environments file gets diagnostics', async () => {
    const uri = uriOf('connector-environments.json');
    await lsp.open(uri, '{ "environments": { "x": { "secrets": { "a": "not a name" } } } }');
    const diagnostics = await lsp.diagnostics(uri, 1);
    assert.match(diagnostics.map((d) => d.message).join(), /never a secret's value/);
  });

  test('credentials in an environment address are an error at the address, and sending with it is refused', async () => {
    const uri = uriOf('connector-environments.json');
    const text = `{\n  "environments": {\n    "creds": { "connectors": { "ifs-orders.connector.json": { "baseUrl": "https://user:pass@ifs.example.com/odata" } } }\n  }\n}`;
    await lsp.change(uri, text, 2);
    const diagnostics = await lsp.diagnostics(uri, 2);
    assert.deepEqual(diagnostics.map((d) => [d.severity, d.range.start.line, d.range.start.character]), [[1, 2, 73]]);
    assert.match(String(diagnostics[0]?.message ?? ''), /'baseUrl' has credentials before the host/);
    const refused = await lsp.request<SendRequestResult>('connector/sendRequest', { uri: uriOf('ifs-orders.connector.json'), operationId: 'listOrders', values: { entered: {} }, environment: 'creds' });
    assert.ok(!refused.ok);
    assert.match(refused.problems.join(), /connector-environments\.json:3:74 'baseUrl' has credentials/);
  });
});

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { RunningService } from '../../scripts/demo/http';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import type { DescribeOperationResult, ListOperationsResult, PreviewRequestResult, SendRequestResult } from '../../server/src/protocol';
import { startFault, type RunningFault } from '../support/faultServers';
import { answerSecrets, startLsp, type LspSession } from '../support/lspClient';

describe('sending through the language server', () => {
  let lsp: LspSession;
  let service: RunningService;
  let uri: string;
  let dir: string;
  const asked: string[] = [];

  before(async () => {
    service = await startPetstore(0);
    dir = mkdtempSync(join(tmpdir(), 'connector-send-'));
    const text = readFileSync(join(__dirname, '..', '..', 'examples', 'petstore.connector.json'), 'utf8').replace('http://127.0.0.1:3030/api', service.url);
    writeFileSync(join(dir, 'petstore.connector.json'), text);
    uri = pathToFileURL(join(dir, 'petstore.connector.json')).href;
    lsp = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    answerSecrets(lsp, (params) => {
      asked.push(params.name);
      return params.name === 'petstore' ? PETSTORE_API_KEY : undefined;
    });
    await lsp.open(uri, text);
    await lsp.diagnostics(uri, 1);
  });
  after(async () => {
    await lsp.stop();
    await service.close();
  });

  test('lists operations and describes their inputs', async () => {
    const operations = await lsp.request<ListOperationsResult>('connector/listOperations', { uri });
    assert.deepEqual(operations.map((o) => o.id), ['findPets', 'getPet', 'addPet', 'uploadPhoto']);
    const described = await lsp.request<DescribeOperationResult>('connector/describeOperation', { uri, operationId: 'getPet' });
    assert.deepEqual(described.inputs.map((i) => i.name), ['petId', 'lang', 'X-Request-Id']);
    assert.deepEqual(described.blockers, []);
    assert.equal(described.valuesFile, undefined);
  });

  test('a values file beside the connector is used and checked', async () => {
    writeFileSync(join(dir, 'petstore.values.json'), '{ "getPet": { "petId": "x" } }');
    const described = await lsp.request<DescribeOperationResult>('connector/describeOperation', { uri, operationId: 'getPet' });
    assert.match(described.valuesFile?.problems.join() ?? '', /petstore\.values\.json:1:\d+ 'petId' needs a whole number/);
    writeFileSync(join(dir, 'petstore.values.json'), '{ "getPet": { "petId": 2 } }');
    const ok = await lsp.request<DescribeOperationResult>('connector/describeOperation', { uri, operationId: 'getPet' });
    assert.deepEqual(ok.valuesFile?.problems, []);
    const sent = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'getPet', values: { valuesFile: true } });
    assert.ok(sent.ok);
    assert.equal((JSON.parse(sent.result.dataJson ?? '') as { name: string }).name, 'Tom');
  });

  test('an open values file gets diagnostics against its connector, each on its entry', async () => {
    const valuesUri = pathToFileURL(join(dir, 'petstore.values.json')).href;
    const text = '{\n  "getPet": { "petId": 2 },\n  "findPets": { "limit": 99999999999 },\n  "nope": {}\n}';
    await lsp.open(valuesUri, text);
    const diagnostics = await lsp.diagnostics(valuesUri, 1);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['values-wrong-type', 2], ['values-unknown-operation', 3]]);
    // A values file's codes have no section in the rules' documentation: no link to a missing anchor.
    assert.deepEqual(diagnostics.map((d) => d.codeDescription), [undefined, undefined]);
    // The sent operation's own entry is clean: the others do not block it.
    const described = await lsp.request<DescribeOperationResult>('connector/describeOperation', { uri, operationId: 'getPet' });
    assert.deepEqual(described.valuesFile?.problems, []);
    assert.equal(described.valuesFile?.warnings.length, 2);
  });

  test('a values file names a Custom request body file\'s variables like any other; an unknown one is still flagged', async () => {
    writeFileSync(join(dir, 'order.json'), '{ "OrderNo": "{{no}}" }');
    const odataUri = pathToFileURL(join(dir, 'orders.connector.json')).href;
    await lsp.open(odataUri, `{ "kind": "odata", "name": "o", "baseUrl": "${service.url}", "connectorVersion": "2.1.17", "customRequests": [{ "id": "c", "operation": "create", "url": "Orders", "body": { "file": "order.json" } }] }`);
    assert.deepEqual(await lsp.diagnostics(odataUri, 1), []);
    const valuesUri = pathToFileURL(join(dir, 'orders.values.json')).href;
    await lsp.open(valuesUri, '{ "c": { "no": "N-1", "nope": 1 } }');
    const diagnostics = await lsp.diagnostics(valuesUri, 1);
    assert.deepEqual(diagnostics.map((d) => d.message), ["'c' has no input 'nope'. Did you mean 'no'?"]);
  });

  test('a file value outside the workspace is refused, naming the path and the setting', async () => {
    const uploadUri = pathToFileURL(join(dir, 'upload.connector.json')).href;
    const text = `{ "kind": "rest", "name": "u", "baseUrl": "${service.url}", "operations": [{ "id": "put", "method": "PUT", "path": "/x", "headers": { "Content-Type": "application/octet-stream" }, "parameters": [{ "name": "data", "location": "body", "type": "stream" }] }] }`;
    await lsp.open(uploadUri, text);
    await lsp.diagnostics(uploadUri, 1);
    const result = await lsp.request<PreviewRequestResult>('connector/previewRequest', { uri: uploadUri, operationId: 'put', values: { entered: { data: '/etc/passwd' } } });
    assert.ok(!result.ok);
    assert.match(result.problems.join(), /'\/etc\/passwd' resolves to \/etc\/passwd, outside the workspace.*connectorTools\.request\.allowedFileFolders/);
  });

  test('preview asks for no secret and shows none', async () => {
    const before = asked.length;
    const result = await lsp.request<PreviewRequestResult>('connector/previewRequest', { uri, operationId: 'getPet', values: { entered: { petId: '1' } } });
    assert.ok(result.ok);
    assert.match(result.preview.url, /\/pets\/1;lang=en$/);
    assert.deepEqual(result.preview.headers, [['X-Api-Key', '•••']]);
    assert.equal(asked.length, before);
  });

  test('send asks the client for the secret, sends, and returns the redacted result', async () => {
    const result = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'getPet', values: { entered: { petId: '1' } } });
    assert.ok(result.ok);
    assert.equal(result.result.status, 200);
    assert.equal((JSON.parse(result.result.dataJson ?? '') as { name: string }).name, 'Rex');
    assert.ok(asked.includes('petstore'));
    assert.ok(!JSON.stringify(result).includes(PETSTORE_API_KEY));
  });

  test('the answer crosses the protocol with every number\'s digits, for the panel and for any client', async () => {
    const answer = '{"n":9007199254740993,"d":0.1000000000000000055511,"big":1e400,"neg":-0,"value":[{"x":1.10}]}';
    const exact = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(answer));
    await new Promise<void>((resolve) => exact.listen(0, '127.0.0.1', resolve));
    try {
      const exactUri = pathToFileURL(join(dir, 'exact.connector.json')).href;
      await lsp.open(exactUri, `{ "kind": "rest", "name": "e", "baseUrl": "http://127.0.0.1:${(exact.address() as AddressInfo).port}", "operations": [{ "id": "get", "method": "GET", "path": "/", "parameters": [] }] }`);
      await lsp.diagnostics(exactUri, 1);
      const sent = await lsp.request<SendRequestResult>('connector/sendRequest', { uri: exactUri, operationId: 'get', values: { entered: {} } });
      assert.ok(sent.ok);
      assert.equal(sent.result.dataJson, answer);
      const command = await lsp.request<{ dataJson?: string }>('workspace/executeCommand', { command: 'connector.sendRequest', arguments: [exactUri, 'get'] });
      assert.equal(command.dataJson, answer);
    } finally {
      exact.close();
    }
  });

  test('cancelling the LSP request aborts the request on the wire', async () => {
    let closed = false;
    let received = false;
    const silent = createServer((req) => {
      received = true;
      req.socket.on('close', () => (closed = true));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slowUri = pathToFileURL(join(dir, 'slow.connector.json')).href;
    const text = `{ "kind": "rest", "name": "s", "baseUrl": "http://127.0.0.1:${(silent.address() as AddressInfo).port}", "operations": [{ "id": "wait", "method": "GET", "path": "/", "parameters": [] }] }`;
    await lsp.open(slowUri, text);
    await lsp.diagnostics(slowUri, 1);
    const source = new CancellationTokenSource();
    const pending = lsp.connection.sendRequest('connector/sendRequest', { uri: slowUri, operationId: 'wait', values: { entered: {} }, timeoutMs: 60_000 }, source.token);
    // Cancel once the request is on the wire (the service has it), not after a guessed delay.
    for (const deadline = Date.now() + 10_000; !received && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
    assert.ok(received, 'the request reached the service');
    source.cancel();
    const answer = await pending.then((r) => r, (e: unknown) => e);
    const deadline = Date.now() + 5_000;
    while (!closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(closed, `the connection to the service was closed (answer: ${JSON.stringify(answer)})`);
    silent.close();
  });
});


describe('OAuth2 through the language server: every origin that receives a credential is named', () => {
  let lsp: LspSession;
  let tokens: RunningTokenEndpoint;
  let api: RunningFault;
  let uri = '';

  before(async () => {
    tokens = await startTokenEndpoint(0);
    api = await startFault((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
    const dir = mkdtempSync(join(tmpdir(), 'connector-send-oauth2-'));
    const text = JSON.stringify({
      kind: 'rest', name: 'o', baseUrl: `${api.url}/api`,
      authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: tokens.tokenUrl, clientId: DEMO_CLIENT_ID, secret: 'crm' },
      operations: [{ id: 'go', method: 'GET', path: '/x', parameters: [] }],
    });
    writeFileSync(join(dir, 'o.connector.json'), text);
    uri = pathToFileURL(join(dir, 'o.connector.json')).href;
    lsp = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    answerSecrets(lsp, (params) => (params.name === 'crm' ? DEMO_CLIENT_SECRET : undefined));
    await lsp.open(uri, text);
    await lsp.diagnostics(uri, 1);
  });
  after(async () => {
    await lsp.stop();
    await tokens.close();
    await api.close();
  });

  const tokenOrigin = (): string => new URL(tokens.tokenUrl).origin;
  const expectedCredentials = (): { origin: string; what: string }[] => [
    { origin: tokenOrigin(), what: `the client id '${DEMO_CLIENT_ID}' and the client secret 'crm' (Basic authorization), for a token` },
    { origin: new URL(api.url).origin, what: `the token from ${tokenOrigin()} (Authorization: Bearer)` },
  ];

  test('Preview Request names the token endpoint, what goes there, and the service with the token', async () => {
    const result = await lsp.request<PreviewRequestResult>('connector/previewRequest', { uri, operationId: 'go', values: { entered: {} } });
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.preview.credentials, expectedCredentials());
    assert.match(result.preview.tokenRequest ?? '', new RegExp(`^POST ${tokens.tokenUrl.replace(/[.]/g, '\\.')}\n`));
    assert.match(result.preview.tokenRequest ?? '', /^Authorization: Basic •••$/m);
    assert.match(result.preview.text, /^# Credentials go to:\n/);
    assert.ok(result.preview.text.includes(result.preview.tokenRequest ?? '-'), 'the preview text shows the token request');
    assert.ok(!JSON.stringify(result).includes(DEMO_CLIENT_SECRET));
  });

  test("Send's request sent holds the token request when it was sent, and names both origins either way", async () => {
    const first = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'go', values: { entered: {} } });
    assert.ok(first.ok && first.result.status === 200, JSON.stringify(first));
    assert.deepEqual(first.preview.credentials, expectedCredentials());
    assert.equal(first.signIn?.fromCache, false);
    assert.match(first.preview.tokenRequest ?? '', /^Authorization: Basic •••$/m);
    const again = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'go', values: { entered: {} } });
    assert.ok(again.ok);
    assert.equal(again.signIn?.fromCache, true);
    assert.equal(again.preview.tokenRequest, undefined, 'the token from memory: no token request this time');
    assert.deepEqual(again.preview.credentials, expectedCredentials());
    assert.equal(again.signIn?.clientId, DEMO_CLIENT_ID);
    const shown = JSON.stringify([first, again]);
    assert.ok(!shown.includes(DEMO_CLIENT_SECRET) && !shown.includes(Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64')));
  });
});

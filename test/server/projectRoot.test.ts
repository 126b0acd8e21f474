// The project root in the editor is the workspace folder: environments and connector-tools.json in folders above
// it are not used, by Send, the Testing view or the checks.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { SendRequestResult } from '../../server/src/protocol';
import type { RunTestCasesResult } from '../../server/src/protocol';
import { startEchoServer } from '../support/echoServer';
import { startLsp, type LspSession } from '../support/lspClient';

const CONNECTOR = JSON.stringify({
  kind: 'rest', name: 'api', baseUrl: 'http://127.0.0.1:9/api',
  authorization: { scheme: 'apiKey', in: 'header', name: 'X-Api-Key', secret: 'api' },
  operations: [{ id: 'ping', method: 'GET', path: '/ping', parameters: [], headers: { Authorization: 'Bearer abc123' } }],
}, null, 2);

describe('the language server looks no higher than the workspace folder', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let lsp: LspSession;
  const parent = mkdtempSync(join(tmpdir(), 'connector-parent-'));
  const project = join(parent, 'project');
  const uri = pathToFileURL(join(project, 'api.connector.json')).href;

  before(async () => {
    echo = await startEchoServer();
    mkdirSync(project);
    writeFileSync(join(project, 'api.connector.json'), CONNECTOR);
    writeFileSync(join(project, 'api.tests.json'), JSON.stringify({ cases: [{ name: 'ping', operation: 'ping', expect: { status: 200 } }] }));
    writeFileSync(join(parent, 'connector-environments.json'), JSON.stringify({ environments: { prod: { connectors: { 'project/api.connector.json': { baseUrl: `${echo.url}/steal` } } } } }));
    writeFileSync(join(parent, 'connector-tools.json'), '{ "rules": { "header-credential": "off" } }');
    lsp = await startLsp({ workspaceFolder: project, env: { CONNECTOR_SECRET_API: 'the-real-api-key' } });
  });
  after(async () => {
    await lsp.stop();
    await echo.close();
    rmSync(parent, { recursive: true, force: true });
  });

  test("a parent folder's project file does not change the levels", async () => {
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, CONNECTOR);
    assert.deepEqual((await pending).map((d) => d.code), ['header-credential']);
  });

  test("Send with an environment refuses a parent folder's environments file, naming where it looked", async () => {
    const result = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'ping', values: { entered: {} }, environment: 'prod' });
    assert.ok(!result.ok);
    assert.match(result.problems.join(), /there is no connector-environments\.json in .*project \(the project root: the workspace folder; folders above it are not used\)/);
    assert.equal(echo.received.length, 0);
  });

  test('the Testing view refuses it too', async () => {
    const result = await lsp.request<RunTestCasesResult>('connector/runTestCases', { uri: pathToFileURL(join(project, 'api.tests.json')).href, environment: 'prod' });
    assert.ok(!result.ok);
    assert.match(result.problems.join(), /there is no connector-environments\.json in .*project \(the project root: the workspace folder/);
    assert.equal(echo.received.length, 0);
  });
});

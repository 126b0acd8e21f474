// The language server sends every hop through the network of its process: with HTTP_PROXY set, Send Request's
// token request and API call, a test run's calls and Fetch $metadata all reach their services through a real proxy
// on 127.0.0.1.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { ODATA_PASSWORD, startOrdersOData } from '../../scripts/demo/ordersOData';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import type { FetchMetadataResult, RunTestCasesResult, SendRequestResult } from '../../server/src/protocol';
import { answerSecrets, startLsp, type LspSession } from '../support/lspClient';
import { startProxy, type RunningProxy } from '../support/proxy';

describe('the language server sends every hop through the network of its process', () => {
  let proxy: RunningProxy;
  let tokens: RunningTokenEndpoint;
  let signedIn: RunningService;
  let basic: RunningService;
  let lsp: LspSession;
  let dir = '';
  const uriOf = (name: string): string => pathToFileURL(join(dir, name)).href;
  /** A request as the proxy records it: `host:port METHOD /path`. */
  const hop = (method: string, url: string): string => `${new URL(url).host} ${method} ${new URL(url).pathname}`;

  before(async () => {
    proxy = await startProxy();
    tokens = await startTokenEndpoint(0);
    signedIn = await startOrdersOData(0, { verifyToken: tokens.verify });
    basic = await startOrdersOData(0);
    dir = mkdtempSync(join(tmpdir(), 'connector-proxy-lsp-'));
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'api.connector.json'), JSON.stringify({
      kind: 'odata', name: 'Orders', baseUrl: signedIn.url, connectorVersion: '2.1.17',
      authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: tokens.tokenUrl, clientId: DEMO_CLIENT_ID, secret: 'ifs' },
      customRequests: [{ id: 'listOrders', operation: 'read', url: 'Orders' }],
    }, null, 2));
    writeFileSync(join(dir, 'api.tests.json'), JSON.stringify({ cases: [{ name: 'the orders', operation: 'listOrders', expect: { status: 200 } }] }, null, 2));
    writeFileSync(join(dir, 'basic.connector.json'), JSON.stringify({
      kind: 'odata', name: 'Orders', baseUrl: basic.url, connectorVersion: '2.1.17', metadata: 'basic.metadata.xml',
      authorization: { scheme: 'basic', username: 'workflow', secret: 'orders' },
      customRequests: [{ id: 'listOrders', operation: 'read', url: 'Orders' }],
    }, null, 2));
    lsp = await startLsp({ workspaceFolder: dir, initializationOptions: { connectorToolsExtension: true }, env: { HTTP_PROXY: proxy.url, NO_PROXY: '' } });
    answerSecrets(lsp, (params) => (params.name === 'ifs' ? DEMO_CLIENT_SECRET : params.name === 'orders' ? ODATA_PASSWORD : undefined));
    const text = readFileSync(join(dir, 'api.connector.json'), 'utf8');
    await lsp.open(uriOf('api.connector.json'), text);
    await lsp.diagnostics(uriOf('api.connector.json'), 1);
  });
  after(async () => {
    await lsp.stop();
    await Promise.all([proxy.close(), tokens.close(), signedIn.close(), basic.close()]);
  });
  beforeEach(() => {
    proxy.requests.length = 0;
  });

  test('Send Request: the token request and the API call go through the proxy', async () => {
    const sent = await lsp.request<SendRequestResult>('connector/sendRequest', { uri: uriOf('api.connector.json'), operationId: 'listOrders', values: { entered: {} } });
    assert.ok(sent.ok, JSON.stringify(sent));
    assert.equal(sent.result.status, 200, JSON.stringify(sent.result));
    assert.deepEqual(proxy.requests, [hop('POST', tokens.tokenUrl), hop('GET', `${signedIn.url}/Orders`)]);
  });

  test('a test run sends its cases through the proxy', async () => {
    const runs = await lsp.request<RunTestCasesResult>('connector/runTestCases', { uri: uriOf('api.tests.json') });
    assert.ok(runs.ok, JSON.stringify(runs));
    assert.deepEqual(runs.runs.map((r) => r.outcome), ['passed']);
    // The token from the send before is reused from memory: only the API call goes out.
    assert.deepEqual(proxy.requests, [hop('GET', `${signedIn.url}/Orders`)]);
  });

  test('Fetch $metadata downloads through the proxy', async () => {
    const fetched = await lsp.request<FetchMetadataResult>('connector/fetchMetadata', { uri: uriOf('basic.connector.json') });
    assert.ok(fetched.ok, JSON.stringify(fetched));
    assert.match(readFileSync(join(dir, 'basic.metadata.xml'), 'utf8'), /<edmx:Edmx/);
    assert.deepEqual(proxy.requests, [hop('GET', `${basic.url}/$metadata`)]);
  });

  test('Fetch $metadata of an OAuth2 connector signs in with the token the editor keeps, through the proxy', async () => {
    const fetched = await lsp.request<FetchMetadataResult>('connector/fetchMetadata', { uri: uriOf('api.connector.json') });
    assert.ok(fetched.ok, JSON.stringify(fetched));
    assert.match(readFileSync(join(dir, 'api.metadata.xml'), 'utf8'), /<edmx:Edmx/);
    // The token of Send Request is reused from memory: only the download goes out.
    assert.deepEqual(proxy.requests, [hop('GET', `${signedIn.url}/$metadata`)]);
  });
});

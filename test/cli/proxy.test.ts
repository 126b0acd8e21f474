// Every hop a command sends goes through the network the process is given: with HTTP_PROXY set, the OAuth2 token
// request, the API call, a test run's calls and the $metadata download all reach their services through a real
// proxy on 127.0.0.1, and none of them does without it.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ODATA_PASSWORD, startOrdersOData } from '../../scripts/demo/ordersOData';
import type { RunningService } from '../../scripts/demo/http';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { makeTempFolder, runCli, STACK_TRACE } from '../support/cli';
import { startProxy, type RunningProxy } from '../support/proxy';

/** The proxy variables of this process cleared, so only what a test sets is in force. */
const NO_PROXY_SETTINGS = { HTTP_PROXY: undefined, http_proxy: undefined, HTTPS_PROXY: undefined, https_proxy: undefined, NO_PROXY: undefined, no_proxy: undefined };

/** A request as the proxy records it: `host:port METHOD /path`. */
function hop(method: string, url: string): string {
  const { host, pathname, search } = new URL(url);
  return `${host} ${method} ${pathname}${search}`;
}

describe('the network settings of the process reach every hop', () => {
  let proxy: RunningProxy;
  let tokens: RunningTokenEndpoint;
  let signedIn: RunningService;
  let basic: RunningService;
  let folder: ReturnType<typeof makeTempFolder>;
  const secrets = { CONNECTOR_SECRET_IFS: DEMO_CLIENT_SECRET, CONNECTOR_SECRET_ORDERS: ODATA_PASSWORD };

  before(async () => {
    proxy = await startProxy();
    tokens = await startTokenEndpoint(0);
    signedIn = await startOrdersOData(0, { verifyToken: tokens.verify });
    basic = await startOrdersOData(0);
    folder = makeTempFolder({
      '.git/HEAD': '',
      'api.connector.json': JSON.stringify({
        kind: 'odata', name: 'Orders', baseUrl: signedIn.url, connectorVersion: '2.1.17',
        authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: tokens.tokenUrl, clientId: DEMO_CLIENT_ID, secret: 'ifs' },
        customRequests: [{ id: 'listOrders', operation: 'read', url: 'Orders' }],
      }, null, 2),
      'api.tests.json': JSON.stringify({ cases: [{ name: 'the orders', operation: 'listOrders', expect: { status: 200 } }] }, null, 2),
      'basic.connector.json': JSON.stringify({
        kind: 'odata', name: 'Orders', baseUrl: basic.url, connectorVersion: '2.1.17',
        authorization: { scheme: 'basic', username: 'workflow', secret: 'orders' },
        customRequests: [{ id: 'listOrders', operation: 'read', url: 'Orders' }],
      }, null, 2),
    });
  });
  after(async () => {
    folder.remove();
    await Promise.all([proxy.close(), tokens.close(), signedIn.close(), basic.close()]);
  });
  beforeEach(() => {
    proxy.targets.length = 0;
    proxy.requests.length = 0;
  });

  const through = { ...NO_PROXY_SETTINGS, ...secrets };

  it('connector request: the token request and the API call go through the proxy', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders'], { cwd: folder.path, env: { ...through, HTTP_PROXY: proxy.url } });
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, STACK_TRACE);
    assert.deepEqual(proxy.requests, [hop('POST', tokens.tokenUrl), hop('GET', `${signedIn.url}/Orders`)]);
  });

  it('connector test: the token request and every case go through the proxy', async () => {
    const run = await runCli(['test', 'api.tests.json'], { cwd: folder.path, env: { ...through, HTTP_PROXY: proxy.url } });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(proxy.requests, [hop('POST', tokens.tokenUrl), hop('GET', `${signedIn.url}/Orders`)]);
  });

  it('connector metadata fetch: the download goes through the proxy', async () => {
    const run = await runCli(['metadata', 'fetch', 'basic.connector.json', '--out', 'basic.metadata.xml'], { cwd: folder.path, env: { ...through, HTTP_PROXY: proxy.url } });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(proxy.requests, [hop('GET', `${basic.url}/$metadata`)]);
  });

  it('connector metadata fetch of an OAuth2 connector signs in first: the token request and the download go through the proxy', async () => {
    const run = await runCli(['metadata', 'fetch', 'api.connector.json', '--out', 'api.metadata.xml', '--timeout', '10000'], { cwd: folder.path, env: { ...through, HTTP_PROXY: proxy.url } });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(proxy.requests, [hop('POST', tokens.tokenUrl), hop('GET', `${signedIn.url}/$metadata`)]);
  });

  it('the lower-case http_proxy is honoured as well, before HTTP_PROXY', async () => {
    const run = await runCli(['request', 'basic.connector.json', 'listOrders'], { cwd: folder.path, env: { ...through, http_proxy: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9' } });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(proxy.requests, [hop('GET', `${basic.url}/Orders`)]);
  });

  it('NO_PROXY keeps a host off the proxy, and without a proxy variable nothing reaches it', async () => {
    const kept = await runCli(['request', 'api.connector.json', 'listOrders'], { cwd: folder.path, env: { ...through, HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } });
    assert.equal(kept.code, 0, kept.stderr);
    const direct = await runCli(['test', 'api.tests.json'], { cwd: folder.path, env: through });
    assert.equal(direct.code, 0, direct.stdout + direct.stderr);
    const fetched = await runCli(['metadata', 'fetch', 'basic.connector.json', '--out', 'basic.metadata.xml'], { cwd: folder.path, env: through });
    assert.equal(fetched.code, 0, fetched.stderr);
    assert.deepEqual([...proxy.targets, ...proxy.requests], []);
  });
});

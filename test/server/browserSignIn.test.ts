// A browser sign-in through the real language server: the server asks the editor to open the sign-in page
// (connector/browserSignIn); this test client answers as the extension does, playing the browser or pressing Cancel.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { DEMO_PASSWORD, DEMO_PUBLIC_CLIENT_ID, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { BROWSER_SIGN_IN, BROWSER_SIGN_IN_ENDED, type BrowserSignInEndedParams, type BrowserSignInParams, type BrowserSignInResult, type SendRequestResult } from '../../server/src/protocol';
import { signInWithBrowser } from '../support/browser';
import { startFault, type RunningFault } from '../support/faultServers';
import { startLsp, type LspSession } from '../support/lspClient';

describe('the language server: authorization code sign-in through the editor', () => {
  let lsp: LspSession;
  let realm: RunningTokenEndpoint;
  let api: RunningFault;
  let uri = '';
  const asked: BrowserSignInParams[] = [];
  const ended: string[] = [];
  let editor: 'sign in' | 'cancel' = 'sign in';

  before(async () => {
    realm = await startTokenEndpoint(0);
    api = await startFault((req, res) => {
      void realm.verify((req.headers.authorization ?? '').replace(/^Bearer /, '')).then((ok) => res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ signedIn: ok })));
    });
    const dir = mkdtempSync(join(tmpdir(), 'connector-browser-sign-in-'));
    const text = JSON.stringify({
      kind: 'rest', name: 'me', baseUrl: api.url,
      authorization: { scheme: 'oauth2', flow: 'authorizationCode', authorizationUrl: realm.authorizationUrl, tokenUrl: realm.tokenUrl, clientId: DEMO_PUBLIC_CLIENT_ID },
      operations: [{ id: 'me', method: 'GET', path: '/me', parameters: [] }],
    });
    writeFileSync(join(dir, 'me.connector.json'), text);
    uri = pathToFileURL(join(dir, 'me.connector.json')).href;
    lsp = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    const endings = new Map<string, () => void>();
    lsp.connection.onNotification(BROWSER_SIGN_IN_ENDED, (params: BrowserSignInEndedParams) => {
      ended.push(params.id);
      endings.get(params.id)?.();
    });
    lsp.connection.onRequest(BROWSER_SIGN_IN, (params: BrowserSignInParams) => {
      asked.push(params);
      if (editor === 'cancel') return Promise.resolve<BrowserSignInResult>({ ended: 'cancelled' });
      void signInWithBrowser(params.address, { username: DEMO_USER, password: DEMO_PASSWORD });
      return new Promise<BrowserSignInResult>((resolve) => endings.set(params.id, () => resolve({ ended: 'closed' })));
    });
    await lsp.open(uri, text);
    await lsp.diagnostics(uri, 1);
  });
  after(async () => {
    await lsp.stop();
    await realm.close();
    await api.close();
  });

  test('Cancel in the notification ends the sign-in with a message; nothing is sent', async () => {
    editor = 'cancel';
    const result = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'me', values: { entered: {} } });
    assert.ok(!result.ok);
    assert.match(result.problems.join(' '), new RegExp(`The sign-in at ${new URL(realm.authorizationUrl).origin.replace(/\./g, '\\.')} was cancelled\\. Nothing was sent to ${api.url.replace(/\./g, '\\.')}\\.`));
  });

  test('the editor is asked to open the sign-in page; once signed in the request is sent and the notification closed', async () => {
    editor = 'sign in';
    const before = asked.length;
    const result = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'me', values: { entered: {} } });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.result.status, 200);
    const params = asked[before];
    assert.ok(params);
    assert.equal(params.signInAt, new URL(realm.authorizationUrl).origin);
    assert.equal(params.tokenFor, api.url);
    assert.equal(params.clientId, DEMO_PUBLIC_CLIENT_ID);
    assert.ok(params.address.startsWith(`${realm.authorizationUrl}?`));
    assert.ok(ended.includes(params.id), 'the server said the sign-in ended');
    // A second request reuses the token: no new sign-in.
    const again = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'me', values: { entered: {} } });
    assert.ok(again.ok && again.result.status === 200);
    assert.equal(asked.length, before + 1);
  });
});

// A browser sign-in through the real language server: the server asks the editor to open the sign-in page
// (connector/browserSignIn); this test client answers as the extension does, playing the browser or pressing Cancel.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { DEMO_PASSWORD, DEMO_PUBLIC_CLIENT_ID, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import {
  BROWSER_SIGN_IN, BROWSER_SIGN_IN_ENDED, LOAD_SIGN_IN, SAVE_SIGN_IN, SIGN_IN_SEAL_KEY, signInSealName,
  type BrowserSignInEndedParams, type BrowserSignInParams, type BrowserSignInResult, type LoadSignInParams, type SaveSignInParams, type SendRequestResult,
} from '../../server/src/protocol';
import { sealSecret, secretOpener, type SecretOpener } from '../../server/src/secretSeal';
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
    keepSignIns(lsp);
    await lsp.open(uri, text);
    await lsp.diagnostics(uri, 1);
    connectorText = text;
  });
  let connectorText = '';

  /** The editor's secret storage for sign-ins, as the extension keeps it: opened and sealed again at the edge. */
  const kept = new Map<string, string>();
  const savedMessages: string[] = [];
  function keepSignIns(session: LspSession): void {
    const openers = new Map<string, SecretOpener>();
    session.connection.onRequest(SIGN_IN_SEAL_KEY, () => {
      const opener = secretOpener();
      openers.set(opener.publicKey, opener);
      return { publicKey: opener.publicKey };
    });
    session.connection.onRequest(SAVE_SIGN_IN, (params: SaveSignInParams) => {
      savedMessages.push(JSON.stringify(params));
      const opener = openers.get(params.to);
      if (opener) kept.set(JSON.stringify(params.key), opener.open(params.sealed, signInSealName(params.key)));
      return null;
    });
    session.connection.onRequest(LOAD_SIGN_IN, (params: LoadSignInParams) => {
      const text = kept.get(JSON.stringify(params.key));
      return text === undefined ? null : sealSecret(text, params.publicKey, signInSealName(params.key));
    });
  }
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

  test('the sign-in is kept in the editor, sealed: a new language server uses it without a browser', async () => {
    assert.ok(kept.size > 0, 'the server asked the editor to keep the sign-in');
    const stored = JSON.parse([...kept.values()].at(-1) ?? '{}') as { accessToken?: string; refreshToken?: string };
    assert.ok(stored.accessToken && stored.refreshToken);
    assert.ok(!savedMessages.some((m) => m.includes(stored.accessToken ?? '(none)') || m.includes(stored.refreshToken ?? '(none)')), 'the tokens crossed the connection sealed');
    assert.deepEqual(JSON.parse(savedMessages.at(-1) ?? '{}').key, { tokenUrl: realm.tokenUrl, clientId: DEMO_PUBLIC_CLIENT_ID, scope: '', tokenFor: api.url });
    const restarted = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    try {
      let browserAsked = 0;
      restarted.connection.onRequest(BROWSER_SIGN_IN, () => {
        browserAsked++;
        return { ended: 'cancelled' };
      });
      keepSignIns(restarted);
      await restarted.open(uri, connectorText);
      await restarted.diagnostics(uri, 1);
      const result = await restarted.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'me', values: { entered: {} } });
      assert.ok(result.ok && result.result.status === 200, JSON.stringify(result));
      assert.equal(browserAsked, 0);
    } finally {
      await restarted.stop();
    }
  });
});

// The authorization code flow in the token cache, with the loopback listener the editor and the command line use,
// against the demo realm on 127.0.0.1; the test plays the browser. Refresh, sharing, and what is kept per origin.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { TokenCache } from '../../server/src/core/http/tokenCache';
import { runRequest } from '../../server/src/core/request/run';
import { loopbackBrowser } from '../../server/src/sending/loopbackSignIn';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_PUBLIC_CLIENT_ID, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { signInWithBrowser } from '../support/browser';
import { filesIn } from '../support/files';
import { startFault, type RunningFault } from '../support/faultServers';
import { DIRECT_NETWORK } from '../support/network';

const SEND = { network: DIRECT_NETWORK, timeoutMs: 10_000 };

describe('OAuth2 authorization code flow', () => {
  let realm: RunningTokenEndpoint;
  let api: RunningFault;
  let otherApi: RunningFault;
  const browserVisits: string[] = [];
  /** The user's browser: signs in on every address it is shown. */
  const browser = loopbackBrowser((address) => {
    browserVisits.push(address);
    void signInWithBrowser(address, { username: DEMO_USER, password: DEMO_PASSWORD });
    return {};
  });

  before(async () => {
    realm = await startTokenEndpoint(0);
    const answer: Parameters<typeof startFault>[0] = (req, res) => {
      void realm.verify((req.headers.authorization ?? '').replace(/^Bearer /, '')).then((ok) => res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' }).end('{}'));
    };
    api = await startFault(answer);
    otherApi = await startFault(answer);
  });
  after(async () => {
    await realm.close();
    await api.close();
    await otherApi.close();
  });

  function connectorAt(baseUrl: string) {
    const authorization = { scheme: 'oauth2', flow: 'authorizationCode', authorizationUrl: realm.authorizationUrl, tokenUrl: realm.tokenUrl, clientId: DEMO_PUBLIC_CLIENT_ID };
    const { connector } = lintText(JSON.stringify({ kind: 'rest', name: 'c', baseUrl, authorization, operations: [{ id: 'go', method: 'GET', path: '/x', parameters: [] }] }));
    assert.ok(connector);
    return connector;
  }
  const send = (cache: TokenCache, baseUrl: string) => runRequest({ connector: connectorAt(baseUrl), operationId: 'go', secrets: () => undefined, baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND, tokens: cache.source(SEND) });

  test('one browser sign-in for requests at the same time; an expired token is refreshed without the browser', async () => {
    let now = 5_000_000;
    const cache = new TokenCache(() => now, undefined, false, { browser });
    const visits = browserVisits.length;
    const first = await Promise.all([send(cache, api.url), send(cache, api.url)]);
    assert.ok(first.every((r) => r.sent && r.result.status === 200));
    assert.equal(browserVisits.length, visits + 1);
    now += 400_000;
    const later = await send(cache, api.url);
    assert.ok(later.sent && later.result.status === 200);
    assert.equal(browserVisits.length, visits + 1, 'no new browser sign-in');
    assert.equal(realm.requests.at(-1)?.body.grant_type, 'refresh_token');
  });

  test("a sign-in is kept for the API's origin only: another origin signs in again", async () => {
    const cache = new TokenCache(Date.now, undefined, false, { browser });
    const visits = browserVisits.length;
    assert.ok((await send(cache, api.url)).sent);
    assert.ok((await send(cache, otherApi.url)).sent);
    assert.equal(browserVisits.length, visits + 2);
  });

  test('a refresh token the realm no longer accepts (the session ended) leads to a new browser sign-in', async () => {
    let now = 9_000_000;
    const cache = new TokenCache(() => now, undefined, false, { browser });
    assert.ok((await send(cache, api.url)).sent);
    const visits = browserVisits.length;
    realm.endSessions();
    now += 400_000;
    const again = await send(cache, api.url);
    assert.ok(again.sent && again.result.status === 200, JSON.stringify(again.sent ? again.result : again.problems));
    assert.deepEqual(realm.requests.slice(-2).map((r) => r.body.grant_type), ['refresh_token', 'authorization_code']);
    assert.equal(browserVisits.length, visits + 1);
  });

  test('Sign Out (clear) forgets the tokens: the next request signs in again; a sign-in that ends after it is used once, not kept', async () => {
    const cache = new TokenCache(Date.now, undefined, false, { browser });
    const visits = browserVisits.length;
    assert.ok((await send(cache, api.url)).sent);
    assert.ok((await send(cache, api.url)).sent);
    assert.equal(browserVisits.length, visits + 1, 'reused before signing out');
    cache.clear();
    assert.ok((await send(cache, api.url)).sent);
    assert.equal(browserVisits.length, visits + 2, 'signed in again after signing out');

    // The user signs out while a sign-in waits in the browser.
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowVisits: string[] = [];
    const slowBrowser = loopbackBrowser((address) => {
      slowVisits.push(address);
      void gate.then(() => signInWithBrowser(address, { username: DEMO_USER, password: DEMO_PASSWORD }));
      return {};
    });
    const kept = new Map<string, unknown>();
    const store = { load: () => Promise.resolve(undefined), save: (request: { tokenFor: string }, signIn: unknown) => (kept.set(request.tokenFor, signIn), Promise.resolve()) };
    const slow = new TokenCache(Date.now, undefined, false, { browser: slowBrowser, store });
    const inFlight = send(slow, api.url);
    for (let i = 0; i < 2000 && slowVisits.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(slowVisits.length, 1);
    slow.clear();
    release();
    const answered = await inFlight;
    assert.ok(answered.sent && answered.result.status === 200, 'the request made before signing out still gets its answer');
    assert.equal(kept.size, 0, 'the sign-in that ended after Sign Out is not kept');
    assert.ok((await send(slow, api.url)).sent);
    assert.equal(slowVisits.length, 2, 'nor reused from memory');
    assert.equal(kept.size, 1);
  });

  test('after Sign Out, requests share the new sign-in even when one begun before it ends in between', async () => {
    // Each visit of the browser signs in when the test says; a third visit (a sign-in not shared) signs in at once.
    const releases: (() => void)[] = [];
    const visits: string[] = [];
    const heldBrowser = loopbackBrowser((address) => {
      visits.push(address);
      const signIn = (): void => void signInWithBrowser(address, { username: DEMO_USER, password: DEMO_PASSWORD });
      if (visits.length > 2) signIn();
      else releases.push(signIn);
      return {};
    });
    const cache = new TokenCache(Date.now, undefined, false, { browser: heldBrowser });
    const until = async (count: number): Promise<void> => {
      for (let i = 0; i < 2000 && visits.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(visits.length, count);
    };
    const before = send(cache, api.url);
    await until(1);
    cache.clear();
    const after = send(cache, api.url);
    await until(2);
    releases[0]?.();
    assert.ok((await before).sent);
    // The sign-in begun before Sign Out has ended; the one begun after it is still pending and is shared.
    const joining = send(cache, api.url);
    releases[1]?.();
    const answers = await Promise.all([after, joining]);
    assert.ok(answers.every((answer) => answer.sent && answer.result.status === 200));
    assert.equal(visits.length, 2, 'the request after Sign Out joined the pending sign-in instead of starting its own');
  });

  test('a confidential client signs the code exchange with its secret (Basic), asked for the token endpoint', async () => {
    const authorization = { scheme: 'oauth2', flow: 'authorizationCode', authorizationUrl: realm.authorizationUrl, tokenUrl: realm.tokenUrl, clientId: DEMO_CLIENT_ID, secret: 'crm' };
    const { connector } = lintText(JSON.stringify({ kind: 'rest', name: 'c', baseUrl: api.url, authorization, operations: [{ id: 'go', method: 'GET', path: '/x', parameters: [] }] }));
    assert.ok(connector);
    const asked: string[] = [];
    const cache = new TokenCache(Date.now, undefined, false, { browser });
    const outcome = await runRequest({ connector, operationId: 'go', secrets: (name, origin, tokenFor) => (asked.push(`${name} ${origin} ${tokenFor ?? ''}`), DEMO_CLIENT_SECRET), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND, tokens: cache.source(SEND) });
    assert.ok(outcome.sent && outcome.result.status === 200, JSON.stringify(outcome.sent ? outcome.result : outcome.problems));
    assert.deepEqual(asked, [`crm ${new URL(realm.tokenUrl).origin} ${api.url}`]);
    const exchange = realm.requests.at(-1);
    assert.equal(exchange?.body.grant_type, 'authorization_code');
    assert.equal(exchange?.authorization, `Basic ${Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64')}`);
    assert.equal(exchange?.body.client_secret, undefined);
  });

  test('without a browser (a run that cannot open one) the message says so, and nothing is sent', async () => {
    const outcome = await send(new TokenCache(), api.url);
    assert.equal(outcome.sent, false);
    assert.match(outcome.sent ? '' : outcome.problems[0]?.message ?? '', /^Signing in at http:\/\/127\.0\.0\.1:\d+ \(authorization code\) needs a browser/);
  });
});

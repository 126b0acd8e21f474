// The OAuth2 password flow (direct access grants) against the demo realm: a real OAuth2 server from the npm
// registry (oauth2-mock-server, behind Keycloak's checks) on 127.0.0.1, with a recording API on another port.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { after, before, beforeEach, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { lintText } from '../../server/src/core/lint';
import { TokenCache } from '../../server/src/core/http/tokenCache';
import { curlCommand } from '../../server/src/core/request/curl';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { runRequest } from '../../server/src/core/request/run';
import { describePreview } from '../../server/src/core/request/show';
import type { SecretProvider } from '../../server/src/core/request/types';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_PUBLIC_CLIENT_ID, DEMO_USER, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { filesIn } from '../support/files';
import { startFault, type RunningFault } from '../support/faultServers';
import { DIRECT_NETWORK } from '../support/network';

const SEND = { network: DIRECT_NETWORK, timeoutMs: 5_000 };

function passwordConnector(baseUrl: string, tokenUrl: string, settings: Record<string, string> = {}): NonNullable<ReturnType<typeof lintText>['connector']> {
  const authorization = { scheme: 'oauth2', flow: 'password', tokenUrl, clientId: DEMO_PUBLIC_CLIENT_ID, username: DEMO_USER, secret: 'pw', ...settings };
  const { connector, findings } = lintText(JSON.stringify({ kind: 'rest', name: 'o', baseUrl, authorization, operations: [{ id: 'go', method: 'GET', path: '/things', parameters: [] }] }));
  assert.deepEqual(findings.filter((f) => f.severity === 'error').map((f) => f.message), []);
  assert.ok(connector);
  return connector;
}

const secretsOf = (values: Record<string, string>): SecretProvider => (name) => values[name];

describe('OAuth2 password flow', () => {
  let realm: RunningTokenEndpoint;
  let api: RunningFault;
  const seen: { headers: IncomingHttpHeaders }[] = [];

  before(async () => {
    realm = await startTokenEndpoint(0);
    api = await startFault((req, res) => {
      seen.push({ headers: req.headers });
      const auth = req.headers.authorization ?? '';
      void realm.verify(auth.replace(/^Bearer /, '')).then((ok) => {
        res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify(ok ? { ok: true, echo: auth } : { error: 'invalid_token' }));
      });
    });
  });
  after(async () => {
    await realm.close();
    await api.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  test("a public client: user name and password in the body, the token sent as Bearer, neither password nor token shown", async () => {
    const outcome = await runRequest({ connector: passwordConnector(api.url, realm.tokenUrl), operationId: 'go', secrets: secretsOf({ pw: DEMO_PASSWORD }), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 200, JSON.stringify(outcome.result));
    assert.deepEqual(realm.requests.at(-1)?.body, { grant_type: 'password', username: DEMO_USER, password: DEMO_PASSWORD, client_id: DEMO_PUBLIC_CLIENT_ID });
    assert.equal(realm.requests.at(-1)?.authorization, undefined);
    const token = (seen[0]?.headers.authorization ?? '').slice(7);
    assert.match(token, /^eyJ/);
    const shown = JSON.stringify({ request: outcome.request, result: outcome.result, raw: outcome.rawText });
    assert.ok(!shown.includes(token) && !shown.includes(DEMO_PASSWORD));
  });

  test('a confidential client: its secret from clientSecret as Basic authorization, the password in the body', async () => {
    const connector = passwordConnector(api.url, realm.tokenUrl, { clientId: DEMO_CLIENT_ID, clientSecret: 'client' });
    const asked: [string, string, string | undefined][] = [];
    const secrets: SecretProvider = (name, origin, tokenFor) => {
      asked.push([name, origin, tokenFor]);
      return ({ client: DEMO_CLIENT_SECRET, pw: DEMO_PASSWORD } as Record<string, string>)[name];
    };
    const outcome = await runRequest({ connector, operationId: 'go', secrets, baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND });
    assert.ok(outcome.sent && outcome.result.status === 200);
    assert.equal(realm.requests.at(-1)?.authorization, `Basic ${Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64')}`);
    assert.deepEqual(realm.requests.at(-1)?.body, { grant_type: 'password', username: DEMO_USER, password: DEMO_PASSWORD });
    // Both secrets are asked for the token endpoint's origin, naming where the token goes.
    const tokenOrigin = new URL(realm.tokenUrl).origin;
    assert.deepEqual(asked, [['client', tokenOrigin, api.url], ['pw', tokenOrigin, api.url]]);
  });

  test("a wrong password is invalid_grant, named with the user and the secret; nothing reaches the API", async () => {
    const outcome = await runRequest({ connector: passwordConnector(api.url, realm.tokenUrl), operationId: 'go', secrets: secretsOf({ pw: 'not-the-password' }), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND });
    assert.equal(outcome.sent, false);
    const message = outcome.sent ? '' : outcome.problems.map((p) => p.message).join(' ');
    assert.equal(message, `The token endpoint ${realm.tokenUrl} refused the password (direct access) token request with 401: invalid_grant (Invalid user credentials). Check the user name '${DEMO_USER}' and the password in the secret 'pw' (and that the account is not locked or asked to change its password).`);
    assert.equal(seen.length, 0);
  });

  test('an unknown client is invalid_client, naming the client id', async () => {
    const outcome = await runRequest({ connector: passwordConnector(api.url, realm.tokenUrl, { clientId: 'nobody' }), operationId: 'go', secrets: secretsOf({ pw: DEMO_PASSWORD }), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND });
    assert.match(outcome.sent ? '' : outcome.problems[0]?.message ?? '', /refused the password \(direct access\) token request with 401: invalid_client .* Check the client id 'nobody' \(a public client: no client secret is sent\)\./);
  });

  test('a missing password secret is named before anything is sent', async () => {
    const before = realm.requests.length;
    const outcome = await runRequest({ connector: passwordConnector(api.url, realm.tokenUrl), operationId: 'go', secrets: secretsOf({}), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND });
    assert.equal(outcome.sent ? '' : outcome.problems[0]?.message, `The secret 'pw' (the password of '${DEMO_USER}') is not set.`);
    assert.equal(realm.requests.length, before);
  });

  test('an expired token is refreshed with the refresh token, not the password', async () => {
    let now = 1_000_000;
    const cache = new TokenCache(() => now);
    const connector = passwordConnector(api.url, realm.tokenUrl);
    const run = () => runRequest({ connector, operationId: 'go', secrets: secretsOf({ pw: DEMO_PASSWORD }), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND, tokens: cache.source(SEND) });
    assert.ok((await run()).sent);
    assert.equal(realm.requests.at(-1)?.body.grant_type, 'password');
    now += 271_000;
    const second = await run();
    assert.ok(second.sent && second.result.status === 200);
    assert.equal(realm.requests.at(-1)?.body.grant_type, 'refresh_token');
    assert.equal(realm.requests.at(-1)?.body.password, undefined);
    assert.notEqual(seen[0]?.headers.authorization, seen[1]?.headers.authorization);
  });

  test('a token endpoint that answers with an HTML sign-in page, or not in time, is one message naming it and the cause', async () => {
    const html = await startFault((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Sign in</title>'));
    const silent = await startFault(() => undefined);
    try {
      const page = await runRequest({ connector: passwordConnector(api.url, `${html.url}/login`), operationId: 'go', secrets: secretsOf({ pw: DEMO_PASSWORD }), baseDir: tmpdir(), files: filesIn(tmpdir()), send: SEND });
      assert.equal(page.sent ? '' : page.problems[0]?.message, `The token endpoint ${html.url}/login answered 200 with an HTML page (a sign-in or error page), not a JSON token response. Check 'tokenUrl': it is the token endpoint (Keycloak: .../protocol/openid-connect/token), not the sign-in page or the service.`);
      const late = await runRequest({ connector: passwordConnector(api.url, `${silent.url}/token`), operationId: 'go', secrets: secretsOf({ pw: DEMO_PASSWORD }), baseDir: tmpdir(), files: filesIn(tmpdir()), send: { ...SEND, timeoutMs: 300 } });
      const message = late.sent ? '' : late.problems[0]?.message ?? '';
      assert.ok(message.startsWith(`No token from ${silent.url}/token: `), message);
      assert.match(message, /300 ms/);
      assert.ok(!message.includes(DEMO_PASSWORD));
    } finally {
      await html.close();
      await silent.close();
    }
  });

  test('the preview names where the password goes; the copied curl command signs in and runs as copied', async () => {
    const preview = await prepareRequest({ connector: passwordConnector(api.url, realm.tokenUrl), operationId: 'go', secrets: secretsOf({ pw: DEMO_PASSWORD }), baseDir: tmpdir(), files: filesIn(tmpdir()) });
    assert.ok(preview.ok);
    const text = describePreview(preview.request);
    assert.ok(!text.includes(DEMO_PASSWORD));
    assert.match(text, new RegExp(`the client id '${DEMO_PUBLIC_CLIENT_ID}', the user name '${DEMO_USER}' and the password 'pw', for a token`));
    assert.match(text, new RegExp(`grant_type=password&username=${DEMO_USER}&password=•••&client_id=${DEMO_PUBLIC_CLIENT_ID}`));
    const curl = curlCommand(preview.request);
    assert.ok(!curl.includes(DEMO_PASSWORD));
    const run = await promisify(execFile)('bash', ['-c', curl], { env: { ...process.env, CONNECTOR_SECRET_PW: DEMO_PASSWORD }, encoding: 'utf8', timeout: 20_000 });
    assert.match(run.stdout, /"ok":true/);
  });
});

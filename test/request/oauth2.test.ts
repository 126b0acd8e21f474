// OAuth2 client credentials against a real OAuth2 server from the npm registry (oauth2-mock-server, on 127.0.0.1),
// with a recording API on another port: what reaches the token endpoint, what reaches the API, and what is shown.
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
import { sendPrepared } from '../../server/src/core/http/exchange';
import { describePreview, describeRequest } from '../../server/src/core/request/show';
import type { SecretProvider } from '../../server/src/core/request/types';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { filesIn } from '../support/files';
import { startFault, type RunningFault } from '../support/faultServers';
import { DIRECT_NETWORK } from '../support/network';

interface Seen { path: string; headers: IncomingHttpHeaders }

function connectorFor(baseUrl: string, tokenUrl: string, extra = ''): NonNullable<ReturnType<typeof lintText>['connector']> {
  const text = `{ "kind": "rest", "name": "o", "baseUrl": "${baseUrl}",
    "authorization": { "scheme": "oauth2", "flow": "clientCredentials", "tokenUrl": "${tokenUrl}", "clientId": "${DEMO_CLIENT_ID}", "secret": "crm"${extra} },
    "operations": [ { "id": "go", "method": "GET", "path": "/things", "parameters": [ { "name": "u", "location": "query", "type": "string" } ] } ] }`;
  const { connector, findings } = lintText(text);
  assert.deepEqual(findings.filter((f) => f.severity === 'error').map((f) => f.message), []);
  assert.ok(connector);
  return connector;
}

describe('OAuth2 client credentials', () => {
  let endpoint: RunningTokenEndpoint;
  let api: RunningFault;
  let other: RunningFault;
  const seen: Seen[] = [];
  const seenElsewhere: Seen[] = [];

  before(async () => {
    endpoint = await startTokenEndpoint(0);
    api = await startFault((req, res) => {
      seen.push({ path: req.url ?? '', headers: req.headers });
      const auth = req.headers.authorization ?? '';
      const target = new URL(req.url ?? '/', 'http://x').searchParams.get('u');
      if (target) return void res.writeHead(302, { Location: target }).end();
      void endpoint.verify(auth.replace(/^Bearer /, '')).then((ok) => {
        // The API echoes what it received, token included: the result must still not show it.
        if (ok) res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, authorization: auth }));
        else res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_token' }));
      });
    });
    other = await startFault((req, res) => {
      seenElsewhere.push({ path: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  after(async () => {
    await endpoint.close();
    await api.close();
    await other.close();
  });
  beforeEach(() => {
    seen.length = 0;
    seenElsewhere.length = 0;
  });

  test('fetches a token with the client secret, sends it as Bearer, and shows neither', async () => {
    const before = endpoint.issued();
    const outcome = await runRequest({ connector: connectorFor(api.url, endpoint.tokenUrl), operationId: 'go', secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 200, JSON.stringify(outcome.result));
    assert.equal(endpoint.issued(), before + 1);
    const sentAuthorization = seen[0]?.headers.authorization ?? '';
    assert.match(sentAuthorization, /^Bearer eyJ/, 'a signed JWT from the token endpoint');
    const token = sentAuthorization.slice(7);
    const shown = JSON.stringify({ request: outcome.request, result: outcome.result, raw: outcome.rawText, headers: outcome.responseHeaders });
    assert.ok(!shown.includes(token), 'the token is redacted everywhere, also where the API echoes it');
    assert.ok(!shown.includes(DEMO_CLIENT_SECRET));
    assert.match(shown, /Bearer •••/);
    // What reached the token endpoint: the client credentials grant, the client in a Basic header.
    const last = endpoint.requests[endpoint.requests.length - 1];
    assert.equal(last?.body.grant_type, 'client_credentials');
    assert.equal(last?.authorization, `Basic ${Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64')}`);
  });

  test('reuses the token until shortly before it expires, then fetches a new one', async () => {
    let now = 1_000_000;
    const cache = new TokenCache(() => now);
    const connector = connectorFor(api.url, endpoint.tokenUrl);
    const run = () => runRequest({ connector, operationId: 'go', secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 }, tokens: cache.source({ network: DIRECT_NETWORK, timeoutMs: 5_000 }) });
    const start = endpoint.issued();
    for (let i = 0; i < 3; i++) {
      const outcome = await run();
      assert.ok(outcome.sent && outcome.result.status === 200);
    }
    assert.equal(endpoint.issued(), start + 1, 'three requests, one token');
    const tokens = new Set(seen.map((s) => s.headers.authorization));
    assert.equal(tokens.size, 1);
    // The demo's tokens live 300 s; the cache lets one go 30 s early (a tenth of its life, at most 60 s).
    now += 269_000;
    await run();
    assert.equal(endpoint.issued(), start + 1, 'still fresh at 269 s');
    now += 2_000;
    await run();
    assert.equal(endpoint.issued(), start + 2, 'replaced at 271 s');
  });

  test('requests that need a token at the same time share one fetch', async () => {
    const cache = new TokenCache();
    const connector = connectorFor(api.url, endpoint.tokenUrl);
    const start = endpoint.issued();
    const runs = await Promise.all(Array.from({ length: 5 }, () => runRequest({ connector, operationId: 'go', secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 }, tokens: cache.source({ network: DIRECT_NETWORK, timeoutMs: 5_000 }) })));
    assert.ok(runs.every((r) => r.sent && r.result.status === 200));
    assert.equal(endpoint.issued(), start + 1);
  });

  test("a wrong secret is the endpoint's error, with status, error and error_description; nothing reaches the API", async () => {
    const outcome = await runRequest({ connector: connectorFor(api.url, endpoint.tokenUrl), operationId: 'go', secrets: () => 'wrong', baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.equal(outcome.sent, false);
    const message = outcome.sent ? '' : outcome.problems.map((p) => p.message).join(' ');
    assert.match(message, /refused the client credentials token request with 401: invalid_client \(Invalid client or Invalid client credentials\)/);
    assert.match(message, /Check the client id 'workflow' and the client secret 'crm'/);
    assert.ok(!message.includes('wrong'));
    assert.equal(seen.length, 0);
  });

  test('client_secret in the body when clientAuthentication is "body"', async () => {
    const outcome = await runRequest({ connector: connectorFor(api.url, endpoint.tokenUrl, ', "clientAuthentication": "body", "scope": "orders read"'), operationId: 'go', secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.ok(outcome.sent && outcome.result.status === 200);
    const last = endpoint.requests[endpoint.requests.length - 1];
    assert.deepEqual(last?.body, { grant_type: 'client_credentials', scope: 'orders read', client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET });
    assert.equal(last?.authorization, undefined);
  });

  test('the client secret is asked for the token endpoint origin, naming the origin the token goes to', async () => {
    const asked: [string, string, string | undefined][] = [];
    const secrets: SecretProvider = (name, origin, tokenFor) => {
      asked.push([name, origin, tokenFor]);
      return DEMO_CLIENT_SECRET;
    };
    await runRequest({ connector: connectorFor(api.url, endpoint.tokenUrl), operationId: 'go', secrets, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.deepEqual(asked, [['crm', new URL(endpoint.tokenUrl).origin, api.url]]);
  });

  test('the token is withheld on a redirect to another origin', async () => {
    const outcome = await runRequest({ connector: connectorFor(api.url, endpoint.tokenUrl), operationId: 'go', values: { u: `${other.url}/elsewhere` }, secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.ok(outcome.sent);
    assert.equal(seenElsewhere.length, 1);
    assert.equal(seenElsewhere[0]?.headers.authorization, undefined);
    assert.equal(outcome.result.redirects?.[0]?.credentialsWithheld, true);
  });

  test('a token the API refuses is forgotten, so the next request fetches a new one', async () => {
    const cache = new TokenCache();
    const connector = connectorFor(api.url, endpoint.tokenUrl);
    const secrets = () => DEMO_CLIENT_SECRET;
    const prepared = await prepareRequest({ connector, operationId: 'go', secrets, baseDir: tmpdir(), files: filesIn(tmpdir()), tokens: cache.source({ network: DIRECT_NETWORK, timeoutMs: 5_000 }) });
    assert.ok(prepared.ok);
    // The same token, tampered with on the way: the API refuses it.
    const tampered = { ...prepared.request, headers: prepared.request.headers.map(([n, v]): [string, string] => [n, n === 'Authorization' ? `${v}x` : v]), signIn: prepared.request.signIn ? { ...prepared.request.signIn, fromCache: true } : undefined };
    const refused = await sendPrepared(tampered, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.equal(refused.result.status, 401);
    assert.match(refused.result.warnings.join(' '), /refused the token .* forgotten/);
    const start = endpoint.issued();
    const again = await prepareRequest({ connector, operationId: 'go', secrets, baseDir: tmpdir(), files: filesIn(tmpdir()), tokens: cache.source({ network: DIRECT_NETWORK, timeoutMs: 5_000 }) });
    assert.ok(again.ok && again.request.signIn?.fromCache === false);
    assert.equal(endpoint.issued(), start + 1);
  });

  test('a client id with a line break cannot forge a line of the preview', async () => {
    const { connector } = lintText(`{ "kind": "rest", "name": "o", "baseUrl": "${api.url}",
      "authorization": { "scheme": "oauth2", "flow": "clientCredentials", "tokenUrl": "${endpoint.tokenUrl}", "clientId": "w\\r\\nPOST https://evil.example/x", "secret": "crm" },
      "operations": [ { "id": "go", "method": "GET", "path": "/things", "parameters": [] } ] }`);
    assert.ok(connector);
    const preview = await prepareRequest({ connector, operationId: 'go', secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()) });
    assert.ok(preview.ok);
    const text = describePreview(preview.request);
    const lines = text.split('\n');
    assert.deepEqual(lines.filter((l) => /^POST /.test(l)), [`POST ${endpoint.tokenUrl}`], text);
    assert.match(text, /the client id 'w\\r\\nPOST https:\/\/evil\.example\/x' and the client secret 'crm'/);
  });

  test('a preview fetches no token; the copied curl command fetches one and runs as copied', async () => {
    const connector = connectorFor(api.url, endpoint.tokenUrl);
    const start = endpoint.issued();
    const preview = await prepareRequest({ connector, operationId: 'go', secrets: () => DEMO_CLIENT_SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()) });
    assert.ok(preview.ok);
    assert.equal(endpoint.issued(), start, 'nothing was sent for a preview');
    assert.match(describeRequest(preview.request), /Authorization: Bearer •••/);
    const curl = curlCommand(preview.request);
    assert.ok(!curl.includes(DEMO_CLIENT_SECRET));
    assert.match(curl, /^CONNECTOR_TOKEN=\$\(curl .* -u workflow:"\$CONNECTOR_SECRET_CRM" .*\) && curl .* -H 'Authorization: Bearer '"\$CONNECTOR_TOKEN"/);
    // The servers run in this process: the command must run without blocking it.
    const run = await promisify(execFile)('bash', ['-c', curl], { env: { ...process.env, CONNECTOR_SECRET_CRM: DEMO_CLIENT_SECRET }, encoding: 'utf8', timeout: 20_000 });
    assert.match(run.stdout, /"ok":true/);
    assert.equal(endpoint.issued(), start + 1);
  });

  test('an endpoint that is not there, or answers no token, is a clear message', async () => {
    const broken = await startFault((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>login</html>'));
    try {
      const outcome = await runRequest({ connector: connectorFor(api.url, `${broken.url}/token`), operationId: 'go', secrets: () => 'x', baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
      assert.equal(outcome.sent, false);
      assert.match(outcome.sent ? '' : outcome.problems[0]?.message ?? '', /The token endpoint http:\/\/127\.0\.0\.1:\d+\/token answered 200 with an HTML page \(a sign-in or error page\), not a JSON token response\. Check 'tokenUrl'/);
    } finally {
      await broken.close();
    }
    const closed = await runRequest({ connector: connectorFor(api.url, 'http://127.0.0.1:9/token'), operationId: 'go', secrets: () => 'x', baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.match(closed.sent ? '' : closed.problems[0]?.message ?? '', /No token from http:\/\/127\.0\.0\.1:9\/token: Nothing accepted the connection at 127\.0\.0\.1:9/);
  });
});

// Credentials and redirects, against a real pair of loopback services (two ports: two origins).
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { filesIn } from '../support/files';
import { runRequest } from '../../server/src/core/request/run';
import type { SendOptions } from '../../server/src/core/http/send';
import { runCli } from '../support/cli';
import { startFault, startSelfSignedHttps, type RunningFault } from '../support/faultServers';
import { DIRECT_NETWORK } from '../support/network';

const SECRET = 's3cr3t-t0ken+/=';

interface Seen { path: string; headers: IncomingHttpHeaders }

/** A service that records what it receives; `?u=URL` redirects there with 302, `?u=URL&s=N` with N. */
async function recordingService(): Promise<{ service: RunningFault; seen: Seen[] }> {
  const seen: Seen[] = [];
  const service = await startFault((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://x');
    const target = url.searchParams.get('u');
    const status = url.searchParams.get('s');
    if (target) res.writeHead(status ? Number(status) : 302, { Location: target }).end();
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ at: url.pathname }));
  });
  return { service, seen };
}

function connector(baseUrl: string, authorization: string, extraHeaders = '{}'): NonNullable<ReturnType<typeof lintText>['connector']> {
  const text = `{ "kind": "rest", "name": "r", "baseUrl": "${baseUrl}", "authorization": ${authorization},
    "operations": [ { "id": "go", "method": "GET", "path": "/{where}", "headers": ${extraHeaders}, "parameters": [
      { "name": "where", "location": "path", "type": "string", "required": true },
      { "name": "u", "location": "query", "type": "string" },
      { "name": "s", "location": "query", "type": "string" },
      { "name": "X-Copy", "location": "header", "type": "string" } ] } ] }`;
  const { connector: model, findings } = lintText(text);
  assert.deepEqual(findings.filter((f) => f.severity === 'error'), []);
  assert.ok(model);
  return model;
}

const BEARER = '{ "scheme": "bearer", "secret": "api" }';
const SEND: SendOptions = { network: DIRECT_NETWORK, timeoutMs: 5_000 };

function send(model: ReturnType<typeof connector>, values: Record<string, string>, options: SendOptions = SEND) {
  return runRequest({ connector: model, operationId: 'go', values, secrets: () => SECRET, baseDir: tmpdir(), files: filesIn(tmpdir()), send: options });
}

function credentialsIn(headers: IncomingHttpHeaders): string[] {
  const names = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'x-copy'];
  return names.filter((n) => headers[n] !== undefined);
}

describe('redirects and credentials', () => {
  let a: Awaited<ReturnType<typeof recordingService>>;
  let b: Awaited<ReturnType<typeof recordingService>>;
  before(async () => {
    a = await recordingService();
    b = await recordingService();
  });
  after(async () => {
    await a.service.close();
    await b.service.close();
  });
  const reset = (): void => {
    a.seen.length = 0;
    b.seen.length = 0;
  };

  for (const [scheme, authorization] of [
    ['bearer', BEARER],
    ['basic', '{ "scheme": "basic", "username": "me", "secret": "api" }'],
    ['apiKey in a header', '{ "scheme": "apiKey", "name": "X-Api-Key", "in": "header", "secret": "api" }'],
  ] as const) {
    test(`${scheme}: a redirect to another origin is followed without any credential, and the result names it`, async () => {
      reset();
      const model = connector(a.service.url, authorization, '{ "Cookie": "session=1", "Proxy-Authorization": "Basic eA==" }');
      const outcome = await send(model, { where: 'go', u: `${b.service.url}/landing`, 'X-Copy': `copy of ${SECRET}` });
      assert.ok(outcome.sent);
      assert.equal(outcome.result.status, 200);
      assert.ok(credentialsIn(a.seen[0]?.headers ?? {}).length >= 3, 'the first origin got the credentials');
      assert.deepEqual(b.seen.map((s) => s.path), ['/landing']);
      assert.deepEqual(credentialsIn(b.seen[0]?.headers ?? {}), [], 'no credential reached the other origin');
      assert.deepEqual(outcome.result.redirects, [{ status: 302, from: `${a.service.url}/go?u=${encodeURIComponent(`${b.service.url}/landing`)}`, to: `${b.service.url}/landing`, credentialsWithheld: true }]);
      assert.ok(outcome.result.warnings.some((w) => w.includes(`to ${b.service.url}, another origin`) && /credentials were not sent/.test(w)));
      assert.ok(!JSON.stringify(outcome).includes(SECRET), 'no secret in the outcome');
    });
  }

  test('apiKey in the query: the key never goes to the other origin; a redirect carrying it there is refused', async () => {
    reset();
    const model = connector(a.service.url, '{ "scheme": "apiKey", "name": "key", "in": "query", "secret": "api" }');
    const clean = await send(model, { where: 'go', u: `${b.service.url}/landing` });
    assert.ok(clean.sent);
    assert.equal(clean.result.status, 200);
    assert.match(a.seen[0]?.path ?? '', /[?&]key=/);
    assert.deepEqual(b.seen.map((s) => s.path), ['/landing']);
    reset();
    const leaking = await send(model, { where: 'go', u: `${b.service.url}/landing?key=${encodeURIComponent(SECRET)}` });
    assert.ok(leaking.sent);
    assert.equal(leaking.result.status, 0);
    assert.match(leaking.result.errors.join(), /with a secret in the address; the redirect was not followed/);
    assert.deepEqual(b.seen, [], 'the other origin received nothing');
    assert.ok(!JSON.stringify(leaking).includes(encodeURIComponent(SECRET)) && !JSON.stringify(leaking).includes(SECRET));
  });

  test('a redirect on the same origin keeps the credentials, and is listed', async () => {
    reset();
    const outcome = await send(connector(a.service.url, BEARER), { where: 'go', u: '/there' });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 200);
    assert.deepEqual(a.seen.map((s) => [s.path, s.headers.authorization]), [[`/go?u=${encodeURIComponent('/there')}`, `Bearer ${SECRET}`], ['/there', `Bearer ${SECRET}`]]);
    assert.deepEqual(outcome.result.redirects?.map((r) => [r.status, r.to, r.credentialsWithheld]), [[302, `${a.service.url}/there`, undefined]]);
    assert.deepEqual(outcome.result.warnings, []);
  });

  test('credentials withheld once stay withheld when a later redirect comes back to the first origin', async () => {
    reset();
    const back = `${b.service.url}/to?u=${encodeURIComponent(`${a.service.url}/home`)}`;
    const outcome = await send(connector(a.service.url, BEARER), { where: 'go', u: back });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 200);
    assert.deepEqual(a.seen.map((s) => [s.path.split('?')[0], s.headers.authorization]), [['/go', `Bearer ${SECRET}`], ['/home', undefined]]);
    assert.equal(outcome.result.redirects?.length, 2);
  });

  test('another port on the same host is another origin', async () => {
    reset();
    const otherPort = b.service.url.replace('127.0.0.1', 'localhost');
    const outcome = await send(connector(a.service.url, BEARER), { where: 'go', u: `${otherPort}/p` });
    assert.ok(outcome.sent);
    assert.equal(b.seen[0]?.headers.authorization, undefined);
  });

  test('300 and 304 are answers, not redirects', async () => {
    reset();
    for (const status of [300, 304]) {
      const outcome = await send(connector(a.service.url, BEARER), { where: 'go', s: String(status), u: `${b.service.url}/x` });
      assert.ok(outcome.sent);
      assert.equal(outcome.result.status, status);
    }
    assert.deepEqual(b.seen, []);
  });

  test('https → http is refused, credentials or not', async () => {
    reset();
    const secure = await startSelfSignedHttps((req, res) => {
      const target = new URL(req.url ?? '/', 'https://x').searchParams.get('u');
      res.writeHead(302, { Location: target ?? '/' }).end();
    });
    try {
      for (const authorization of [BEARER, '{ "scheme": "none" }']) {
        const outcome = await send(connector(secure.url, authorization), { where: 'go', u: `${b.service.url}/plain` }, { ...SEND, network: { strictSsl: false } });
        assert.ok(outcome.sent);
        assert.equal(outcome.result.status, 0);
        assert.match(outcome.result.errors.join(), /redirected to http:\/\/127\.0\.0\.1:\d+, which is not encrypted; the redirect was not followed/);
      }
      assert.deepEqual(b.seen, []);
    } finally {
      await secure.close();
    }
  });

  test('the command line prints each redirect and sends no credential to the other origin', async () => {
    reset();
    const dir = mkdtempSync(join(tmpdir(), 'connector-redirect-'));
    const file = join(dir, 'r.connector.json');
    writeFileSync(file, `{ "kind": "rest", "name": "r", "baseUrl": "${a.service.url}", "authorization": ${BEARER},
      "operations": [ { "id": "go", "method": "GET", "path": "/go", "parameters": [ { "name": "u", "location": "query", "type": "string" } ] } ] }`);
    const run = await runCli(['request', file, 'go', '--value', `u=${b.service.url}/landing`], { env: { CONNECTOR_SECRET_API: SECRET } });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.includes(`Redirect: 302 ${a.service.url}/go?u=${encodeURIComponent(`${b.service.url}/landing`)} → ${b.service.url}/landing (credentials not sent)`), run.stdout);
    assert.equal(b.seen[0]?.headers.authorization, undefined);
    assert.ok(!run.stdout.includes(SECRET));
  });
});

// What a result shows of a secret, against a real loopback service that echoes everything it received: the
// secret is hidden where the request put it and where the service sends it back, and no other text changes.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { runRequest } from '../../server/src/core/request/run';
import { startFault, type RunningFault } from '../support/faultServers';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

/** Ordinary words a careless redaction would rewrite: the secrets below are among them. */
const ORDINARY = { raw: 'raw', status: 200, type: 'application/json', text: 'the rest of the answer' };

describe('redaction against a service that echoes the request', () => {
  let service: RunningFault;
  before(async () => {
    service = await startFault((req, res) => {
      const echo = { ...ORDINARY, target: req.url, headers: req.headers };
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo-Key': String(req.headers['x-api-key'] ?? ''), 'X-Echo-Authorization': req.headers.authorization ?? '' }).end(JSON.stringify(echo));
    });
  });
  after(() => service.close());

  async function send(authorization: string, secret: string) {
    const { connector } = lintText(`{ "kind": "rest", "name": "e", "baseUrl": "${service.url}", "authorization": ${authorization},
      "operations": [ { "id": "go", "method": "GET", "path": "/raw", "parameters": [] } ] }`);
    assert.ok(connector);
    const outcome = await runRequest({ connector, operationId: 'go', secrets: () => secret, baseDir: tmpdir(), files: filesIn(tmpdir()), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 200);
    return outcome;
  }

  for (const secret of ['r', 'the', '200', 'json']) {
    test(`the secret '${secret}' in a header: hidden in the request and in the echo of that header, nowhere else`, async () => {
      const outcome = await send('{ "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "k" }', secret);
      assert.ok(outcome.request.headers.some(([n, v]) => n === 'X-Api-Key' && v === '•••'));
      const data = outcome.result.data as Record<string, unknown> & { headers: Record<string, string> };
      assert.deepEqual({ raw: data.raw, status: data.status, type: data.type, text: data.text, target: data.target }, { ...ORDINARY, target: '/raw' });
      assert.equal(data.headers['x-api-key'], '•••');
      assert.equal(outcome.responseHeaders['content-type'], 'application/json');
      // The raw text keeps every ordinary word; the header's echo is hidden as it was sent, as a JSON property.
      assert.match(outcome.rawText, /"x-api-key":"•••"/);
      assert.ok(outcome.rawText.includes('"raw":"raw","status":200,"type":"application/json","text":"the rest of the answer","target":"/raw"'), outcome.rawText);
    });
  }

  test("the secret 'r' in the query: hidden in the request's address and in the echoed address", async () => {
    const outcome = await send('{ "scheme": "apiKey", "in": "query", "name": "key", "secret": "k" }', 'r');
    assert.ok(outcome.request.url.endsWith('/raw?key=•••'), outcome.request.url);
    assert.equal((outcome.result.data as { target: string }).target, '/raw?key=•••');
    assert.equal((outcome.result.data as { raw: string }).raw, 'raw');
  });

  test('a long Basic password: hidden in the echoed Authorization and its echoes, ordinary text kept', async () => {
    const outcome = await send('{ "scheme": "basic", "username": "me", "secret": "k" }', 'correct-horse-battery');
    const shown = JSON.stringify(outcome);
    assert.ok(!shown.includes(Buffer.from('me:correct-horse-battery').toString('base64')));
    assert.equal(outcome.responseHeaders['x-echo-authorization'], 'Basic •••');
    assert.equal((outcome.result.data as { headers: Record<string, string> }).headers.authorization, 'Basic •••');
    assert.equal((outcome.result.data as { text: string }).text, ORDINARY.text);
  });
});

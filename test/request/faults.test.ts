import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { sendRequest } from '../../server/src/core/http/send';
import type { BuiltRequest } from '../../server/src/core/http/types';
import { startFault, startSelfSignedHttps } from '../support/faultServers';
import { DIRECT_NETWORK } from '../support/network';

function get(url: string): BuiltRequest {
  return { method: 'GET', url, headers: [], secrets: [], warnings: [], shaping: { kind: 'rest' } };
}

test('no answer ends in a timeout that says what to check', async () => {
  const fault = await startFault(() => undefined);
  try {
    const outcome = await sendRequest(get(`${fault.url}/slow`), { network: DIRECT_NETWORK, timeoutMs: 300 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'timeout');
    assert.match(outcome.failure.message, /did not answer within 300 ms/);
  } finally {
    await fault.close();
  }
});

test('a connection reset in the middle of the body is an error, not a hang', async () => {
  const fault = await startFault((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
    res.write('{"partial":');
    setTimeout(() => res.socket?.destroy(), 50);
  });
  try {
    const outcome = await sendRequest(get(fault.url), { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'connection-reset');
  } finally {
    await fault.close();
  }
});

test('a body past the cap is cut and says so', async () => {
  const fault = await startFault((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const pump = (): void => {
      while (sent < 200 && res.write(chunk)) sent++;
      if (sent < 200) res.once('drain', pump);
      else res.end();
    };
    pump();
  });
  try {
    const outcome = await sendRequest(get(fault.url), { network: DIRECT_NETWORK, timeoutMs: 5_000, maxBytes: 100_000 });
    assert.ok(outcome.ok);
    assert.equal(outcome.response.truncated, true);
    assert.equal(outcome.response.body.length, 100_000);
  } finally {
    await fault.close();
  }
});

test('an untrusted certificate is a TLS error that says what to check', async () => {
  const fault = await startSelfSignedHttps((_req, res) => res.end('{}'));
  try {
    const outcome = await sendRequest(get(fault.url), { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'tls');
    assert.match(outcome.failure.message, /certificate is not trusted/);
  } finally {
    await fault.close();
  }
});

test('a redirect loop stops at the limit; a single redirect is followed for GET', async () => {
  const fault = await startFault((req, res) => {
    if (req.url === '/once') {
      res.writeHead(302, { Location: '/target' }).end();
    } else if (req.url === '/target') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"arrived":true}');
    } else {
      res.writeHead(302, { Location: '/loop' }).end();
    }
  });
  try {
    const once = await sendRequest(get(`${fault.url}/once`), { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.ok(once.ok);
    assert.equal(once.response.body, '{"arrived":true}');
    const loop = await sendRequest(get(`${fault.url}/loop`), { network: DIRECT_NETWORK, timeoutMs: 5_000, maxRedirects: 3 });
    assert.ok(!loop.ok);
    assert.equal(loop.failure.code, 'too-many-redirects');
    const post = await sendRequest({ ...get(`${fault.url}/once`), method: 'POST' }, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.ok(post.ok);
    assert.equal(post.response.status, 302, 'POST is not redirected');
  } finally {
    await fault.close();
  }
});

test('invalid UTF-8 is decoded with replacements and flagged', async () => {
  const fault = await startFault((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(Buffer.from([0x61, 0xff, 0xfe, 0x62]));
  });
  try {
    const outcome = await sendRequest(get(fault.url), { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.ok(outcome.ok);
    assert.equal(outcome.response.invalidUtf8, true);
    assert.equal(outcome.response.body, 'a\uFFFD\uFFFDb');
  } finally {
    await fault.close();
  }
});

test('a refused connection names the host and port to check', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const outcome = await sendRequest(get(`http://127.0.0.1:${port}/`), { network: DIRECT_NETWORK, timeoutMs: 5_000 });
  assert.ok(!outcome.ok);
  assert.equal(outcome.failure.code, 'connection-refused');
  assert.match(outcome.failure.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
});

test('cancelling aborts the request on the wire', async () => {
  let closed = false;
  const fault = await startFault((req) => {
    req.socket.on('close', () => (closed = true));
  });
  try {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await sendRequest(get(fault.url), { network: DIRECT_NETWORK, timeoutMs: 10_000, signal: controller.signal });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'cancelled');
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(closed, 'the server saw the connection close');
  } finally {
    await fault.close();
  }
});

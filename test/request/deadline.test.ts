// The timeout bounds the whole request, first byte to last: services that drip their answer are cut at it.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { BuiltRequest } from '../../server/src/core/http/types';
import { sendRequest } from '../../server/src/core/http/send';
import { runCli } from '../support/cli';
import { startFault } from '../support/faultServers';
import { DIRECT_NETWORK } from '../support/network';

const BODY_BYTES = 40;

function get(url: string): BuiltRequest {
  return { method: 'GET', url, headers: [], secrets: [], warnings: [], shaping: { kind: 'rest' } };
}

/** Waits until a condition holds (checked every 20 ms), failing after a generous guard. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 20_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A service that sends its headers at once, then its 40-byte body one byte every 500 ms. */
async function dripService() {
  const state = { written: 0, closed: false };
  const service = await startFault((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(BODY_BYTES) });
    res.flushHeaders();
    const timer = setInterval(() => {
      if (state.written >= BODY_BYTES) return;
      res.write('x');
      state.written++;
      if (state.written === BODY_BYTES) res.end();
    }, 500);
    req.socket.on('close', () => {
      clearInterval(timer);
      state.closed = true;
    });
  });
  return { service, state };
}

test('a body dripped one byte every 500 ms is cut at the deadline: a timeout, with fewer bytes than sent in full', async () => {
  const { service, state } = await dripService();
  try {
    const outcome = await sendRequest(get(service.url), { network: DIRECT_NETWORK, timeoutMs: 1_500 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'timeout');
    assert.match(outcome.failure.message, /did not finish answering within 1500 ms \(\d+ bytes of the body had arrived\)/);
    await until(() => state.closed, 'the service to see the connection close');
    assert.ok(state.written < BODY_BYTES, `only part of the body was sent (${state.written} of ${BODY_BYTES})`);
  } finally {
    await service.close();
  }
});

test('headers dripped one character at a time are cut at the deadline too', async () => {
  let sent = 0;
  let closed = false;
  const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Slow: ' + 'y'.repeat(100) + '\r\nContent-Length: 2\r\n\r\nok';
  const server = createServer((socket: Socket) => {
    const timer = setInterval(() => {
      if (sent < head.length) socket.write(head[sent++] ?? '');
    }, 100);
    socket.on('close', () => {
      clearInterval(timer);
      closed = true;
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const outcome = await sendRequest(get(`http://127.0.0.1:${port}/`), { network: DIRECT_NETWORK, timeoutMs: 1_000 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'timeout');
    await until(() => closed, 'the service to see the connection close');
    assert.ok(sent < head.length, `the answer was cut (${sent} of ${head.length} characters)`);
  } finally {
    server.close();
  }
});

test('connector request --timeout ends a dripping answer at the deadline (exit 1, a timeout error)', async () => {
  const { service, state } = await dripService();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'connector-deadline-'));
    const file = join(dir, 'drip.connector.json');
    writeFileSync(file, `{ "kind": "rest", "name": "drip", "baseUrl": "${service.url}", "operations": [ { "id": "get", "method": "GET", "path": "/", "parameters": [] } ] }`);
    const run = await runCli(['request', file, 'get', '--timeout', '1500'], { timeoutMs: 30_000 });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /Error: 127\.0\.0\.1:\d+ did not finish answering within 1500 ms/);
    await until(() => state.closed, 'the service to see the connection close');
    assert.ok(state.written < BODY_BYTES, `only part of the body was sent (${state.written} of ${BODY_BYTES})`);
  } finally {
    await service.close();
  }
});

// The socket and pipe transports (`--socket=PORT`, `--pipe=NAME`, for editors that start the server so) carry the
// same framing as stdio and get the same check: a well-formed message is served, broken framing ends the server
// with a non-zero code and a sentence on stderr, never a deaf server.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SERVER_PATH } from '../support/lspClient';
import { frame } from '../support/rawLsp';

interface Started { socket: Socket; received: () => string; stderr: () => string; exited: Promise<number | null>; stop: () => void }

/** Listens where the server is told to connect (a port or a pipe), starts it, and waits for it to connect. */
async function startOn(kind: 'socket' | 'pipe'): Promise<Started> {
  const listener: Server = createServer();
  const pipe = join(mkdtempSync(join(tmpdir(), 'connector-pipe-')), 'lsp.sock');
  await new Promise<void>((resolve) => (kind === 'socket' ? listener.listen(0, '127.0.0.1', resolve) : listener.listen(pipe, resolve)));
  const where = kind === 'socket' ? `--socket=${(listener.address() as AddressInfo).port}` : `--pipe=${pipe}`;
  const connected = new Promise<Socket>((resolve) => listener.once('connection', resolve));
  const child = spawn(process.execPath, [SERVER_PATH, where], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const socket = await connected;
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  return { socket, received: () => received, stderr: () => stderr, exited, stop: () => (child.kill(), listener.close()) };
}

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, workspaceFolders: null, capabilities: {} } });

describe('framing over a socket or a pipe', () => {
  for (const kind of ['socket', 'pipe'] as const) {
    test(`--${kind}: a well-formed initialize is answered`, async () => {
      const server = await startOn(kind);
      try {
        server.socket.write(frame(initialize));
        for (let i = 0; i < 400 && !server.received().includes('"serverInfo"'); i++) await new Promise((resolve) => setTimeout(resolve, 25));
        assert.match(server.received(), /"serverInfo":\{"name":"connector-tools"/);
      } finally {
        server.stop();
      }
    });

    test(`--${kind}: a Content-Length that is not a number ends the server with a sentence, not a hang`, async () => {
      const server = await startOn(kind);
      try {
        server.socket.write('Content-Length: abc\r\n\r\n{}');
        // A guard against a deaf server, not a timing: it either exits or the test fails instead of hanging.
        const outcome = await Promise.race([server.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000).unref())]);
        assert.notEqual(outcome, 'still running', 'the server sits deaf on broken framing');
        assert.notEqual(outcome, 0);
        assert.match(server.stderr(), /the messages from the editor cannot be read any further: .*Content-Length "abc" is not a number of bytes/);
      } finally {
        server.stop();
      }
    });
  }

  test('--socket with something other than a port says so in one line and exits 2, no stack trace', () => {
    for (const given of ['notaport', '70000', '0', '']) {
      const run = spawnSync(process.execPath, [SERVER_PATH, `--socket=${given}`], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr, `Connector Tools language server: --socket takes the port the editor listens on (1 to 65535), not ${JSON.stringify(given)}.\n`);
    }
  });
});

// The bytes of the diagnostics the server publishes while a file is typed in, read off the wire of each transport
// (stdio, --socket, --pipe): every frame's Content-Length is its body's length in bytes (multi-byte characters in
// the messages), every body is the compact JSON the protocol library writes, and the diagnostics after the edits
// are those of the same text opened afresh. The server puts these messages together from JSON kept per diagnostic.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { generateConnectorWithFindings } from '../bench/generate';
import { fileUri, SERVER_PATH } from '../support/lspClient';
import { frame } from '../support/rawLsp';

interface Frame { header: string; body: Buffer; message: { method?: string; params?: { uri?: string; version?: number; diagnostics?: Record<string, unknown>[] } } }

/** Reads frames off `stream` as they come, failing on anything that is not `Content-Length: n` CR LF CR LF and n bytes. */
function framesOf(stream: Readable): { frames: Frame[]; problems: string[] } {
  const frames: Frame[] = [];
  const problems: string[] = [];
  let pending = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const header = pending.subarray(0, end).toString('ascii');
      const length = /^Content-Length: (\d+)$/.exec(header)?.[1];
      if (length === undefined) {
        problems.push(`a header that is not one Content-Length: ${JSON.stringify(header)}`);
        pending = Buffer.alloc(0);
        return;
      }
      if (pending.length < end + 4 + Number(length)) return;
      const body = pending.subarray(end + 4, end + 4 + Number(length));
      pending = pending.subarray(end + 4 + Number(length));
      try {
        frames.push({ header, body, message: JSON.parse(body.toString('utf8')) as Frame['message'] });
      } catch (error) {
        problems.push(`a body that is not JSON (${String(error)}): ${body.subarray(0, 200).toString('utf8')}`);
      }
    }
  });
  return { frames, problems };
}

interface Wire { input: Writable; output: Readable; stop: () => void }

/** The server on `kind`, and the two ends of its messages. */
async function start(kind: 'stdio' | 'socket' | 'pipe'): Promise<Wire> {
  if (kind === 'stdio') {
    const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    return { input: child.stdin, output: child.stdout, stop: () => child.kill() };
  }
  const listener = createServer();
  const pipe = join(mkdtempSync(join(tmpdir(), 'connector-pipe-')), 'lsp.sock');
  await new Promise<void>((resolve) => (kind === 'socket' ? listener.listen(0, '127.0.0.1', resolve) : listener.listen(pipe, resolve)));
  const connected = new Promise<import('node:net').Socket>((resolve) => listener.once('connection', resolve));
  const where = kind === 'socket' ? `--socket=${(listener.address() as AddressInfo).port}` : `--pipe=${pipe}`;
  const child = spawn(process.execPath, [SERVER_PATH, where], { stdio: ['ignore', 'ignore', 'ignore'] });
  const socket = await connected;
  socket.on('error', () => undefined);
  return { input: socket, output: socket, stop: () => (child.kill(), listener.close()) };
}

/** Waits until `found` finds something among the frames (or fails after a generous bound: never a hang). */
async function waitFor<T>(frames: Frame[], found: (frames: Frame[]) => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 1_200; i++) {
    const result = found(frames);
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${what} within 30 s`);
}

const diagnosticsOf = (uri: string, version: number) => (frames: Frame[]): Frame | undefined =>
  frames.find((f) => f.message.method === 'textDocument/publishDiagnostics' && f.message.params?.uri === uri && f.message.params.version === version);

/** A file full of findings whose messages hold characters of two, three and four bytes. */
const TEXT = generateConnectorWithFindings(30).replace('"operations": [', '"operations": [\n    { "name": "dup", "method": "GET", "path": "/é", "é😀☕": 1, "é😀☕": 2 },');

describe('the bytes of the diagnostics published while typing, on every transport', () => {
  for (const kind of ['stdio', 'socket', 'pipe'] as const) {
    test(`${kind}: every frame is framed by its length in bytes and is the compact JSON of its message, and the diagnostics are those of a fresh open`, async () => {
      const wire = await start(kind);
      try {
        const { frames, problems } = framesOf(wire.output);
        const send = (message: Record<string, unknown>): void => void wire.input.write(frame(JSON.stringify({ jsonrpc: '2.0', ...message })));
        send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
        await waitFor(frames, (all) => all.find((f) => (f.message as { id?: number }).id === 1), 'answer to initialize');
        send({ method: 'initialized', params: {} });
        const uri = fileUri(`typed-${kind}.connector.json`);
        send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'connector-json', version: 1, text: TEXT } } });
        await waitFor(frames, diagnosticsOf(uri, 1), 'first diagnostics');
        // Typing in the middle of the file: a letter, a line break, a letter taken back, one message each.
        let text = TEXT;
        const at = text.indexOf('"summary": "', text.length / 2) + '"summary": "'.length;
        const line = text.slice(0, at).split('\n').length - 1;
        const character = at - text.lastIndexOf('\n', at - 1) - 1;
        const changes = [
          { range: { start: { line, character }, end: { line, character } }, text: 'é' },
          { range: { start: { line, character: character + 1 }, end: { line, character: character + 1 } }, text: '\n' },
          { range: { start: { line, character: character + 1 }, end: { line: line + 1, character: 0 } }, text: '' },
        ];
        for (const [i, change] of changes.entries()) send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: i + 2 }, contentChanges: [change] } });
        text = `${TEXT.slice(0, at)}é${TEXT.slice(at)}`;
        const typed = await waitFor(frames, diagnosticsOf(uri, 4), 'diagnostics after typing');
        const freshUri = fileUri(`fresh-${kind}.connector.json`);
        send({ method: 'textDocument/didOpen', params: { textDocument: { uri: freshUri, languageId: 'connector-json', version: 1, text } } });
        const fresh = await waitFor(frames, diagnosticsOf(freshUri, 1), 'diagnostics of the fresh open');

        assert.deepEqual(problems, []);
        for (const f of frames) assert.deepEqual(f.body, Buffer.from(JSON.stringify(f.message), 'utf8'), `a ${f.message.method ?? 'response'} frame`);
        const published = typed.message.params?.diagnostics ?? [];
        assert.ok(published.length > 50, 'a file full of findings');
        assert.ok(published.some((d) => /é😀☕/.test(String(d.message))), 'a message with multi-byte characters');
        assert.ok(typed.body.some((byte) => byte > 0x7f), 'bytes beyond ASCII');
        const comparable = (f: Frame): string => JSON.stringify(f.message.params?.diagnostics).replaceAll(JSON.stringify(freshUri).slice(1, -1), JSON.stringify(uri).slice(1, -1));
        assert.equal(comparable(typed), comparable(fresh));
      } finally {
        wire.stop();
      }
    });
  }

  test('stdio: the server, writing its own messages, still exits when the editor closes its input', async () => {
    const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const { frames } = framesOf(child.stdout);
      child.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } })));
      await waitFor(frames, (all) => all.find((f) => (f.message as { id?: number }).id === 1), 'answer to initialize');
      child.stdin.end();
      // A guard against a server left running, not a timing.
      const outcome = await Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000).unref())]);
      assert.equal(outcome, 1, 'an input closed without shutdown ends the server with code 1, as the protocol library does');
    } finally {
      child.kill();
    }
  });
});

// The built server over stdio with the bytes in the test's hands: for framing a well-behaved client never sends
// (bad Content-Length, missing headers) and params no client library lets through (`params: null`).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { SERVER_PATH } from './lspClient';

export interface RawResponse {
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface RawLsp {
  process: ChildProcessWithoutNullStreams;
  /** Writes bytes as they are, framing and all. */
  write(bytes: string | Buffer): void;
  /** Writes one well-framed message. */
  send(message: Record<string, unknown>): void;
  /** Resolves with the response to `id`, or rejects after `withinMs`. */
  response(id: number | string, withinMs?: number): Promise<RawResponse>;
  /** Resolves with the exit code once the process has ended, or rejects after `withinMs`. */
  exited(withinMs?: number): Promise<number | null>;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  stop(): void;
}

/** A frame as the protocol defines it: `Content-Length: n\r\n\r\n` and the UTF-8 body. */
export function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e: unknown) => { clearTimeout(timer); reject(e); });
  });
}

/** Starts dist/server.js --stdio and initializes it; the responses are read from stdout frame by frame. */
export async function startRawLsp(): Promise<RawLsp> {
  const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = Buffer.alloc(0);
  let stderr = '';
  const responses = new Map<string, RawResponse>();
  const waiters = new Map<string, (r: RawResponse) => void>();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A broken pipe after the server has exited is what some tests cause on purpose.
  child.stdin.on('error', () => undefined);
  child.stdout.on('data', (chunk: Buffer) => {
    stdout = Buffer.concat([stdout, chunk]);
    for (;;) {
      const end = stdout.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(stdout.subarray(0, end).toString('ascii'))?.[1]);
      if (stdout.length < end + 4 + length) return;
      const message = JSON.parse(stdout.subarray(end + 4, end + 4 + length).toString('utf8')) as RawResponse & { method?: string };
      stdout = stdout.subarray(end + 4 + length);
      if (message.method !== undefined || !('id' in message)) continue;
      const key = JSON.stringify(message.id);
      responses.set(key, message);
      waiters.get(key)?.(message);
    }
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lsp: RawLsp = {
    process: child,
    write: (bytes) => void child.stdin.write(bytes),
    send: (message) => void child.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', ...message }))),
    response(id, withinMs = 15_000) {
      const key = JSON.stringify(id);
      const known = responses.get(key);
      if (known) return Promise.resolve(known);
      return withTimeout(new Promise((resolve) => waiters.set(key, resolve)), withinMs, `no response to request ${key}`);
    },
    exited: (withinMs = 15_000) => withTimeout(exit, withinMs, 'the server did not exit'),
    stderr: () => stderr,
    stop: () => void child.kill(),
  };
  lsp.send({ id: 'init', method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  await lsp.response('init');
  lsp.send({ method: 'initialized', params: {} });
  return lsp;
}

// A server that reflects what arrived on the wire: request line, headers and body (multipart parsed by busboy).
import busboy from 'busboy';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoedPart {
  name: string;
  value?: string;
  filename?: string;
  content?: string;
}

export interface Echo {
  method: string;
  /** The raw request target, exactly as sent: path, matrix and query. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  /** Header names and values exactly as they arrived, in order. */
  rawHeaders: [string, string][];
  body: string;
  /** The body's bytes, base64: what arrived, multipart included. */
  bodyBase64: string;
  parts?: EchoedPart[];
}

function parseMultipart(headers: IncomingHttpHeaders, bytes: Buffer): Promise<EchoedPart[]> {
  return new Promise((resolve, reject) => {
    const parts: EchoedPart[] = [];
    const parser = busboy({ headers });
    parser.on('field', (name, value) => parts.push({ name, value }));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => parts.push({ name, filename: info.filename, content: Buffer.concat(chunks).toString('utf8') }));
    });
    parser.on('close', () => resolve(parts));
    parser.on('error', reject);
    parser.end(bytes);
  });
}

/** Starts the echo server on 127.0.0.1 (free port); every response is the JSON of what arrived, also kept in `received`. */
export async function startEchoServer(): Promise<{ url: string; server: Server; received: Echo[]; close(): Promise<void> }> {
  const received: Echo[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const rawHeaders: [string, string][] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) rawHeaders.push([request.rawHeaders[i] ?? '', request.rawHeaders[i + 1] ?? '']);
      const echo: Echo = { method: request.method ?? '', target: request.url ?? '', headers: request.headers, rawHeaders, body: '', bodyBase64: '' };
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      echo.bodyBase64 = bytes.toString('base64');
      if (/multipart\/form-data/.test(request.headers['content-type'] ?? '')) {
        echo.parts = await parseMultipart(request.headers, bytes);
      } else {
        echo.body = bytes.toString('utf8');
      }
      received.push(echo);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(echo));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, received, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

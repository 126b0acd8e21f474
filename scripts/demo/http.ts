// Small helpers shared by the demo services: body reading and JSON replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Reads a request body up to `limit` bytes; larger bodies are refused by the caller. */
export async function readBody(request: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Sends a JSON reply with extra headers. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

export interface RunningService {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Starts an http server on 127.0.0.1 (port 0 picks a free one) and returns its base URL. */
export async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  port: number,
  basePath: string,
): Promise<RunningService> {
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { code: 'DEMO_FAILURE', message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${address.port}${basePath}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

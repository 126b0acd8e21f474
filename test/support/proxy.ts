// A forward proxy on 127.0.0.1 as companies run them: CONNECT tunnels (how the HTTP client reaches every origin
// through a proxy) and absolute-form requests (`GET http://host/path`). It records every tunnel it opened and every
// request that went through it (a tunnel to an http origin carries plain HTTP, so its request lines can be read,
// also of requests that reuse a tunnel), so a test can tell which hops of a request went through it.
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface RunningProxy {
  /** The proxy's address, as HTTP_PROXY names it. */
  url: string;
  /** The tunnels and absolute-form requests the proxy was asked for, in order: `CONNECT host:port`, `GET http://host:port/path`. */
  targets: string[];
  /** Every request that went through, in order: `host:port METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

/** A request line at the start of what a client writes into a tunnel. */
const REQUEST_LINE = /(?:^|\r\n)(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\/\S*) HTTP\/1\.[01]\r\n/g;

function hostAndPort(authority: string): { host: string; port: number } | undefined {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
  return match ? { host: match[1] ?? '', port: Number(match[2]) } : undefined;
}

/** Starts the proxy on a free port of 127.0.0.1. */
export async function startProxy(): Promise<RunningProxy> {
  const targets: string[] = [];
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('A proxy takes absolute-form requests or CONNECT.');
      return;
    }
    targets.push(`${request.method ?? 'GET'} ${target.href}`);
    requests.push(`${target.host} ${request.method ?? 'GET'} ${target.pathname}${target.search}`);
    const upstream = forward(target, { method: request.method, headers: request.headers }, (answer: IncomingMessage) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    targets.push(`CONNECT ${request.url ?? ''}`);
    const to = hostAndPort(request.url ?? '');
    if (!to) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const seen = (chunk: Buffer): void => {
      for (const line of chunk.toString('latin1').matchAll(REQUEST_LINE)) requests.push(`${request.url ?? ''} ${line[1] ?? ''} ${line[2] ?? ''}`);
    };
    const upstream = connect(to.port, to.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        seen(head);
        upstream.write(head);
      }
      client.on('data', seen);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    requests,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

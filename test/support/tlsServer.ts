// An https service on 127.0.0.1 with a certificate from a test authority, as an on-premise IFS or API gateway
// with an internal CA runs: it can demand a client certificate from that authority. It records each request with
// the client certificate shown (its CN) and every header, so a test can tell who presented what to whom.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TestCertificates } from './certificates';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The CN of the client certificate shown, or undefined when none was. */
  clientCn?: string;
}

export interface RunningTlsServer {
  url: string;
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export interface TlsServerOptions {
  /** Demand a client certificate issued by the test authority (the handshake fails without one). */
  requireClientCertificate?: boolean;
  /** Ask for a client certificate without demanding one: the record tells whether one was shown. */
  askClientCertificate?: boolean;
  /** Answers a request; default: 200 with a JSON echo of what was seen. */
  answer?: (request: IncomingMessage, response: ServerResponse, seen: SeenRequest) => void;
}

/** Starts the service on a free port of 127.0.0.1 with the test authority's server certificate. */
export async function startTlsServer(certificates: TestCertificates, options: TlsServerOptions = {}): Promise<RunningTlsServer> {
  const seen: SeenRequest[] = [];
  const server = createServer({
    cert: certificates.server.cert,
    key: certificates.server.key,
    ...(options.requireClientCertificate || options.askClientCertificate ? { ca: certificates.ca, requestCert: true, rejectUnauthorized: !!options.requireClientCertificate } : {}),
  }, (request, response) => {
    const peer = (request.socket as TLSSocket).getPeerCertificate();
    const cn = peer && peer.subject ? String(peer.subject.CN) : undefined;
    const entry: SeenRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, ...(cn ? { clientCn: cn } : {}) };
    seen.push(entry);
    request.resume();
    request.on('end', () => {
      if (options.answer) return options.answer(request, response, entry);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: entry.path, clientCn: cn ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    seen,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// Servers that misbehave on purpose, on 127.0.0.1: for proving that sending ends cleanly whatever happens.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningFault {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: 'http' | 'https'): Promise<RunningFault> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `${scheme}://127.0.0.1:${port}`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** An http server with the given behaviour. */
export function startFault(listener: RequestListener): Promise<RunningFault> {
  return listen(createServer(listener), 'http');
}

/** An https server with a self-signed certificate made for this run (openssl). */
export function startSelfSignedHttps(listener: RequestListener): Promise<RunningFault> {
  const dir = mkdtempSync(join(tmpdir(), 'connector-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, listener);
  return listen(server as unknown as Server, 'https');
}

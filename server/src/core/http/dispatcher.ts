// The HTTP client's connection pools, made from the network settings: the proxy the settings name (never one the
// process environment would add behind their back), the certificate authorities they trust, the client
// certificate of the origin, and certificate checks as they say. Every connection, direct or through a proxy's
// tunnel, is made here, so every hop is checked alike and a failure can say what the server showed.
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import type { Agent, buildConnector } from 'undici';
import { addedAuthorities, proxyAddress, proxyFor, type ClientCertificate, type NetworkSettings } from './network';
import { nodeTls } from './nodeNetwork';
import { openTunnel, ProxyError } from './tunnel';

let undici: typeof import('undici') | undefined;

/**
 * The HTTP client, loaded by the first request sent: undici was 40 % of the bundles, so that
 * `connector lint` and the language server start without it (the bundles keep it in a file of its own).
 */
function httpClient(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, from its own file in the bundles
  undici ??= require('undici') as typeof import('undici');
  return undici;
}

/** What a server's certificate said, kept for the message when it is not trusted. */
export interface PeerCertificate {
  subject: string;
  issuer: string;
  validTo: string;
  altNames?: string;
}

/** The TLS alerts servers sent after the handshake, by origin: undici reports such a close as 'other side closed'. */
const alerts = new Map<string, Error>();

/** The TLS alert `origin` sent since it was last asked, if any (a server that demands a client certificate says so in one). */
export function takeTlsAlert(origin: string): Error | undefined {
  const alert = alerts.get(origin);
  alerts.delete(origin);
  return alert;
}

function distinguishedName(name: Record<string, string | string[] | undefined> | undefined): string {
  if (!name) return '';
  return Object.entries(name).map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : (value ?? '')}`).join(', ');
}

/** The server's certificate as seen during the handshake, before it is judged. */
function peerOf(socket: TLSSocket): PeerCertificate | undefined {
  const certificate = socket.getPeerCertificate(false);
  if (!certificate || !certificate.subject) return undefined;
  return {
    subject: distinguishedName(certificate.subject as unknown as Record<string, string>),
    issuer: distinguishedName(certificate.issuer as unknown as Record<string, string>),
    validTo: certificate.valid_to,
    ...(certificate.subjectaltname ? { altNames: certificate.subjectaltname } : {}),
  };
}

/** The TLS settings of one origin's connections. */
function tlsOptions(network: NetworkSettings, certificate: ClientCertificate | undefined): ConnectionOptions {
  return {
    ...(addedAuthorities(network).length ? { ca: [...nodeTls().rootCertificates, ...addedAuthorities(network)] } : {}),
    ...(network.strictSsl ? {} : { rejectUnauthorized: false }),
    ...(certificate?.pem ? { cert: certificate.pem.certificate, key: certificate.pem.key } : {}),
    ...(certificate?.pfx ? { pfx: Buffer.from(certificate.pfx) } : {}),
    ...(certificate?.passphrase !== undefined ? { passphrase: certificate.passphrase } : {}),
  };
}

type Connect = ReturnType<typeof buildConnector>;
type ConnectOptions = Parameters<Connect>[0];
type Callback = Parameters<Connect>[1];

/**
 * How connections are made: through a tunnel when the settings send the origin through a proxy, then TLS with the
 * origin's settings. The server's certificate is noted as the handshake shows it (Node.js tells it only then, with
 * requestOCSP), so a certificate that is not trusted can be named; TLS alerts after the handshake are kept by origin.
 */
function connector(network: NetworkSettings, certificate: ClientCertificate | undefined, timeoutMs: number): Connect {
  const tls = tlsOptions(network, certificate);
  const connect = httpClient().buildConnector({ ...tls, requestOCSP: true, timeout: timeoutMs } as buildConnector.BuildOptions);
  const proxyTls: ConnectionOptions = { ...(tls.ca ? { ca: tls.ca } : {}), ...(network.strictSsl ? {} : { rejectUnauthorized: false }) };
  const secured = (options: ConnectOptions, callback: Callback): void => {
    let peer: PeerCertificate | undefined;
    const origin = `${options.protocol}//${options.host}`;
    // undici's connectors return the socket, though their type says nothing is returned.
    const socket = connect(options, (error, connected) => {
      if (error) {
        Object.assign(error, { peerCertificate: peer, clientCertificate: certificate?.source ?? null });
        callback(error, null);
      } else callback(null, connected as Socket);
    }) as unknown as Socket;
    if (options.protocol !== 'https:') return;
    const tlsSocket = socket as TLSSocket;
    tlsSocket.once('OCSPResponse', () => {
      peer = peerOf(tlsSocket);
    });
    tlsSocket.on('error', (error: NodeJS.ErrnoException) => {
      if (/^ERR_SSL_.*ALERT/.test(error.code ?? '')) alerts.set(origin, Object.assign(error, { clientCertificate: certificate?.source ?? null }));
    });
  };
  return (options, callback) => {
    const url = new URL(`${options.protocol}//${options.host}`);
    const proxy = proxyFor(network, url);
    if (!proxy) return secured(options, callback);
    const address = proxyAddress(proxy);
    if (!address.ok) return callback(new ProxyError(`The proxy cannot be used: ${address.problem}`, '', 'PROXY_ADDRESS'), null);
    const port = options.port || (options.protocol === 'https:' ? '443' : '80');
    const authority = `${url.hostname}:${port}`;
    openTunnel(address.url, authority, { ...(network.proxy?.authorization ? { authorization: network.proxy.authorization } : {}), timeoutMs, proxyTls }).then(
      (tunnel) => (options.protocol === 'https:' ? secured({ ...options, httpSocket: tunnel } as ConnectOptions, callback) : callback(null, tunnel)),
      (error: Error) => callback(error, null),
    );
  };
}

const dispatchers = new Map<string, Agent>();

/** Pools kept at most: settings changed in the editor leave pools behind, which are closed (once idle) beyond this. */
const MAX_DISPATCHERS = 16;

/**
 * One connection pool per network, time limit and client certificate, kept for the process: reusing connections is
 * most of what makes a second request fast. A pool made with an origin's certificate is used for that origin only.
 * The pools used least recently are closed beyond a few.
 */
export function dispatcherFor(network: NetworkSettings, timeoutMs: number, certificate: ClientCertificate | undefined): Agent {
  const key = createHash('sha256').update(JSON.stringify([
    timeoutMs, network.strictSsl, network.proxy ?? null, addedAuthorities(network),
    certificate ? [certificate.source, certificate.pem ?? null, certificate.pfx ? Buffer.from(certificate.pfx).toString('base64') : null, certificate.passphrase ?? null] : null,
  ])).digest('hex');
  let dispatcher = dispatchers.get(key);
  if (dispatcher) dispatchers.delete(key);
  else {
    const { Agent } = httpClient();
    dispatcher = new Agent({ connect: connector(network, certificate, timeoutMs), headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  }
  dispatchers.set(key, dispatcher);
  for (const [oldKey, old] of dispatchers) {
    if (dispatchers.size <= MAX_DISPATCHERS) break;
    dispatchers.delete(oldKey);
    // A request still under way on it finishes first.
    void old.close().catch(() => undefined);
  }
  return dispatcher;
}

// A tunnel through a company proxy: one CONNECT request to the proxy for each connection to an origin, http and
// https alike (an http origin's requests then travel the tunnel as they would directly). The proxy's credentials go
// in the CONNECT request only, so no origin ever receives them; what is sent inside the tunnel is the request alone.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { nodeHttp, nodeHttps } from './nodeNetwork';

/** Why a tunnel could not be opened: the proxy is named (never with its credentials), and its answer when it gave one. */
export class ProxyError extends Error {
  constructor(
    message: string,
    /** `host:port` of the proxy. */
    readonly proxy: string,
    readonly code: string,
    /** The proxy's status, when it answered the CONNECT request with one other than 200. */
    readonly status?: number,
    readonly statusText?: string,
    /** The error of the connection to the proxy, when there was no answer. */
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The Proxy-Authorization header a proxy URL's user and password make, or undefined when it names none. */
export function proxyCredentials(proxy: URL): string | undefined {
  if (proxy.username === '' && proxy.password === '') return undefined;
  return `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}`;
}

/** What opening a tunnel needs besides the proxy and the target. */
export interface TunnelOptions {
  /** The Proxy-Authorization header; absent: the proxy URL's credentials, if any. */
  authorization?: string;
  timeoutMs: number;
  /** How the proxy's own certificate is checked, when the proxy is an https:// one. */
  proxyTls: ConnectionOptions;
}

/** Opens a tunnel through `proxyUrl` to `authority` (`host:port`); the socket it gives is the raw tunnel. */
export function openTunnel(proxyUrl: string, authority: string, options: TunnelOptions): Promise<Socket> {
  const proxy = new URL(proxyUrl);
  const proxyHost = proxy.host;
  const authorization = options.authorization ?? proxyCredentials(proxy);
  return new Promise<Socket>((resolve, reject) => {
    const secure = proxy.protocol === 'https:';
    const connectRequest = (secure ? nodeHttps().request : nodeHttp().request)({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || (secure ? 443 : 80),
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...(authorization ? { 'proxy-authorization': authorization } : {}) },
      agent: false,
      ...(secure ? options.proxyTls : {}),
    });
    const timer = setTimeout(() => {
      connectRequest.destroy();
      reject(new ProxyError(`The proxy ${proxyHost} did not open a tunnel within ${options.timeoutMs} ms.`, proxyHost, 'PROXY_TIMEOUT'));
    }, options.timeoutMs);
    connectRequest.once('connect', (answer: IncomingMessage, socket: Socket, head: Buffer) => {
      clearTimeout(timer);
      if (answer.statusCode !== 200) {
        socket.destroy();
        reject(new ProxyError(`The proxy ${proxyHost} answered ${answer.statusCode ?? 0} to the tunnel to ${authority}.`, proxyHost, 'PROXY_REFUSED', answer.statusCode ?? 0, answer.statusMessage ?? ''));
        return;
      }
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    // A proxy that answers a CONNECT with an ordinary response (no tunnel) ends here.
    connectRequest.once('response', (answer: IncomingMessage) => {
      clearTimeout(timer);
      answer.resume();
      reject(new ProxyError(`The proxy ${proxyHost} answered ${answer.statusCode ?? 0} to the tunnel to ${authority}.`, proxyHost, 'PROXY_REFUSED', answer.statusCode ?? 0, answer.statusMessage ?? ''));
    });
    connectRequest.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ProxyError(`The proxy ${proxyHost} cannot be reached: ${error.message}`, proxyHost, error.code ?? 'PROXY_UNREACHABLE', undefined, undefined, error));
    });
    connectRequest.end();
  });
}

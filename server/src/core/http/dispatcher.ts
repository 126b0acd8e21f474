// The HTTP client's connection pools, made from the network settings: the proxy the settings name (never one the
// process environment would add behind their back), and certificate checks as they say.
import type { EnvHttpProxyAgent } from 'undici';
import type { NetworkSettings } from './network';

const dispatchers = new Map<string, EnvHttpProxyAgent>();

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

/**
 * One connection pool per network and time limit, kept for the process: reusing connections is most of what
 * makes a second request fast. The proxies and the hosts reached directly are the settings' own.
 */
export function dispatcherFor(network: NetworkSettings, timeoutMs: number): EnvHttpProxyAgent {
  const httpProxy = network.proxy?.http ?? '';
  const httpsProxy = network.proxy?.https ?? httpProxy;
  const noProxy = network.proxy?.noProxy ?? '';
  const key = JSON.stringify([timeoutMs, network.strictSsl, httpProxy, httpsProxy, noProxy]);
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    const { EnvHttpProxyAgent } = httpClient();
    dispatcher = new EnvHttpProxyAgent({
      // Empty, not absent: undici would read the process environment for what the settings leave out.
      httpProxy,
      httpsProxy,
      noProxy,
      connect: { timeout: timeoutMs, ...(network.strictSsl ? {} : { rejectUnauthorized: false }) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { originAndTarget } from './request/url';
import type { BuiltRequest } from './request/types';
import type { ReceivedResponse } from './result';
import { wireBody } from './sendBody';

/** How sending is bounded. */
export interface SendOptions {
  /** Total time for connecting, and separately for the headers and for each pause in the body. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes of body kept; more is cut and the result says so. */
  maxBytes?: number;
  /** Redirects followed (GET only). */
  maxRedirects?: number;
  /** Accept self-signed certificates: for tests against local HTTPS servers only. */
  insecure?: boolean;
}

/** Why nothing (or not everything) came back: a code for programs, a sentence for people. */
export interface SendFailure {
  code: 'connection-refused' | 'dns' | 'connect-timeout' | 'timeout' | 'tls' | 'connection-reset' | 'cancelled' | 'too-many-redirects' | 'file' | 'network';
  message: string;
}

export type SendOutcome = { ok: true; response: ReceivedResponse } | { ok: false; failure: SendFailure; totalMs: number };

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

function describeFailure(error: unknown, url: URL, timeoutMs: number): SendFailure {
  const e = error as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const host = url.host;
  if (e.name === 'AbortError' || code === 'ABORT_ERR' || code === 'UND_ERR_ABORTED') return { code: 'cancelled', message: 'The request was cancelled.' };
  if (code === 'ECONNREFUSED') return { code: 'connection-refused', message: `Nothing accepted the connection at ${host}. Check the URL and port, and that the service is running.` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { code: 'dns', message: `The host name ${url.hostname} could not be resolved. Check the spelling of the URL and your network or proxy settings.` };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { code: 'connect-timeout', message: `Connecting to ${host} took longer than ${timeoutMs} ms. Check the host, your network and any proxy.` };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return { code: 'timeout', message: `${host} did not answer within ${timeoutMs} ms. The service may be slow or stuck; try again or raise the timeout.` };
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code) || /certificate/i.test(e.message ?? '')) {
    return { code: 'tls', message: `The TLS connection to ${host} failed (${code || e.message}). The certificate is not trusted for this host: check the URL, or add the issuing CA to NODE_EXTRA_CA_CERTS.` };
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return { code: 'connection-reset', message: `${host} closed the connection before the answer was complete. Try again; if it persists, the service or a proxy is cutting it off.` };
  return { code: 'network', message: `The request to ${host} failed: ${e.message ?? String(error)}${code ? ` (${code})` : ''}.` };
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (size + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - size));
      // Stop reading: the rest is not wanted, and a huge or endless body must not hold the caller.
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

function headerRecord(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

const dispatchers = new Map<string, EnvHttpProxyAgent>();

/**
 * One connection pool per set of limits, kept for the process: reusing connections is most of what makes a
 * second request fast. The proxy environment (HTTP(S)_PROXY, NO_PROXY) is read when a pool is made.
 */
function dispatcherFor(options: SendOptions): EnvHttpProxyAgent {
  const key = `${options.timeoutMs}:${options.insecure === true}:${process.env.HTTP_PROXY ?? ''}:${process.env.HTTPS_PROXY ?? ''}:${process.env.NO_PROXY ?? ''}`;
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = new EnvHttpProxyAgent({
      connect: { timeout: options.timeoutMs, ...(options.insecure ? { rejectUnauthorized: false } : {}) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

/** Sends a built request with undici and reads the answer within the limits; failures are values, never throws. */
export async function sendRequest(built: BuiltRequest, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const dispatcher = dispatcherFor(options);
  let url = new URL(built.url);
  try {
    const headers = built.headers;
    const body = wireBody(built);
    // The first request goes to the target exactly as built: a URL object would turn %2E%2E back into '..'.
    let { origin, target } = originAndTarget(built.url);
    for (let redirects = 0; ; redirects++) {
      const response = await dispatcher.request({
        origin,
        path: target,
        method: built.method,
        headers: headers.flat(),
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const location = response.headers.location;
      if (built.method === 'GET' && response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump();
        if (redirects >= (options.maxRedirects ?? 5)) {
          return { ok: false, failure: { code: 'too-many-redirects', message: `More than ${options.maxRedirects ?? 5} redirects (last to ${location}); the service may redirect in a loop.` }, totalMs: performance.now() - started };
        }
        url = new URL(location, url);
        ({ origin } = url);
        target = `${url.pathname}${url.search}`;
        continue;
      }
      const { bytes, truncated } = await readCapped(response.body, maxBytes);
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        // Cut bodies may end mid-character; otherwise the body is not UTF-8 text at all.
        text = new TextDecoder('utf-8').decode(bytes);
        if (!truncated) {
          return { ok: true, response: { status: response.statusCode, statusText: STATUS_CODES[response.statusCode] ?? '', headers: headerRecord(response.headers), body: text, truncated, invalidUtf8: true, totalMs: performance.now() - started } };
        }
      }
      return { ok: true, response: { status: response.statusCode, statusText: STATUS_CODES[response.statusCode] ?? '', headers: headerRecord(response.headers), body: text, truncated, totalMs: performance.now() - started } };
    }
  } catch (error) {
    if ((error as { fileError?: boolean }).fileError) return { ok: false, failure: { code: 'file', message: (error as Error).message }, totalMs: performance.now() - started };
    return { ok: false, failure: describeFailure(error, url, options.timeoutMs), totalMs: performance.now() - started };
  }
}

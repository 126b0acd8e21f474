import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Dispatcher, EnvHttpProxyAgent } from 'undici';
import { secretForms } from './request/redact';
import { originAndTarget } from './request/url';
import type { BuiltRequest, RedirectFollowed } from './request/types';
import type { ReceivedResponse } from './result';
import { openWireBody, type WireBody } from './sendBody';

/** How sending is bounded. */
export interface SendOptions {
  /** The whole request, first byte to last: connecting, every redirect, the headers and the whole body. */
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
  code: 'connection-refused' | 'dns' | 'connect-timeout' | 'timeout' | 'tls' | 'connection-reset' | 'cancelled' | 'too-many-redirects' | 'redirect-refused' | 'file' | 'network';
  message: string;
}

/** Redirects followed before the failure are listed too: the failure may be at a host the user never named. */
export type SendOutcome = { ok: true; response: ReceivedResponse } | { ok: false; failure: SendFailure; totalMs: number; redirects?: RedirectFollowed[] };

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

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, progress: { bytes: number }): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    progress.bytes += buffer.length;
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
 * One connection pool per set of limits, kept for the process: reusing connections is most of what makes a
 * second request fast. The proxy environment (HTTP(S)_PROXY, NO_PROXY) is read when a pool is made.
 */
function dispatcherFor(options: SendOptions): EnvHttpProxyAgent {
  const key = `${options.timeoutMs}:${options.insecure === true}:${process.env.HTTP_PROXY ?? ''}:${process.env.HTTPS_PROXY ?? ''}:${process.env.NO_PROXY ?? ''}`;
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    const { EnvHttpProxyAgent } = httpClient();
    dispatcher = new EnvHttpProxyAgent({
      connect: { timeout: options.timeoutMs, ...(options.insecure ? { rejectUnauthorized: false } : {}) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

/** Statuses that redirect (300 and 304 carry a Location without asking to follow it). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials whatever their value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * Whether a text holds a secret in any form a request may carry it, anywhere in it, however short: what may
 * leave the origin is decided on the safe side (showing a result uses the finer rule of redactText).
 */
function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.length > 0 && secretForms(secrets).some((form) => text.includes(form));
}

/** The headers without credentials: the fixed credential headers, and any header whose value holds a secret. */
function withoutCredentials(headers: [string, string][], secrets: readonly string[]): [string, string][] {
  return headers.filter(([name, value]) => !CREDENTIAL_HEADERS.has(name.toLowerCase()) && !holdsSecret(value, secrets));
}

/** Why a redirect is not followed, or undefined when it may be. */
function refusedRedirect(from: URL, to: URL, secrets: readonly string[]): string | undefined {
  if (from.protocol === 'https:' && to.protocol !== 'https:') {
    return `${from.origin} redirected to ${to.origin}, which is not encrypted; the redirect was not followed. Use the https address the service means, or ask its owner to redirect to https.`;
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return `${from.origin} redirected to a ${to.protocol} address; only http and https redirects are followed.`;
  if (to.origin !== from.origin && holdsSecret(to.href, secrets)) {
    return `${from.origin} redirected to ${to.origin} with a secret in the address; the redirect was not followed, so the secret stays with ${from.origin}.`;
  }
  return undefined;
}

/** Opens a request's files, or gives up at the deadline or a cancel; files that open too late are let go. */
function openedBefore(built: BuiltRequest, signal: AbortSignal): Promise<WireBody> {
  const opening = openWireBody(built);
  let stop = (): void => undefined;
  return new Promise<WireBody>((resolve, reject) => {
    stop = (): void => {
      reject(signal.reason);
      opening.then((late) => late.close(), () => undefined);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    opening.then(resolve, reject);
  }).finally(() => signal.removeEventListener('abort', stop));
}

/**
 * Sends a built request with undici and reads the answer within the limits; failures are values, never throws.
 * GET follows redirects; credentials (the credential headers and every header or address holding a secret) stay
 * on the origin the request was built for, and https never falls back to http. Each redirect is in the result.
 */
export async function sendRequest(built: BuiltRequest, options: SendOptions): Promise<SendOutcome> {
  // Loading the HTTP client (the first time) is not part of the request's time.
  const dispatcher = dispatcherFor(options);
  const started = performance.now();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // One deadline for the whole exchange: undici's own timeouts restart with every chunk, so a service that
  // drips a byte at a time would never reach them.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('deadline')), options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const progress = { bytes: 0 };
  const redirects: RedirectFollowed[] = [];
  const failed = (failure: SendFailure): SendOutcome => ({ ok: false, failure, totalMs: performance.now() - started, ...(redirects.length ? { redirects } : {}) });
  let url = new URL(built.url);
  let wire: WireBody | undefined;
  try {
    let headers = built.headers;
    // Files must open before the deadline or a cancel, whichever comes first (a slow or hung disk).
    wire = await openedBefore(built, signal);
    const body = wire.body;
    // The request goes to the target exactly as built: a URL object would turn %2E%2E back into '..'.
    let { origin, target } = originAndTarget(built.url);
    const firstOrigin = url.origin;
    for (;;) {
      const response = await dispatcher.request({
        origin,
        path: target,
        method: built.method,
        headers: headers.flat(),
        ...(body !== undefined ? { body } : {}),
        signal,
      });
      const location = response.headers.location;
      if (built.method === 'GET' && REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        const limit = options.maxRedirects ?? 5;
        if (redirects.length >= limit) {
          return failed({ code: 'too-many-redirects', message: `More than ${limit} redirects (last to ${location}); the service may redirect in a loop.` });
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return failed({ code: 'redirect-refused', message: `${url.origin} redirected to '${location}', which is not an address; the redirect was not followed.` });
        }
        const refused = refusedRedirect(url, next, built.secrets);
        if (refused) return failed({ code: 'redirect-refused', message: refused });
        const step: RedirectFollowed = { status: response.statusCode, from: url.href, to: next.href };
        if (next.origin !== firstOrigin) {
          // Once withheld, credentials stay withheld, even if a later redirect comes back to the first origin.
          const kept = withoutCredentials(headers, built.secrets);
          if (kept.length < headers.length) step.credentialsWithheld = true;
          headers = kept;
        }
        redirects.push(step);
        url = next;
        origin = next.origin;
        target = `${next.pathname}${next.search}`;
        continue;
      }
      const { bytes, truncated } = await readCapped(response.body, maxBytes, progress);
      const received = { status: response.statusCode, statusText: STATUS_CODES[response.statusCode] ?? '', headers: headerRecord(response.headers), truncated, totalMs: performance.now() - started, ...(redirects.length ? { redirects } : {}) };
      try {
        return { ok: true, response: { ...received, body: new TextDecoder('utf-8', { fatal: true }).decode(bytes) } };
      } catch {
        // Cut bodies may end mid-character; otherwise the body is not UTF-8 text at all.
        return { ok: true, response: { ...received, body: new TextDecoder('utf-8').decode(bytes), ...(truncated ? {} : { invalidUtf8: true }) } };
      }
    }
  } catch (error) {
    if (deadline.signal.aborted && !options.signal?.aborted) {
      const what = progress.bytes > 0 ? `did not finish answering within ${options.timeoutMs} ms (${progress.bytes.toLocaleString('en-US')} bytes of the body had arrived)` : `did not answer within ${options.timeoutMs} ms`;
      return failed({ code: 'timeout', message: `${url.host} ${what}. The service may be slow or stuck; try again or raise the timeout.` });
    }
    if ((error as { fileError?: boolean }).fileError) return failed({ code: 'file', message: (error as Error).message });
    return failed(describeFailure(error, url, options.timeoutMs));
  } finally {
    clearTimeout(timer);
    wire?.close();
  }
}

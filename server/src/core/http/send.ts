// The one way anything leaves for the network: the API call, the OAuth2 token request and the $metadata download
// are all sent here, with the network settings their edge gave, bounded in time and size.
import type { Dispatcher } from 'undici';
import { dispatcherFor, takeTlsAlert } from './dispatcher';
import { describeFailure, type SendFailure } from './failure';
import { clientCertificateFor, type NetworkSettings } from './network';
import { nodeHttp } from './nodeNetwork';
import { headersAfterRedirect, REDIRECT_STATUSES, refusedRedirect } from './redirects';
import type { BuiltRequest, ReceivedResponse, RedirectFollowed } from './types';
import { originAndTarget } from './url';
import { openWireBody, type WireBody } from './wireBody';

/** How a request is sent: through which network, and how it is bounded. */
export interface SendOptions {
  /** The proxy, the trusted certificates and the certificate checks every hop is sent with. */
  network: NetworkSettings;
  /** The whole request, first byte to last: connecting, every redirect, the headers and the whole body. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes of body kept; more is cut and the result says so. */
  maxBytes?: number;
  /** Redirects followed (GET only). */
  maxRedirects?: number;
}

/** Redirects followed before the failure are listed too: the failure may be at a host the user never named. */
export type SendOutcome = { ok: true; response: ReceivedResponse } | { ok: false; failure: SendFailure; totalMs: number; redirects?: RedirectFollowed[] };

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

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
 * Sends a built request with undici through the network of `options` and reads the answer within the limits;
 * failures are values, never throws. GET follows redirects; credentials (the credential headers and every header
 * or address holding a secret) stay on the origin the request was built for, and https never falls back to http.
 * Each redirect is in the result.
 */
export async function sendRequest(built: BuiltRequest, options: SendOptions): Promise<SendOutcome> {
  const { network } = options;
  // Each hop's pool is chosen by its origin: a client certificate goes to its own origin only.
  const dispatcherAt = (origin: string, builtFor: string): Dispatcher => dispatcherFor(network, options.timeoutMs, clientCertificateFor(network, origin, builtFor));
  // Loading the HTTP client (the first time) is not part of the request's time.
  dispatcherAt(new URL(built.url).origin, new URL(built.url).origin);
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
      const response = await dispatcherAt(url.origin, firstOrigin).request({
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
        headers = headersAfterRedirect(headers, step, firstOrigin, built.secrets);
        redirects.push(step);
        url = next;
        origin = next.origin;
        target = `${next.pathname}${next.search}`;
        continue;
      }
      const { bytes, truncated } = await readCapped(response.body, maxBytes, progress);
      const received = { status: response.statusCode, statusText: nodeHttp().STATUS_CODES[response.statusCode] ?? '', headers: headerRecord(response.headers), truncated, totalMs: performance.now() - started, ...(redirects.length ? { redirects } : {}) };
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
    return failed(describeFailure(error, url, options.timeoutMs, takeTlsAlert(url.origin)));
  } finally {
    clearTimeout(timer);
    wire?.close();
  }
}

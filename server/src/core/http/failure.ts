// Why nothing (or not everything) came back, in words for people: what the HTTP client threw, read once here.

/** Why nothing (or not everything) came back: a code for programs, a sentence for people. */
export interface SendFailure {
  code: 'connection-refused' | 'dns' | 'connect-timeout' | 'timeout' | 'tls' | 'connection-reset' | 'cancelled' | 'too-many-redirects' | 'redirect-refused' | 'file' | 'network';
  message: string;
}

/** The failure an error of the HTTP client stands for, naming the host the request was going to. */
export function describeFailure(error: unknown, url: URL, timeoutMs: number): SendFailure {
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

// Why nothing (or not everything) came back, in words for people: what the HTTP client threw, read once here.
import type { PeerCertificate } from './dispatcher';

/** Why nothing (or not everything) came back: a code for programs, a sentence for people. */
export interface SendFailure {
  code:
    | 'connection-refused' | 'dns' | 'connect-timeout' | 'timeout' | 'tls' | 'client-certificate' | 'proxy' | 'connection-reset' | 'cancelled'
    | 'too-many-redirects' | 'redirect-refused' | 'file' | 'network';
  message: string;
}

/** What the HTTP client, a tunnel or a TLS connection threw, with what the connection noted on it. */
interface ThrownError {
  code?: string;
  name?: string;
  message?: string;
  reason?: string;
  cause?: { code?: string; message?: string };
  /** A tunnel's failure: the proxy's `host:port`, and its answer when it gave one. */
  proxy?: string;
  status?: number;
  statusText?: string;
  /** The server's certificate as the handshake showed it. */
  peerCertificate?: PeerCertificate;
  /** Where the client certificate shown was set, or null when none was. */
  clientCertificate?: string | null;
}

const TRUST = 'Trust the authority that issued it: "caFile" in the environment (connector-environments.json), or --cacert FILE or NODE_EXTRA_CA_CERTS on the command line.';

function setCertificate(origin: string): string {
  return `Set one for ${origin}: "clientCertificates": { "${origin}": { "cert": "client.pem", "key": "client.key" } } (or { "pfx": "client.p12" }) in the environment (connector-environments.json), or --cert FILE --key FILE on the command line.`;
}

/** Verification errors that mean: no trusted authority vouches for the server's certificate. */
const UNTRUSTED = new Set(['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_UNTRUSTED']);

/** The TLS alerts a server sends about the client's certificate, by the code OpenSSL gives them. */
const CERTIFICATE_ALERTS: Record<string, string> = {
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: 'certificate required',
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: 'unknown ca',
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: 'bad certificate',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: 'certificate unknown',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED: 'certificate expired',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED: 'certificate revoked',
  ERR_SSL_TLSV1_ALERT_ACCESS_DENIED: 'access denied',
  ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE: 'handshake failure',
};

function described(peer: PeerCertificate | undefined): string {
  return peer ? ` (${peer.subject || 'no subject'}, issued by ${peer.issuer || 'no issuer'})` : '';
}

/** A certificate the client could not trust, named as the server showed it, with what to set. */
function untrustedServer(e: ThrownError, code: string, host: string): SendFailure {
  const peer = e.peerCertificate;
  const shown = described(peer);
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT') {
    return { code: 'tls', message: `The certificate of ${host}${shown} is not trusted: it is self-signed, so no authority vouches for it (${code}). If it is the service's own, trust that certificate itself: "caFile" in the environment (connector-environments.json), or --cacert FILE or NODE_EXTRA_CA_CERTS on the command line.` };
  }
  if (UNTRUSTED.has(code)) return { code: 'tls', message: `The certificate of ${host}${shown} is not trusted: no certificate authority this tool trusts issued it (${code}). ${TRUST}` };
  if (code === 'CERT_HAS_EXPIRED') return { code: 'tls', message: `The certificate of ${host}${shown} expired${peer ? ` on ${peer.validTo}` : ''} (${code}). The service must renew it.` };
  if (code === 'CERT_NOT_YET_VALID') return { code: 'tls', message: `The certificate of ${host}${shown} is not valid yet (${code}); check this computer's clock.` };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = peer?.altNames ?? e.reason ?? '';
    return { code: 'tls', message: `The certificate of ${host}${shown} is for other names${names ? ` (${names})` : ''}, not for ${host.replace(/:\d+$/, '')}. Use the host name the certificate names in the URL.` };
  }
  return { code: 'tls', message: `The TLS connection to ${host} failed (${code || e.message}): the certificate${shown} is not accepted. ${TRUST}` };
}

/** A TLS alert about the client's certificate: none was shown to a server that demands one, or it was refused. */
function refusedCertificate(alert: ThrownError, alertName: string, url: URL): SendFailure {
  const host = url.host;
  const shown = typeof alert.clientCertificate === 'string' ? alert.clientCertificate : undefined;
  if (!shown) {
    const maybe = alertName === 'handshake failure' ? 'may demand' : 'demands';
    return { code: 'client-certificate', message: `${host} ${maybe} a client certificate (TLS alert '${alertName}'), and none is set for ${url.origin}. ${setCertificate(url.origin)}` };
  }
  return { code: 'client-certificate', message: `${host} did not accept the client certificate of ${shown} (TLS alert '${alertName}'): it may have expired, or not be issued by an authority the service trusts. Ask the service's owners which certificate it expects.` };
}

function proxyFailure(e: ThrownError, host: string): SendFailure {
  const proxy = e.proxy ?? '';
  if (e.status === 407) {
    return { code: 'proxy', message: `The proxy ${proxy} asks for credentials (407 Proxy Authentication Required) before it reaches ${host}. Give them in the proxy's address (http://USER:PASSWORD@${proxy}) or, in VS Code, in the setting http.proxyAuthorization.` };
  }
  if (e.status !== undefined) return { code: 'proxy', message: `The proxy ${proxy} refused to reach ${host} (${e.status}${e.statusText ? ` ${e.statusText}` : ''}). Check that the proxy lets this host through, or list the host in NO_PROXY (http.noProxy in VS Code).` };
  if (e.code === 'PROXY_ADDRESS') return { code: 'proxy', message: `${e.message ?? ''} Check HTTPS_PROXY, HTTP_PROXY, --proxy, or http.proxy in VS Code.` };
  if (e.code === 'PROXY_TIMEOUT') return { code: 'proxy', message: `The proxy ${proxy} did not open a way to ${host} in time. Check the proxy's address and your network.` };
  const cause = e.cause?.code ?? e.code ?? '';
  if (cause === 'ECONNREFUSED') return { code: 'proxy', message: `Nothing accepted the connection at the proxy ${proxy}. Check the proxy's address (HTTPS_PROXY, HTTP_PROXY, --proxy, or http.proxy in VS Code).` };
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') return { code: 'proxy', message: `The proxy's host name in ${proxy} could not be resolved. Check the proxy's address (HTTPS_PROXY, HTTP_PROXY, --proxy, or http.proxy in VS Code).` };
  if (UNTRUSTED.has(cause) || cause === 'ERR_TLS_CERT_ALTNAME_INVALID' || cause === 'CERT_HAS_EXPIRED') {
    return { code: 'proxy', message: `The certificate of the proxy ${proxy} is not accepted (${cause}). ${TRUST}` };
  }
  return { code: 'proxy', message: `The proxy ${proxy} could not be used to reach ${host}: ${e.cause?.message ?? e.message ?? cause}.` };
}

/**
 * The failure an error of the HTTP client stands for, naming the host the request was going to. `alert` is a TLS
 * alert the server sent after the handshake: the HTTP client then reports only that the connection closed.
 */
export function describeFailure(error: unknown, url: URL, timeoutMs: number, alert?: unknown): SendFailure {
  const e = error as ThrownError;
  const code = e.code ?? e.cause?.code ?? '';
  const host = url.host;
  if (e.name === 'AbortError' || code === 'ABORT_ERR' || code === 'UND_ERR_ABORTED') return { code: 'cancelled', message: 'The request was cancelled.' };
  if (e.proxy !== undefined) return proxyFailure(e, host);
  const closed = code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
  const alertError = (CERTIFICATE_ALERTS[code] ? e : closed ? alert : undefined) as ThrownError | undefined;
  const alertName = CERTIFICATE_ALERTS[alertError?.code ?? ''];
  if (alertError && alertName) return refusedCertificate(alertError, alertName, url);
  if (code === 'ECONNREFUSED') return { code: 'connection-refused', message: `Nothing accepted the connection at ${host}. Check the URL and port, and that the service is running.` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { code: 'dns', message: `The host name ${url.hostname} could not be resolved. Check the spelling of the URL and your network or proxy settings.` };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { code: 'connect-timeout', message: `Connecting to ${host} took longer than ${timeoutMs} ms. Check the host, your network and any proxy.` };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return { code: 'timeout', message: `${host} did not answer within ${timeoutMs} ms. The service may be slow or stuck; try again or raise the timeout.` };
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code) || /certificate/i.test(e.message ?? '')) return untrustedServer(e, code, host);
  if (closed) return { code: 'connection-reset', message: `${host} closed the connection before the answer was complete. Try again; if it persists, the service or a proxy is cutting it off.` };
  return { code: 'network', message: `The request to ${host} failed: ${e.message ?? String(error)}${code ? ` (${code})` : ''}.` };
}

// The network a request travels: which proxy it goes through, which servers it trusts and which certificate it
// shows. The edge that sends (the command line, the language server) describes it once; every hop of a request
// (the API call, the OAuth2 token request, the $metadata download) is sent with the same settings, because
// sending takes no options without them.

/** Where requests go through a proxy: one for http and one for https origins, and the hosts that go direct. */
export interface ProxySettings {
  /** The proxy for http: origins (`http://proxy:3128`); absent: direct. */
  http?: string;
  /** The proxy for https: origins; absent: the http one (as HTTPS_PROXY falls back to HTTP_PROXY). */
  https?: string;
  /** Hosts (and `host:port`) reached directly, separated by commas or spaces; `*` for every host. */
  noProxy?: string;
}

/** A certificate this client shows to servers of one origin that ask for one (PEM). */
export interface ClientCertificate {
  /** `https://host[:port]`: the certificate is shown there only. */
  origin: string;
  certificate: string;
  key: string;
  passphrase?: string;
}

/** The network every hop of a request is sent through. */
export interface NetworkSettings {
  /** Absent: every request goes direct. */
  proxy?: ProxySettings;
  /** Certificate authorities trusted besides the system's (PEM); not yet honoured by sending. */
  caCertificates?: readonly string[];
  /** Certificates shown to the servers that ask for one, by origin; not yet honoured by sending. */
  clientCertificates?: readonly ClientCertificate[];
  /** Whether server certificates are verified; false only for tests against local HTTPS servers. */
  strictSsl: boolean;
}

/**
 * The network settings a process's environment gives: HTTP_PROXY, HTTPS_PROXY (HTTP_PROXY when it is not set) and
 * NO_PROXY, each read in lower case first (`http_proxy` wins over `HTTP_PROXY`; set but empty means none).
 */
export function networkFromEnvironment(env: Readonly<Record<string, string | undefined>>): NetworkSettings {
  const http = env.http_proxy ?? env.HTTP_PROXY;
  const https = env.https_proxy ?? env.HTTPS_PROXY;
  const noProxy = env.no_proxy ?? env.NO_PROXY;
  const proxy: ProxySettings = { ...(http ? { http } : {}), ...(https ? { https } : {}), ...(noProxy ? { noProxy } : {}) };
  return { ...(proxy.http || proxy.https ? { proxy } : {}), strictSsl: true };
}

/** Why sending cannot honour these settings yet, or undefined when it can. */
export function unsupportedSetting(network: NetworkSettings): string | undefined {
  if (network.caCertificates?.length) return 'Extra certificate authorities are not supported yet; add the CA to NODE_EXTRA_CA_CERTS instead.';
  if (network.clientCertificates?.length) return 'Client certificates are not supported yet.';
  return undefined;
}

// The network a request travels: which proxy it goes through, which servers it trusts and which certificate it
// shows. The edge that sends (the command line, the language server) describes it once; every hop of a request
// (the API call, the OAuth2 token request, the $metadata download) is sent with the same settings, because
// sending takes no options without them. Files are read by the edges: the core gets their bytes.

/** Where requests go through a proxy: one for http and one for https origins, and the hosts that go direct. */
export interface ProxySettings {
  /** The proxy for http: origins (`http://proxy:3128`, credentials in it allowed); absent: direct. */
  http?: string;
  /** The proxy for https: origins; absent: the http one (as HTTPS_PROXY falls back to HTTP_PROXY). */
  https?: string;
  /** Hosts (and `host:port`) reached directly, separated by commas or spaces; `*` for every host. */
  noProxy?: string;
  /** The Proxy-Authorization header sent to the proxy (VS Code's http.proxyAuthorization); wins over credentials in the proxy's URL. */
  authorization?: string;
}

/** A certificate this client shows to the servers of one origin that ask for one. */
export interface ClientCertificate {
  /**
   * `https://host[:port]`: the certificate is shown there only. Absent: shown to the origin each request was built
   * for (the connector's base URL, its token endpoint), never to another origin a redirect leads to.
   */
  origin?: string;
  /** PEM certificate and key, or a PKCS#12 bundle. */
  pem?: { certificate: string; key: string };
  pfx?: Uint8Array;
  passphrase?: string;
  /** Where it was set, for messages: `--cert client.pem`, `"clientCertificates" of environment 'staging'`. */
  source: string;
  /** The files it was read from (absolute paths), for a command that shows it as the tool does (curl's --cert). */
  files?: { cert: string; key?: string } | { pfx: string };
  /** The secret its passphrase was read from, named in such a command instead of its value. */
  passphraseSecret?: string;
}

/** The network every hop of a request is sent through. */
export interface NetworkSettings {
  /** Absent: every request goes direct. */
  proxy?: ProxySettings;
  /** Certificate authorities trusted besides Node.js's own (PEM), e.g. a company's internal CA. */
  caCertificates?: readonly string[];
  /** The files the user named for those authorities (absolute paths), for a command that trusts them as the tool does (curl's --cacert). */
  caFiles?: readonly string[];
  /**
   * Authorities the process trusts without the user adding them for the tool: the system's where the editor reads
   * them (VS Code's http.systemCertificates) and NODE_EXTRA_CA_CERTS's (which Node.js stops adding on its own once a
   * list is given). Trusted like the others, but a preview does not count them as added and a copied command does
   * not name them.
   */
  ambientAuthorities?: readonly string[];
  /** Certificates shown to the servers that ask for one. */
  clientCertificates?: readonly ClientCertificate[];
  /** Whether server (and proxy) certificates are verified; false only when the user turned it off on purpose. */
  strictSsl: boolean;
}

/**
 * The network settings a process's environment gives: HTTP_PROXY, HTTPS_PROXY (HTTP_PROXY when it is not set) and
 * NO_PROXY, each read in lower case first (`http_proxy` wins over `HTTP_PROXY`; set but empty means none).
 */
export function networkFromEnvironment(env: Readonly<Record<string, string | undefined>>): NetworkSettings {
  const http = env.http_proxy ?? env.HTTP_PROXY;
  const https = env.https_proxy ?? env.HTTPS_PROXY;
  const noProxy = noProxyFromEnvironment(env);
  const proxy: ProxySettings = { ...(http ? { http } : {}), ...(https ? { https } : {}), ...(noProxy ? { noProxy } : {}) };
  return { ...(proxy.http || proxy.https ? { proxy } : {}), strictSsl: true };
}

/** NO_PROXY (`no_proxy` first), which also applies to a proxy given otherwise (`--proxy`). */
export function noProxyFromEnvironment(env: Readonly<Record<string, string | undefined>>): string | undefined {
  return env.no_proxy ?? env.NO_PROXY;
}

/**
 * A proxy's address as a URL (`proxy:3128`, as HTTPS_PROXY is often written, is `http://proxy:3128`), or why it
 * cannot be one; the problem never repeats the credentials written in it.
 */
export function proxyAddress(text: string): { ok: true; url: string } | { ok: false; problem: string } {
  const given = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(given) ? given : `http://${given}`;
  const shown = given.replace(/\/\/[^/]*@/, '//…@').replace(/^[^/]*@/, '…@');
  if (!URL.canParse(withScheme)) return { ok: false, problem: `'${shown}' is not a proxy's address: write http://host:port (http://USER:PASSWORD@host:port when the proxy asks for credentials).` };
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: `'${shown}' is a ${url.protocol.slice(0, -1)} proxy; only http:// and https:// proxies can be used.` };
  if (url.hostname === '') return { ok: false, problem: `'${shown}' names no host: write http://host:port.` };
  return { ok: true, url: url.href };
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Whether NO_PROXY-style `noProxy` sends `hostname:port` direct: an entry is a host, a domain (`.corp`, `*.corp`) or `*`, with an optional port. */
export function goesDirect(noProxy: string, hostname: string, port: number): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  for (const entry of noProxy.split(/[,\s]+/)) {
    if (entry === '') continue;
    if (entry === '*') return true;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const entryPort = parsed ? Number(parsed[2]) : 0;
    if (entryPort && entryPort !== port) continue;
    const entryHost = (parsed?.[1] ?? entry).replace(/^\*?\./, '').replace(/^\[|\]$/g, '').toLowerCase();
    if (host === entryHost || host.endsWith(`.${entryHost}`)) return true;
  }
  return false;
}

/** The proxy a request to `url` goes through under these settings, or undefined when it goes direct. */
export function proxyFor(network: NetworkSettings, url: URL): string | undefined {
  const proxy = network.proxy;
  if (!proxy) return undefined;
  const chosen = url.protocol === 'https:' ? (proxy.https ?? proxy.http) : proxy.http;
  if (!chosen) return undefined;
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 0);
  return proxy.noProxy && goesDirect(proxy.noProxy, url.hostname, port) ? undefined : chosen;
}

/** An origin in one spelling (`https://Host:443` is `https://host`), or undefined when `text` is not an http(s) address. */
export function canonicalOrigin(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
}

/**
 * The certificate to show at `origin` on a hop of a request built for `builtFor`: the first one set for that origin,
 * else the first without an origin when the hop is at the request's own origin; never one for another origin.
 */
export function clientCertificateFor(network: NetworkSettings, origin: string, builtFor: string): ClientCertificate | undefined {
  if (!origin.startsWith('https:')) return undefined;
  const certificates = network.clientCertificates ?? [];
  return certificates.find((c) => c.origin !== undefined && canonicalOrigin(c.origin) === origin)
    ?? (origin === builtFor ? certificates.find((c) => c.origin === undefined) : undefined);
}

/** How one hop travels under a network: the proxy (without its credentials) or none, and what TLS adds. */
export interface Route {
  origin: string;
  /** The proxy's address without credentials; absent when the hop goes direct. */
  proxy?: string;
  /** The proxy's address carries credentials (they are sent to the proxy only, in CONNECT). */
  proxyCredentials?: boolean;
  /** A proxy is set but this host is in its no-proxy list. */
  noProxyMatch?: boolean;
  /** Where the client certificate shown at this origin was set (`--cert client.pem`, an environment). */
  clientCertificate?: string;
  /** Certificate authorities trusted besides the system's. */
  extraAuthorities: number;
  /** False only when certificate checks were turned off. */
  strictSsl: boolean;
}

/** Every authority trusted besides Node.js's bundled list: the ambient ones and those the user added. */
export function addedAuthorities(network: NetworkSettings): readonly string[] {
  if (!network.ambientAuthorities?.length) return network.caCertificates ?? [];
  return network.caCertificates?.length ? [...network.ambientAuthorities, ...network.caCertificates] : network.ambientAuthorities;
}

/** Whether these settings change anything from a direct request with the usual checks (a preview then says how requests go). */
export function isPlainNetwork(network: NetworkSettings): boolean {
  return !network.proxy && !network.caCertificates?.length && !network.clientCertificates?.length && network.strictSsl;
}

/** The route of a request to `url` built for `builtFor` (its own origin unless a redirect led elsewhere), as sendRequest takes it. */
export function routeOf(network: NetworkSettings, url: string, builtFor?: string): Route {
  const target = new URL(url);
  const proxy = proxyFor(network, target);
  const route: Route = { origin: target.origin, extraAuthorities: network.caCertificates?.length ?? 0, strictSsl: network.strictSsl };
  if (proxy !== undefined) {
    const address = proxyAddress(proxy);
    if (address.ok) {
      const parsed = new URL(address.url);
      route.proxyCredentials = parsed.username !== '' || parsed.password !== '';
      parsed.username = '';
      parsed.password = '';
      route.proxy = parsed.href.replace(/\/$/, '');
    }
  } else if ((target.protocol === 'https:' ? (network.proxy?.https ?? network.proxy?.http) : network.proxy?.http) !== undefined) {
    route.noProxyMatch = true;
  }
  const certificate = clientCertificateFor(network, target.origin, builtFor ?? target.origin);
  if (certificate) route.clientCertificate = certificate.source;
  return route;
}

/** A route in words for a preview: `https://api.example.com: through the proxy http://proxy:3128 (with credentials); client certificate from --cert c.pem`. */
export function describeRoute(route: Route): string {
  const parts = [route.proxy !== undefined ? `through the proxy ${route.proxy}${route.proxyCredentials ? ' (with credentials, sent to the proxy only)' : ''}` : route.noProxyMatch ? 'direct (the host is in the no-proxy list)' : 'direct'];
  if (route.clientCertificate !== undefined) parts.push(`client certificate from ${route.clientCertificate}`);
  if (route.extraAuthorities > 0) parts.push(`trusting ${route.extraAuthorities} more certificate ${route.extraAuthorities === 1 ? 'authority' : 'authorities'}`);
  if (!route.strictSsl) parts.push('certificates NOT checked');
  return `${route.origin}: ${parts.join('; ')}`;
}

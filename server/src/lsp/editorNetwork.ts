// The editor's network, from VS Code's own settings as the user set them for every extension: http.proxy (else the
// proxy variables VS Code was started with), http.noProxy, http.proxyStrictSSL, http.proxyAuthorization, and the
// system's certificate authorities (http.systemCertificates) where Node.js can read them. Read again on every
// change of the settings, so a change applies to the next request without a restart.
import { networkFromEnvironment, nodeTls, type NetworkSettings } from '../core';

/** VS Code's `http.*` settings that decide how requests travel. */
export interface EditorHttpSettings {
  proxy?: string;
  noProxy: string[];
  proxyStrictSsl: boolean;
  proxyAuthorization?: string;
  systemCertificates: boolean;
}

export const DEFAULT_HTTP_SETTINGS: EditorHttpSettings = { noProxy: [], proxyStrictSsl: true, systemCertificates: true };

/** Reads the `http` section a client sent; anything missing or malformed keeps VS Code's default. */
export function parseHttpSettings(raw: unknown): EditorHttpSettings {
  const section = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const proxy = typeof section.proxy === 'string' && /^https?:\/\//i.test(section.proxy.trim()) && URL.canParse(section.proxy.trim()) ? section.proxy.trim() : undefined;
  const authorization = typeof section.proxyAuthorization === 'string' && section.proxyAuthorization !== '' && !/[\r\n]/.test(section.proxyAuthorization) ? section.proxyAuthorization : undefined;
  return {
    ...(proxy ? { proxy } : {}),
    noProxy: Array.isArray(section.noProxy) ? section.noProxy.filter((h): h is string => typeof h === 'string' && h.trim() !== '') : [],
    proxyStrictSsl: section.proxyStrictSSL !== false,
    ...(authorization ? { proxyAuthorization: authorization } : {}),
    systemCertificates: section.systemCertificates !== false,
  };
}

let system: readonly string[] | undefined;

/** The system's certificate authorities, where this Node.js can read them (22.15 and later); none elsewhere. */
function systemCertificates(): readonly string[] {
  const read = (nodeTls() as { getCACertificates?: (kind: 'system') => string[] }).getCACertificates;
  system ??= read ? (() => {
    try {
      return read('system');
    } catch {
      return [];
    }
  })() : [];
  return system;
}

/** How the editor's requests travel under these settings, in a process started with `env`. */
export function editorNetwork(http: EditorHttpSettings, env: Readonly<Record<string, string | undefined>>): NetworkSettings {
  const fromEnvironment = networkFromEnvironment(env).proxy;
  const noProxy = http.noProxy.length ? http.noProxy.join(',') : fromEnvironment?.noProxy;
  const proxy = http.proxy ? { http: http.proxy, https: http.proxy, ...(noProxy ? { noProxy } : {}) } : fromEnvironment ? { ...fromEnvironment, ...(noProxy ? { noProxy } : {}) } : undefined;
  const system = http.systemCertificates ? systemCertificates() : [];
  return {
    ...(proxy ? { proxy: { ...proxy, ...(http.proxyAuthorization ? { authorization: http.proxyAuthorization } : {}) } } : {}),
    ...(system.length ? { ambientAuthorities: system } : {}),
    strictSsl: http.proxyStrictSsl,
  };
}

import { withoutTrailingSlashes } from '../http/url';
import { asArray, asObject, asString } from './document';
import type { JsonObject, OpenApiVersion } from './types';

/** Stands in for a server the document does not name absolutely; a note asks the user for the real one. */
export const PLACEHOLDER_ORIGIN = 'https://api.example.invalid';

/** A server URL with its `{variables}` replaced by their defaults. */
function expandServer(server: JsonObject): string | undefined {
  const url = asString(server.url);
  if (url === undefined) return undefined;
  const variables = asObject(server.variables) ?? {};
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => asString(asObject(variables[name])?.default) ?? whole);
}

/** The base URL a document gives, and why it is not the document's own when it could not be taken as is. */
export function baseUrlOf(document: JsonObject, version: OpenApiVersion): { baseUrl: string; problem?: string } {
  if (version === '2.0') {
    const host = asString(document.host);
    const basePath = asString(document.basePath) ?? '';
    const schemes = asArray(document.schemes).filter((s): s is string => typeof s === 'string');
    // https when the API offers it: credentials then travel encrypted.
    const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
    if (!host) return { baseUrl: `${PLACEHOLDER_ORIGIN}${basePath}`, problem: 'The document names no host (it means the host that serves the document)' };
    return { baseUrl: `${scheme}://${host}${basePath}` };
  }
  const servers = asArray(document.servers).map((s) => asObject(s)).filter((s): s is JsonObject => s !== undefined);
  const first = servers[0] ? expandServer(servers[0]) : undefined;
  if (first === undefined) return { baseUrl: PLACEHOLDER_ORIGIN, problem: 'The document names no server' };
  if (/^https?:\/\//i.test(first)) return { baseUrl: withoutTrailingSlashes(first) || first };
  if (/\{[^{}]+\}/.test(first)) return { baseUrl: PLACEHOLDER_ORIGIN, problem: `The server '${first}' has variables without defaults` };
  return { baseUrl: withoutTrailingSlashes(`${PLACEHOLDER_ORIGIN}${first.startsWith('/') ? '' : '/'}${first}`), problem: `The server '${first}' is relative to where the document is served` };
}

/** The server an operation names for itself (its own or its path's `servers`), when different from the base URL. */
export function operationServer(operation: JsonObject, pathItem: JsonObject, baseUrl: string): string | undefined {
  const servers = asArray(operation.servers).length ? asArray(operation.servers) : asArray(pathItem.servers);
  const first = asObject(servers[0]);
  if (!first) return undefined;
  const expanded = expandServer(first);
  const url = expanded === undefined ? undefined : withoutTrailingSlashes(expanded);
  return url !== undefined && url !== baseUrl ? url : undefined;
}

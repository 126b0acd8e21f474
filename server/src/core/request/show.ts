import { credentialDestinations, type CredentialDestination } from './credentials';
import { multipartSegments } from '../http/body';
import { redactRequest } from '../http/redact';
import { describeRoute, isPlainNetwork, routeOf, type NetworkSettings, type Route } from '../http/network';
import type { BuiltRequest, FileRef, RequestBody } from '../http/types';
import { originOf } from '../http/url';

/** How a file is shown in place of its content: its name and size, never what it holds. */
export function fileShown(file: FileRef): string {
  return `<file ${file.given}, ${file.size} bytes>`;
}

/** The body as it goes on the wire, files shown by name and size (multipart text around them is exact). */
export function bodyShown(body: RequestBody): string {
  if (body.kind === 'text') return body.fromFile !== undefined ? `<body file ${body.fromFile} with its values filled in, ${Buffer.byteLength(body.text)} bytes>` : body.text;
  if (body.kind === 'file') return fileShown(body.file);
  return multipartSegments(body.boundary, body.parts).map((s) => (s.kind === 'text' ? s.text : fileShown(s.file))).join('');
}

/** The request as text for a preview or `--dry-run`: request line, headers, a blank line and the body; secrets redacted. */
export function describeRequest(request: BuiltRequest): string {
  const shown = redactRequest(request);
  const lines = [`${shown.method} ${shown.url}`, ...shown.headers.map(([n, v]) => `${n}: ${v}`)];
  return shown.body ? `${lines.join('\n')}\n\n${bodyShown(shown.body)}` : lines.join('\n');
}

/** How each hop of a request goes (its token request first), when the network sets a proxy, certificates or authorities. */
export function requestRoutes(request: BuiltRequest, network: NetworkSettings | undefined): Route[] | undefined {
  if (network === undefined || isPlainNetwork(network)) return undefined;
  return [...(request.tokenRequest ? [routeOf(network, request.tokenRequest.url)] : []), routeOf(network, request.url)];
}

/**
 * Everything a request sends, as text for a preview or `--dry-run`. With an OAuth2 token request, each origin
 * that receives a credential is named first, then the token request and the request, each under a `#` line. With
 * a network that sets a proxy, certificates or authorities, how each hop goes comes first.
 */
export function describePreview(request: BuiltRequest, network?: NetworkSettings): string {
  const routes = requestRoutes(request, network);
  const route = routes ? `${['# Network:', ...routes.map((r) => `#   ${describeRoute(r)}`)].join('\n')}\n\n` : '';
  const token = request.tokenRequest;
  if (!token) return `${route}${describeRequest(request)}`;
  const credentials = credentialDestinations(request);
  const width = credentials.reduce((n, c) => Math.max(n, c.origin.length), 0);
  return route + [
    ['# Credentials go to:', ...credentials.map((c) => `#   ${c.origin.padEnd(width)}  ${c.what}`)].join('\n'),
    `# 1. Sign-in at ${originOf(token.url)}, sent first (unless a token from it is still fresh in memory):\n${describeRequest(token)}`,
    `# 2. The request to ${originOf(request.url)}, with the token:\n${describeRequest(request)}`,
  ].join('\n\n');
}

/** A JSON view of one built request: secrets redacted, files by name and size. */
type OneRequestJson = {
  method: string;
  url: string;
  headers: [string, string][];
  body?:
    | { kind: 'text'; text: string }
    | { kind: 'bodyFile'; file: string; bytes: number }
    | { kind: 'file'; file: string; bytes: number }
    | { kind: 'multipart'; boundary: string; parts: ({ name: string; value: string } | { name: string; filename: string; file: string; bytes: number; contentType: string })[] };
  warnings: string[];
};

/**
 * A JSON view of a built request (`--dry-run --format json`): every origin that receives a credential, the OAuth2
 * token request sent first, and how each hop goes when the network sets a proxy, certificates or authorities.
 */
export type RequestJson = OneRequestJson & { credentials: CredentialDestination[]; tokenRequest?: OneRequestJson; routes?: Route[] };

/** The built request as JSON: method, url, headers, body or parts, where credentials go, a token request and the routes; secrets redacted. */
export function requestJson(request: BuiltRequest, network?: NetworkSettings): RequestJson {
  const routes = requestRoutes(request, network);
  return {
    ...oneRequestJson(request),
    credentials: credentialDestinations(request),
    ...(request.tokenRequest ? { tokenRequest: oneRequestJson(request.tokenRequest) } : {}),
    ...(routes ? { routes } : {}),
  };
}

function oneRequestJson(request: BuiltRequest): OneRequestJson {
  const shown = redactRequest(request);
  const body = shown.body;
  let json: OneRequestJson['body'];
  if (body?.kind === 'text') json = body.fromFile !== undefined ? { kind: 'bodyFile', file: body.fromFile, bytes: Buffer.byteLength(body.text) } : { kind: 'text', text: body.text };
  else if (body?.kind === 'file') json = { kind: 'file', file: body.file.given, bytes: body.file.size };
  else if (body?.kind === 'multipart') {
    json = {
      kind: 'multipart',
      boundary: body.boundary,
      parts: body.parts.map((p) => (p.kind === 'field' ? { name: p.name, value: p.value } : { name: p.name, filename: p.filename, file: p.file.given, bytes: p.file.size, contentType: p.contentType })),
    };
  }
  return { method: shown.method, url: shown.url, headers: shown.headers, ...(json ? { body: json } : {}), warnings: shown.warnings };
}

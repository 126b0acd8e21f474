import { credentialDestinations, type CredentialDestination } from './credentials';
import { multipartSegments } from '../http/body';
import { redactRequest } from '../http/redact';
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

/**
 * Everything a request sends, as text for a preview or `--dry-run`. With an OAuth2 token request, each origin
 * that receives a credential is named first, then the token request and the request, each under a `#` line.
 */
export function describePreview(request: BuiltRequest): string {
  const token = request.tokenRequest;
  if (!token) return describeRequest(request);
  const credentials = credentialDestinations(request);
  const width = credentials.reduce((n, c) => Math.max(n, c.origin.length), 0);
  return [
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

/** A JSON view of a built request (`--dry-run --format json`): every origin that receives a credential, and the OAuth2 token request sent first. */
export type RequestJson = OneRequestJson & { credentials: CredentialDestination[]; tokenRequest?: OneRequestJson };

/** The built request as JSON: method, url, headers, body or parts, where credentials go, and a token request; secrets redacted. */
export function requestJson(request: BuiltRequest): RequestJson {
  return {
    ...oneRequestJson(request),
    credentials: credentialDestinations(request),
    ...(request.tokenRequest ? { tokenRequest: oneRequestJson(request.tokenRequest) } : {}),
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

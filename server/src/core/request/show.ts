import { multipartSegments } from './multipart';
import { redactRequest } from './redact';
import type { BuiltRequest, FileRef, RequestBody } from './types';

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

/** A JSON view of a built request (`--dry-run --format json`): secrets redacted, files by name and size. */
export type RequestJson = {
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

/** The built request as JSON: method, url, headers, body or parts; secrets redacted. */
export function requestJson(request: BuiltRequest): RequestJson {
  const shown = redactRequest(request);
  const body = shown.body;
  let json: RequestJson['body'];
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

// A request body's bytes as they go on the wire, without reading a file: the multipart framing around the files
// and every body's length, for Content-Length and for previews.
import { randomBytes } from 'node:crypto';
import type { FileRef, MultipartPart, RequestBody } from './types';

/** A boundary no part is likely to contain. */
export function newBoundary(): string {
  return `----connector-${randomBytes(12).toString('hex')}`;
}

/** A name or filename in Content-Disposition: quotes and line breaks escaped as browsers do. */
function quotedParameter(text: string): string {
  return `"${text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** The body in order: text as it is sent, and the files read in between. */
export type Segment = { kind: 'text'; text: string } | { kind: 'file'; file: FileRef };

/** A multipart/form-data body as segments (RFC 7578): the text between files is exactly what is sent. */
export function multipartSegments(boundary: string, parts: readonly MultipartPart[]): Segment[] {
  const out: Segment[] = [];
  let text = '';
  for (const part of parts) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name=${quotedParameter(part.name)}`;
    if (part.kind === 'field') {
      text += `\r\n\r\n${part.value}\r\n`;
      continue;
    }
    text += `; filename=${quotedParameter(part.filename)}\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    out.push({ kind: 'text', text }, { kind: 'file', file: part.file });
    text = '\r\n';
  }
  out.push({ kind: 'text', text: `${text}--${boundary}--\r\n` });
  return out;
}

/** The byte length of a body made of segments. */
export function segmentsLength(segments: readonly Segment[]): number {
  return segments.reduce((n, s) => n + (s.kind === 'text' ? Buffer.byteLength(s.text) : s.file.size), 0);
}

/** The byte length of a body, as Content-Length carries it. */
export function bodyLength(body: RequestBody): number {
  if (body.kind === 'text') return Buffer.byteLength(body.text);
  if (body.kind === 'file') return body.file.size;
  return segmentsLength(multipartSegments(body.boundary, body.parts));
}

import { randomBytes } from 'node:crypto';
import type { FileRef, MultipartPart } from './types';

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

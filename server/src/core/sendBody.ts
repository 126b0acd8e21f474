import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { multipartSegments } from './request/multipart';
import type { BuiltRequest } from './request/types';

/** A built request's body as undici sends it: text as is, files streamed from disk, multipart in order. */
export function wireBody(built: BuiltRequest): string | Readable | undefined {
  const body = built.body;
  if (!body) return undefined;
  if (body.kind === 'text') return body.text;
  if (body.kind === 'file') return createReadStream(body.file.path);
  const segments = multipartSegments(body.boundary, body.parts);
  return Readable.from((async function* () {
    for (const segment of segments) {
      if (segment.kind === 'text') yield Buffer.from(segment.text);
      else for await (const chunk of createReadStream(segment.file.path)) yield chunk as Buffer;
    }
  })());
}

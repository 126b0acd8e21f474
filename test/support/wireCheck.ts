// Holds what a preview shows against what a recording server received: request line, headers, body bytes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { multipartSegments } from '../../server/src/core/http/body';
import { describeRequest } from '../../server/src/core/request/show';
import type { BuiltRequest } from '../../server/src/core/http/types';
import { originAndTarget } from '../../server/src/core/http/url';
import type { Echo } from './echoServer';

/** Headers the HTTP layer adds on its own (connection management, the host), not part of what a preview shows. */
const TRANSPORT = new Set(['host', 'connection', 'keep-alive']);

/** The body bytes a built request sends: text as is, files read from where the file step found them. */
export function expectedBody(request: BuiltRequest): Buffer {
  const body = request.body;
  if (!body) return Buffer.alloc(0);
  if (body.kind === 'text') return Buffer.from(body.text);
  if (body.kind === 'file') return readFileSync(body.file.path);
  return Buffer.concat(multipartSegments(body.boundary, body.parts).map((s) => (s.kind === 'text' ? Buffer.from(s.text) : readFileSync(s.file.path))));
}

/**
 * Asserts that the server received exactly the built request: the preview's request line and headers (secrets
 * aside, which a preview redacts) and the body, byte for byte.
 */
export function assertWireIsPreview(request: BuiltRequest, echo: Echo): void {
  const preview = describeRequest({ ...request, secrets: [] });
  const [head = '', ...bodyParts] = preview.split('\n\n');
  const [line = '', ...headerLines] = head.split('\n');
  const [method = '', url = ''] = line.split(' ');
  assert.equal(echo.method, method);
  assert.equal(echo.target, originAndTarget(url).target);
  const received = echo.rawHeaders.filter(([n]) => !TRANSPORT.has(n.toLowerCase())).map(([n, v]) => `${n.toLowerCase()}: ${v}`);
  assert.deepEqual(received, headerLines.map((h) => h.replace(/^([^:]+):/, (_m, n: string) => `${n.toLowerCase()}:`)));
  const bytes = Buffer.from(echo.bodyBase64, 'base64');
  assert.equal(bytes.toString('hex'), expectedBody(request).toString('hex'));
  // Without files the preview's body is the body itself.
  const body = request.body;
  const plain = (body?.kind === 'text' && body.fromFile === undefined) || (body?.kind === 'multipart' && body.parts.every((p) => p.kind === 'field'));
  if (plain) assert.equal(bodyParts.join('\n\n'), bytes.toString('utf8'));
}

// Copy as cURL, imported back: for every parameter location, body kind and sign-in the curl writer produces, the
// operation `connector import curl` makes from the copied command builds byte for byte the request the original
// builds (what --dry-run shows), and neither the connector nor its values file holds a secret.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { curlCommand } from '../../server/src/core/request/curl';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { describePreview } from '../../server/src/core/request/show';
import type { BuiltRequest } from '../../server/src/core/http/types';
import type { SuppliedValues } from '../../server/src/core/request/types';
import { importRequestsFile } from '../../server/src/requestImport/importFile';
import { filesIn } from '../support/files';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'connector-roundtrip-')));
writeFileSync(join(dir, 'photo.bin'), 'PHOTO\r\nBYTES');
const SECRETS: Record<string, string> = { api: 'k3y-Value_1-long', pw: 'p@ss:w"rd $HOME `x`' };
const BASE = 'https://api.example.com/v1';

async function build(text: string, options: { values?: SuppliedValues; valuesFileText?: string; operationId: string }): Promise<BuiltRequest> {
  const { connector, findings } = lintText(text);
  assert.ok(connector);
  const errors = findings.filter((f) => f.severity === 'error');
  assert.deepEqual(errors.map((f) => `${f.code}: ${f.message}`), []);
  const prepared = await prepareRequest({
    connector, findings, operationId: options.operationId, secrets: (n) => SECRETS[n], baseDir: dir, files: filesIn(dir),
    ...(options.values ? { values: options.values } : {}), ...(options.valuesFileText !== undefined ? { valuesFileText: options.valuesFileText } : {}),
  });
  assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((p) => p.message).join('; '));
  return prepared.request;
}

/** The preview with the multipart boundary (random per request) written as BOUNDARY. */
function shown(request: BuiltRequest): string {
  const boundary = request.body?.kind === 'multipart' ? request.body.boundary : undefined;
  const text = describePreview(request);
  return boundary ? text.split(boundary).join('BOUNDARY') : text;
}

/** Builds the operation, copies it as cURL, imports the command, builds the imported operation; both previews must be equal. */
async function roundTrip(authorization: string, operation: string, values: SuppliedValues, models = '{}'): Promise<{ command: string; text: string; valuesText: string | undefined }> {
  const original = await build(`{ "kind": "rest", "name": "t", "baseUrl": "${BASE}", "authorization": ${authorization}, "models": ${models}, "operations": [${operation}] }`, { values, operationId: 'op' });
  const command = curlCommand(original);
  const imported = importRequestsFile({ kind: 'curl', text: command, label: 'the copied command', sourceFolder: dir, connectorPath: join(dir, 'imported.connector.json'), id: 'op' });
  assert.ok(imported.ok, imported.ok ? '' : imported.message);
  assert.deepEqual(imported.findings.map((f) => `${f.code}: ${f.message}`), []);
  for (const secret of Object.values(SECRETS)) {
    assert.ok(!imported.text.includes(secret) && !(imported.valuesText ?? '').includes(secret), 'no secret in the files');
  }
  const again = await build(imported.text, { operationId: 'op', ...(imported.valuesText !== undefined ? { valuesFileText: imported.valuesText } : {}) });
  assert.equal(shown(again), shown(original), `the imported operation builds the same request\n${command}\n${imported.text}\n${imported.valuesText ?? ''}`);
  return { command, text: imported.text, valuesText: imported.valuesText };
}

const op = (method: string, path: string, parameters: string, headers = '{}'): string => `{ "id": "op", "method": "${method}", "path": "${path}", "headers": ${headers}, "parameters": [${parameters}] }`;
const p = (name: string, location: string, type: string, extra = ''): string => `{ "name": "${name}", "location": "${location}", "type": "${type}"${extra} }`;

describe('Copy as cURL imported back builds the same request', () => {
  test('path, query (csv, pipes, multi, a bare flag), matrix and header parameters; an API key in the query', async () => {
    const { text } = await roundTrip('{ "scheme": "apiKey", "in": "query", "name": "key", "secret": "api" }',
      op('GET', '/pets/{id}', [p('id', 'path', 'string'), p('q', 'query', 'string'), p('tags', 'query', 'array', ', "items": { "type": "string" }'),
        p('ids', 'query', 'array', ', "items": { "type": "integer" }, "separation": "pipes"'), p('n', 'query', 'array', ', "items": { "type": "integer" }, "separation": "multi"'),
        p('flag', 'query', 'boolean', ', "emptyValue": true'), p('since', 'query', 'string', ', "format": "date-time"'), p('lang', 'matrix', 'string'), p('X-Trace', 'header', 'integer')].join(','),
      '{ "Accept": "application/json", "X-Empty": "", "X-Name": "café" }'),
      { id: 'item[1-3] x', q: '{a,b}[0-9] & ?', tags: ['a', 'b c'], ids: [1, 2], n: [3, 4], flag: true, since: '2026-11-22T10:30:00Z', lang: 'en', 'X-Trace': 7 });
    assert.match(text, /"scheme": "apiKey", "in": "query", "name": "key", "secret": "api"/);
  });

  test('a JSON object body with an int64 beyond 2^53, nested objects and a date-time; a bearer token', async () => {
    const { valuesText, text } = await roundTrip('{ "scheme": "bearer", "secret": "api" }',
      op('POST', '/orders', p('body', 'body', 'object', ', "model": "Order"'), '{ "Content-Type": "application/json" }'),
      { body: { id: '9007199254740993', lines: [{ sku: 'A-1', qty: 2, price: 1.5 }], at: '2026-01-01T00:00:00.000Z', note: null } },
      '{ "Order": { "type": "object", "properties": { "id": { "type": "integer", "format": "int64" } }, "additionalProperties": true } }');
    assert.match(valuesText ?? '', /9007199254740993/);
    assert.match(text, /"id": \{ "type": "integer", "format": "int64" \}/);
  });

  test('a JSON array of objects; an API key header', async () => {
    await roundTrip('{ "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "api" }',
      op('PUT', '/pets', p('body', 'body', 'array', ', "items": { "type": "object" }'), '{ "Content-Type": "application/json" }'), { body: [{ name: 'Rex' }, { name: 'Tom', age: 3 }] });
  });

  test('a text body with CR/LF, quotes and $; basic credentials', async () => {
    await roundTrip('{ "scheme": "basic", "username": "me", "secret": "pw" }',
      op('PUT', '/notes/1', p('body', 'body', 'string'), '{ "Content-Type": "text/plain; charset=utf-8" }'), { body: "line 1\r\nline 2 '$HOME' \"q\" `id` \\n @/etc/hostname" });
  });

  test('scalars as JSON bodies, and a body without a Content-Type', async () => {
    await roundTrip('{ "scheme": "none" }', op('POST', '/n', p('body', 'body', 'number'), '{ "Content-Type": "application/json" }'), { body: 2.5 });
    await roundTrip('{ "scheme": "none" }', op('POST', '/b', p('body', 'body', 'boolean'), '{ "Content-Type": "application/json" }'), { body: false });
    await roundTrip('{ "scheme": "none" }', op('POST', '/s', p('body', 'body', 'string')), { body: 'plain "text"' });
  });

  test('an XML body written from a model', async () => {
    const { text } = await roundTrip('{ "scheme": "none" }', op('POST', '/pets', p('body', 'body', 'object', ', "model": "Pet"'), '{ "Content-Type": "application/xml" }'),
      { body: { name: 'Rex & Co', age: 3 } }, '{ "Pet": { "type": "object", "properties": { "name": { "type": "string" }, "age": { "type": "integer" } } } }');
    assert.match(text, /"model": "Pet"/);
  });

  test('an urlencoded form with an array; OAuth2 client credentials (client id and secret as basic)', async () => {
    await roundTrip('{ "scheme": "oauth2", "flow": "clientCredentials", "tokenUrl": "https://login.example.com/token", "clientId": "my client", "scope": "read write", "secret": "api" }',
      op('POST', '/forms', [p('a', 'form', 'string'), p('n', 'form', 'array', ', "items": { "type": "integer" }, "separation": "multi"')].join(','), '{ "Content-Type": "application/x-www-form-urlencoded" }'),
      { a: 'x y&z=@/etc/passwd', n: [1, 2] });
  });

  test('a form on GET', async () => {
    await roundTrip('{ "scheme": "none" }', op('GET', '/search', p('q', 'form', 'string'), '{ "Content-Type": "application/x-www-form-urlencoded" }'), { q: 'a b' });
  });

  test('a multipart form: a text field starting with @, a file and a named file; OAuth2 with the client secret in the body', async () => {
    await roundTrip('{ "scheme": "oauth2", "flow": "clientCredentials", "tokenUrl": "https://login.example.com/token", "clientId": "c1", "clientAuthentication": "body", "secret": "api" }',
      op('POST', '/upload', [p('note', 'form', 'string'), p('photo', 'form', 'file'), p('doc', 'form', 'fileGallery')].join(','), '{ "Content-Type": "multipart/form-data" }'),
      { note: '@/etc/hostname', photo: 'photo.bin', doc: { Filename: 'report "1".pdf', Data: 'photo.bin' } });
  });

  test('a stream body from a file; a PATCH without a body; a DELETE', async () => {
    await roundTrip('{ "scheme": "basic", "username": "me", "secret": "pw" }', op('PUT', '/blob', p('data', 'body', 'stream'), '{ "Content-Type": "application/octet-stream" }'), { data: 'photo.bin' });
    await roundTrip('{ "scheme": "none" }', op('PATCH', '/touch', ''), {});
    await roundTrip('{ "scheme": "bearer", "secret": "api" }', op('DELETE', '/pets/{id}', p('id', 'path', 'integer')), { id: 7 });
  });
});

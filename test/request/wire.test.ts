import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import type { SuppliedValues } from '../../server/src/core/request/types';
import type { JsonValue } from '../../server/src/core/tree';
import { startEchoServer, type Echo } from '../support/echoServer';
import { assertCurlSendsTheSame } from '../support/curlRun';
import { assertWireIsPreview } from '../support/wireCheck';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

let echo: Awaited<ReturnType<typeof startEchoServer>>;
const dir = mkdtempSync(join(tmpdir(), 'connector-wire-'));
writeFileSync(join(dir, 'photo.bin'), 'PHOTO-BYTES');
writeFileSync(join(dir, 'report.pdf'), 'PDF-BYTES');

before(async () => {
  echo = await startEchoServer();
});
after(() => echo.close());

/**
 * Sends one operation of a REST connector to the echo server and returns what arrived (as the result shows it,
 * redacted); every case also holds the preview equal to what the server received, and runs the copied curl
 * command to hold it equal too.
 */
async function wire(operation: string, values: SuppliedValues, extra = '', secrets: Record<string, string> = {}): Promise<Echo> {
  const text = `{ "kind": "rest", "name": "t", "baseUrl": "${echo.url}/api"${extra}, "operations": [${operation}] }`;
  const { connector, findings } = lintText(text);
  assert.deepEqual(findings.filter((f) => f.severity === 'error').map((f) => f.message), []);
  assert.ok(connector);
  const prepared = await prepareRequest({ connector, findings, operationId: 'op', values, secrets: (n) => secrets[n], baseDir: dir, files: filesIn(dir) });
  assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((p) => p.message).join('; '));
  const sent = await sendPrepared(prepared.request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
  assert.deepEqual(sent.result.errors, []);
  const received = echo.received.at(-1);
  assert.ok(received);
  assertWireIsPreview(prepared.request, received);
  // The copied curl command sends the same.
  await assertCurlSendsTheSame(prepared.request, secrets, received, echo.received);
  return sent.result.data as unknown as Echo;
}

const op = (method: string, path: string, parameters: string[], headers = ''): string =>
  `{ "id": "op", "method": "${method}", "path": "${path}"${headers ? `, "headers": ${headers}` : ''}, "parameters": [${parameters.join(', ')}] }`;
const arrayParam = (location: string, separation: string, name = 'v'): string =>
  `{ "name": "${name}", "location": "${location}", "type": "array", "items": { "type": "string" }, "separation": "${separation}" }`;

describe('every location × separation on the wire', () => {
  const items = ['a', 'b c', 'd,e'];
  const cases: [string, string, string][] = [
    ['query', 'csv', '/api/x?v=a,b%20c,d%2Ce'],
    ['query', 'ssv', '/api/x?v=a%20b%20c%20d%2Ce'],
    ['query', 'tsv', '/api/x?v=a%09b%20c%09d%2Ce'],
    ['query', 'pipes', '/api/x?v=a|b%20c|d%2Ce'],
    ['query', 'multi', '/api/x?v=a&v=b%20c&v=d%2Ce'],
    ['matrix', 'csv', '/api/x;v=a,b%20c,d%2Ce'],
    ['matrix', 'multi', '/api/x;v=a;v=b%20c;v=d%2Ce'],
    ['path', 'csv', '/api/x/a,b%20c,d%2Ce'],
    ['path', 'pipes', '/api/x/a|b%20c|d%2Ce'],
  ];
  for (const [location, separation, expected] of cases) {
    test(`${location} ${separation}`, async () => {
      const path = location === 'path' ? '/x/{v}' : '/x';
      const got = await wire(op('GET', path, [arrayParam(location, separation)]), { v: items });
      assert.equal(got.target, expected);
    });
  }

  test('header arrays are joined by their separation', async () => {
    const got = await wire(op('GET', '/x', [arrayParam('header', 'pipes', 'X-Tags')]), { 'X-Tags': ['a', 'b'] });
    assert.equal(got.headers['x-tags'], 'a|b');
  });

  test('nested arrays: inner arrays by their own separation, then the outer one', async () => {
    const nested = '{ "name": "m", "location": "query", "type": "array", "separation": "pipes", "items": { "type": "array", "separation": "csv", "items": { "type": "integer" } } }';
    const got = await wire(op('GET', '/x', [nested]), { m: [[1, 2], [3]] });
    assert.equal(got.target, '/api/x?m=1,2|3');
  });
});

describe('values on the wire', () => {
  test('emptyValue sends bare names for true and leaves out false', async () => {
    const params = ['{ "name": "a", "location": "query", "type": "string" }', '{ "name": "x", "location": "query", "type": "boolean", "emptyValue": true }', '{ "name": "y", "location": "query", "type": "boolean", "emptyValue": true }', '{ "name": "z", "location": "query", "type": "boolean", "emptyValue": true }'];
    const got = await wire(op('GET', '/x', params), { a: 'v', x: true, y: true, z: false });
    assert.equal(got.target, '/api/x?a=v&x&y');
  });

  test('formats: date-time in UTC, int64 exact, float as its shortest 32-bit text; defaults and options by id', async () => {
    const params = [
      '{ "name": "when", "location": "query", "type": "string", "format": "date-time" }',
      '{ "name": "big", "location": "query", "type": "integer", "format": "int64" }',
      '{ "name": "f", "location": "query", "type": "number", "format": "float" }',
      '{ "name": "lang", "location": "query", "type": "string", "default": "en" }',
      '{ "name": "colors", "location": "query", "type": "array", "items": { "type": "string" }, "options": ["red", "green", "blue"] }',
    ];
    const got = await wire(op('GET', '/x', params), { when: '2026-11-22T12:30:00+02:00', big: '9223372036854775807', f: 0.1, colors: ['c1', 'c3'] });
    assert.equal(got.target, '/api/x?when=2026-11-22T10%3A30%3A00.000Z&big=9223372036854775807&f=0.1&lang=en&colors=red,blue');
  });

  test('computed parameters are filled from their templates', async () => {
    const params = ['{ "name": "first", "location": "query", "type": "string" }', '{ "name": "X-Full", "location": "header", "type": "computed", "template": "{{first}}-{{first}}" }'];
    const got = await wire(op('GET', '/x', params), { first: 'ab' });
    assert.equal(got.headers['x-full'], 'ab-ab');
  });

  test('an urlencoded form body', async () => {
    const got = await wire(op('POST', '/x', ['{ "name": "a", "location": "form", "type": "string" }', arrayParam('form', 'multi', 'm')], '{ "Content-Type": "application/x-www-form-urlencoded" }'), { a: 'x y&z', m: ['1', '2'] });
    assert.equal(got.body, 'a=x%20y%26z&m=1&m=2');
    assert.equal(got.headers['content-type'], 'application/x-www-form-urlencoded');
  });

  test('a multipart form: fields, a file named unknown, a fileGallery part with its Filename', async () => {
    const params = ['{ "name": "caption", "location": "form", "type": "string" }', '{ "name": "photo", "location": "form", "type": "file" }', '{ "name": "doc", "location": "form", "type": "fileGallery" }'];
    const got = await wire(op('POST', '/x', params, '{ "Content-Type": "multipart/form-data" }'), { caption: 'Rex', photo: 'photo.bin', doc: { Filename: 'Report.pdf', Data: 'report.pdf' } });
    const byName = Object.fromEntries((got.parts ?? []).map((p) => [p.name, p]));
    assert.equal(byName.caption?.value, 'Rex');
    assert.equal(byName.photo?.filename, 'unknown');
    assert.equal(byName.photo?.content, 'PHOTO-BYTES');
    assert.equal(byName.doc?.filename, 'Report.pdf');
    assert.equal(byName.doc?.content, 'PDF-BYTES');
  });

  test('an object body as JSON, and as XML with the model name as root', async () => {
    const models = ', "models": { "Pet": { "type": "object" } }';
    const body = '{ "name": "pet", "location": "body", "type": "object", "model": "Pet" }';
    const json = await wire(op('POST', '/x', [body], '{ "Content-Type": "application/json" }'), { pet: { name: 'Rex', age: 3 } }, models);
    assert.deepEqual(JSON.parse(json.body) as JsonValue, { name: 'Rex', age: 3 });
    const xml = await wire(op('POST', '/x', [body], '{ "Content-Type": "application/xml" }'), { pet: { name: 'Rex', age: 3 } }, models);
    assert.equal(xml.body, '<?xml version="1.0" encoding="UTF-8"?><Pet><name>Rex</name><age>3</age></Pet>');
  });

  test('a stream body is the file, sent as is', async () => {
    const got = await wire(op('PUT', '/x', ['{ "name": "data", "location": "body", "type": "stream" }'], '{ "Content-Type": "application/octet-stream" }'), { data: 'photo.bin' });
    assert.equal(got.body, 'PHOTO-BYTES');
  });

  test('authorization: API key in a query, basic and bearer headers reach the server; results show them redacted', async () => {
    const key = await wire(op('GET', '/x', []), {}, ', "authorization": { "scheme": "apiKey", "in": "query", "name": "key", "secret": "k" }', { k: 's3cret' });
    assert.equal(echo.received.at(-1)?.target, '/api/x?key=s3cret');
    assert.equal(key.target, '/api/x?key=•••');
    await wire(op('GET', '/x', []), {}, ', "authorization": { "scheme": "basic", "username": "u", "secret": "k" }', { k: 'pw' });
    assert.equal(echo.received.at(-1)?.headers.authorization, `Basic ${Buffer.from('u:pw').toString('base64')}`);
    const bearer = await wire(op('GET', '/x', []), {}, ', "authorization": { "scheme": "bearer", "secret": "k" }', { k: 'tok' });
    assert.equal(echo.received.at(-1)?.headers.authorization, 'Bearer tok');
    assert.equal(bearer.headers.authorization, 'Bearer •••');
  });
});

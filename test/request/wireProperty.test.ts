// Property: for random operations and values, a request is either refused before anything is sent, or the
// recording server receives exactly what the preview shows (request line, headers, body bytes), and the same
// again from the copied curl command.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import type { JsonValue } from '../../server/src/core/tree';
import { startEchoServer } from '../support/echoServer';
import { filesIn } from '../support/files';
import { assertCurlSendsTheSame } from '../support/curlRun';
import { assertWireIsPreview } from '../support/wireCheck';
import { DIRECT_NETWORK } from '../support/network';

let echo: Awaited<ReturnType<typeof startEchoServer>>;
const dir = mkdtempSync(join(tmpdir(), 'connector-property-'));
writeFileSync(join(dir, 'a.bin'), 'A\r\nB\0C');
before(async () => {
  echo = await startEchoServer();
});
after(() => echo.close());

type Scalar = 'string' | 'integer' | 'number' | 'boolean';
interface Param { name: string; location: string; type: Scalar | 'array' | 'file'; format?: string; separation?: string; emptyValue?: boolean }

const text = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '.', '..', '/', '?', '#', '&', '=', ';', ',', '|', '%', '+', '[', ']', '{', '}', '"', "'", '\\', 'é', '☃', '😀', '\t', '\r\n', '@'), maxLength: 8 });
const valueOf = (type: Scalar, format: string | undefined): fc.Arbitrary<JsonValue> => {
  if (type === 'integer') return format === 'int64' ? fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String) : fc.integer();
  if (type === 'number') return format === 'float' ? fc.float({ noNaN: true, noDefaultInfinity: true }).map((f) => (Object.is(f, -0) ? 0 : f)) : fc.double({ noNaN: true, noDefaultInfinity: true });
  if (type === 'boolean') return fc.boolean();
  if (format === 'date-time') return fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
  return text;
};
const scalarSpec: fc.Arbitrary<{ type: Scalar; format?: string }> = fc.constantFrom(
  { type: 'string' }, { type: 'string', format: 'date-time' }, { type: 'integer' }, { type: 'integer', format: 'int64' },
  { type: 'number' }, { type: 'number', format: 'float' }, { type: 'boolean' },
);

const parameterWithValue = (index: number, location: string): fc.Arbitrary<{ param: Param; value: JsonValue }> =>
  fc.tuple(scalarSpec, fc.boolean(), fc.constantFrom('csv', 'ssv', 'tsv', 'pipes', 'multi'), fc.boolean()).chain(([spec, asArray, separation, emptyValue]): fc.Arbitrary<{ param: Param; value: JsonValue }> => {
    const name = `p${index}`;
    if (asArray && location !== 'body') {
      const sep = location === 'path' && separation === 'multi' ? 'csv' : separation;
      return fc.array(valueOf(spec.type, spec.format), { maxLength: 3 }).map((value) => ({ param: { name, location, type: 'array' as const, separation: sep, ...(spec.format ? { format: spec.format } : {}) }, value }));
    }
    return valueOf(spec.type, spec.format).map((value) => ({ param: { name, location, ...spec, ...(location === 'query' && emptyValue ? { emptyValue: true } : {}) }, value }));
  });

const operation = fc.tuple(
  fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
  fc.array(fc.constantFrom('path', 'query', 'matrix', 'header'), { maxLength: 5 }),
  fc.constantFrom('none', 'json', 'text', 'urlencoded', 'multipart', 'stream'),
).chain(([method, locations, bodyKind]) => {
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH' ? bodyKind : 'none';
  const extra = withBody === 'json' || withBody === 'text' ? ['body'] : withBody === 'urlencoded' || withBody === 'multipart' ? ['form', 'form'] : [];
  const all = [...locations, ...extra];
  return fc.tuple(fc.constant(method), fc.constant(withBody), fc.tuple(...all.map((l, i) => parameterWithValue(i, l))));
});

function toItemsSpec(param: Param): string {
  if (param.type !== 'array') return '';
  return `, "items": { "type": "string" }, "separation": "${param.separation ?? 'csv'}"`;
}

test('property: every random request is refused before sending, or arrives exactly as previewed', async () => {
  await fc.assert(fc.asyncProperty(operation, async ([method, bodyKind, pairs]) => {
    const params: Param[] = pairs.map((p) => p.param);
    const values: Record<string, JsonValue> = Object.fromEntries(pairs.map((p) => [p.param.name, p.value]));
    if (bodyKind === 'multipart') {
      params.push({ name: 'upload', location: 'form', type: 'file' });
      values.upload = 'a.bin';
    }
    if (bodyKind === 'stream') {
      params.push({ name: 'data', location: 'body', type: 'file' });
      values.data = 'a.bin';
    }
    // Array items are strings here; scalars in arrays are written as their text.
    for (const p of params) if (p.type === 'array') values[p.name] = (values[p.name] as JsonValue[]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    const path = `/r${params.filter((p) => p.location === 'path').map((p) => `/{${p.name}}`).join('')}`;
    const contentType = { none: undefined, json: 'application/json', text: 'text/plain', urlencoded: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data', stream: 'application/octet-stream' }[bodyKind];
    const parameters = params.map((p) => `{ "name": "${p.name}", "location": "${p.location}", "type": "${p.type === 'file' ? (p.location === 'body' ? 'stream' : 'file') : p.type}"${p.type !== 'array' && p.format ? `, "format": "${p.format}"` : ''}${p.emptyValue ? ', "emptyValue": true' : ''}${toItemsSpec(p)} }`);
    const connector = `{ "kind": "rest", "name": "p", "baseUrl": "${echo.url}/api", "operations": [{ "id": "op", "method": "${method}", "path": "${path}"${contentType ? `, "headers": { "Content-Type": "${contentType}" }` : ''}, "parameters": [${parameters.join(',')}] }] }`;
    const linted = lintText(connector);
    assert.ok(linted.connector);
    const before = echo.received.length;
    const prepared = await prepareRequest({ connector: linted.connector, operationId: 'op', values, secrets: () => undefined, baseDir: dir, files: filesIn(dir) });
    if (!prepared.ok) {
      // Refused: only header values may be unsendable here (line breaks, characters beyond Latin-1).
      assert.deepEqual([...new Set(prepared.problems.map((p) => p.code))], ['invalid-header'], prepared.problems.map((p) => p.message).join('; '));
      assert.equal(echo.received.length, before);
      return;
    }
    const sent = await sendPrepared(prepared.request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    assert.deepEqual(sent.result.errors, []);
    const received = echo.received.at(-1);
    assert.ok(received && echo.received.length === before + 1);
    assertWireIsPreview(prepared.request, received);
    // The copied curl command sends the same bytes.
    await assertCurlSendsTheSame(prepared.request, {}, received, echo.received);
  }), { numRuns: 100 });
});

// Every value reaches the server as the user meant it: each case is sent to a recording server, and what the
// preview showed is held equal to what arrived.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SeverityOverrides } from '../../server/src/core/findings';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest, type Prepared, type PrepareInput } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import { describeRequest } from '../../server/src/core/request/show';
import { JsonNumber, type ExactJson } from '../../server/src/core/values/exactJson';
import { startEchoServer, type Echo } from '../support/echoServer';
import { bodyFileReader } from '../../server/src/files/workspaceFiles';
import { filesIn } from '../support/files';
import { assertCurlSendsTheSame } from '../support/curlRun';
import { assertWireIsPreview } from '../support/wireCheck';
import { DIRECT_NETWORK } from '../support/network';

let echo: Awaited<ReturnType<typeof startEchoServer>>;
const dir = mkdtempSync(join(tmpdir(), 'connector-exact-'));
before(async () => {
  echo = await startEchoServer();
});
after(() => echo.close());

type Extra = Partial<Pick<PrepareInput, 'valuesFileText' | 'entered' | 'values'>> & { overrides?: SeverityOverrides; top?: string; base?: string; operationId?: string };

function connectorText(operations: string[], extra: Extra): string {
  return `{ "kind": "rest", "name": "t", "baseUrl": "${extra.base ?? `${echo.url}/api`}"${extra.top ?? ''}, "operations": [${operations.join(',')}] }`;
}

async function prepare(operations: string[], extra: Extra = {}): Promise<{ prepared: Prepared; codes: string[] }> {
  const { connector, findings } = lintText(connectorText(operations, extra), { overrides: extra.overrides ?? {} });
  assert.ok(connector);
  const prepared = await prepareRequest({
    connector, findings, operationId: extra.operationId ?? 'op', secrets: () => undefined, baseDir: dir, files: filesIn(dir),
    ...(extra.valuesFileText !== undefined ? { valuesFileText: extra.valuesFileText } : {}),
    ...(extra.entered ? { entered: extra.entered } : {}),
    ...(extra.values ? { values: extra.values } : {}),
  });
  return { prepared, codes: findings.filter((f) => f.severity === 'error').map((f) => f.code) };
}

/** Prepares, sends to the recording server, holds the preview and the copied curl command equal to the wire, and returns what arrived. */
async function wire(operations: string[], extra: Extra = {}): Promise<Echo> {
  const { prepared } = await prepare(operations, extra);
  assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((p) => p.message).join('; '));
  await sendPrepared(prepared.request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
  const received = echo.received.at(-1);
  assert.ok(received);
  assertWireIsPreview(prepared.request, received);
  await assertCurlSendsTheSame(prepared.request, {}, received, echo.received);
  return received;
}

async function refused(operations: string[], extra: Extra = {}): Promise<string> {
  const before = echo.received.length;
  const { prepared } = await prepare(operations, extra);
  assert.ok(!prepared.ok, 'expected the request to be refused');
  assert.equal(echo.received.length, before, 'nothing reaches the server');
  return prepared.problems.map((p) => p.message).join('\n');
}

const op = (method: string, path: string, parameters: string[], headers = ''): string =>
  `{ "id": "op", "method": "${method}", "path": "${path}"${headers ? `, "headers": ${headers}` : ''}, "parameters": [${parameters.join(', ')}] }`;
const p = (name: string, location: string, type: string, more = ''): string => `{ "name": "${name}", "location": "${location}", "type": "${type}"${more} }`;

describe('the URL is always well formed', () => {
  const parameters = [p('m', 'matrix', 'string'), p('p', 'query', 'string')];
  test('a query in the path is a lint error; the engine still puts matrix before it and never emits a second ?', async () => {
    const { codes } = await prepare([op('GET', '/x?fixed=1', parameters)], { values: { m: 'mm', p: 'v' } });
    assert.deepEqual(codes, ['query-in-path']);
    const got = await wire([op('GET', '/x?fixed=1', parameters)], { values: { m: 'mm', p: 'v' }, overrides: { 'query-in-path': 'off' } });
    assert.equal(got.target, '/api/x;m=mm?fixed=1&p=v');
  });

  test('a # in the path is a lint error; the engine never sends a fragment, and it cuts nothing after it', async () => {
    const { codes } = await prepare([op('GET', '/x#frag', parameters)], { values: { m: 'mm', p: 'v' } });
    assert.deepEqual(codes, ['query-in-path']);
    const got = await wire([op('GET', '/x#frag', parameters)], { values: { m: 'mm', p: 'v#1' }, overrides: { 'query-in-path': 'off' } });
    assert.equal(got.target, '/api/x;m=mm?p=v%231');
  });

  test('a query in baseUrl is a lint error; the engine puts it after the path', async () => {
    const { codes } = await prepare([op('GET', '/r', [p('d', 'query', 'integer')])], { base: `${echo.url}/api?tenant=t1`, values: { d: 5 } });
    assert.deepEqual(codes, ['base-url-query']);
    const got = await wire([op('GET', '/r', [p('d', 'query', 'integer')])], { base: `${echo.url}/api?tenant=t1`, values: { d: 5 }, overrides: { 'base-url-query': 'off' } });
    assert.equal(got.target, '/api/r?tenant=t1&d=5');
  });

  test('path values . and .. are encoded, so they name a resource instead of moving up', async () => {
    const path = op('GET', '/x/{a}/y', [p('a', 'path', 'string')]);
    assert.equal((await wire([path], { values: { a: '..' } })).target, '/api/x/%2E%2E/y');
    assert.equal((await wire([path], { values: { a: '.' } })).target, '/api/x/%2E/y');
    assert.equal((await wire([path], { values: { a: 'a/../b' } })).target, '/api/x/a%2F..%2Fb/y');
  });
});

describe('numbers are exact', () => {
  const int64 = p('n', 'query', 'integer', ', "format": "int64"');
  test('an int64 beyond 2^53 in a values file keeps every digit', async () => {
    const got = await wire([op('GET', '/x', [int64])], { valuesFileText: '{ "op": { "n": 9007199254740993 } }' });
    assert.equal(got.target, '/api/x?n=9007199254740993');
  });

  test("a default is sent as it is written in the connector, as a supplied value would be", async () => {
    // The rule that asks for big int64 defaults to be written as strings is lowered: the digits written are still the digits sent.
    const lowered = { overrides: { 'default-mismatch': 'warning' as const } };
    const bigDefault = p('n', 'query', 'integer', ', "format": "int64", "default": 9007199254740993');
    assert.equal((await wire([op('GET', '/x', [bigDefault])], lowered)).target, '/api/x?n=9007199254740993');
    // A number a 64-bit float cannot hold is refused, never sent as 0 or as "Infinity".
    const tiny = p('d', 'query', 'number', ', "default": 1e-400');
    assert.match(await refused([op('GET', '/x', [tiny])], lowered), /'d' is 1e-400, too small for a 64-bit number/);
    const huge = p('d', 'query', 'number', ', "default": 1e400');
    assert.match(await refused([op('GET', '/x', [huge])], lowered), /'d' is 1e400, beyond the range of a 64-bit number/);
  });

  test('an int64 is held to its bounds by every digit of both', async () => {
    const enforced = { top: ', "advanced": { "enforceConstraints": true }' };
    const bounded = p('n', 'query', 'integer', ', "format": "int64", "minimum": 9007199254740993, "maximum": 9007199254740995');
    // 2^53 and 2^53 + 1 are the same 64-bit float, as are 2^53 + 4 and 2^53 + 5: only the digits tell them apart.
    assert.match(await refused([op('GET', '/x', [bounded])], { ...enforced, entered: { n: '9007199254740992' } }), /'n' is 9007199254740992; it must be at least 9007199254740993\./);
    assert.match(await refused([op('GET', '/x', [bounded])], { ...enforced, entered: { n: '9007199254740996' } }), /'n' is 9007199254740996; it must be at most 9007199254740995\./);
    assert.equal((await wire([op('GET', '/x', [bounded])], { ...enforced, entered: { n: '9007199254740993' } })).target, '/api/x?n=9007199254740993');
    const exclusive = p('n', 'query', 'integer', ', "format": "int64", "maximum": 9007199254740993, "exclusiveMaximum": true');
    assert.match(await refused([op('GET', '/x', [exclusive])], { ...enforced, entered: { n: '9007199254740993' } }), /it must be less than 9007199254740993\./);
  });

  test('typed (prompt or --value) int64 values keep every digit too', async () => {
    assert.equal((await wire([op('GET', '/x', [int64])], { entered: { n: '-9223372036854775808' } })).target, '/api/x?n=-9223372036854775808');
  });

  test('an int64 body value given as a string is sent as a JSON number with all its digits', async () => {
    const body = op('POST', '/x', [p('n', 'body', 'integer', ', "format": "int64"')], '{ "Content-Type": "application/json" }');
    assert.equal((await wire([body], { values: { n: '9007199254740993' } })).body, '9007199254740993');
    assert.equal((await wire([body], { valuesFileText: '{ "op": { "n": 9007199254740993 } }' })).body, '9007199254740993');
  });

  test('an object body keeps big numbers as written', async () => {
    const body = op('POST', '/x', [p('o', 'body', 'object', ', "model": "M"')], '{ "Content-Type": "application/json" }');
    const got = await wire([body], { top: ', "models": { "M": { "type": "object", "additionalProperties": true } }', valuesFileText: '{ "op": { "o": { "id": 12345678901234567890, "x": 0.1 } } }' });
    assert.equal(got.body, '{"id":12345678901234567890,"x":0.1}');
  });

  test('integer properties of a body object given as strings are sent as JSON numbers with all their digits, nested models and arrays too', async () => {
    const models = ', "models": { "Order": { "type": "object", "properties": { "id": { "type": "integer", "format": "int64" }, "qty": { "type": "integer" }, "lines": { "type": "array", "items": { "type": "integer", "format": "int64" } }, "owner": { "$ref": "#/models/Owner" }, "note": { "type": "string" } } }, "Owner": { "type": "object", "properties": { "id": { "type": "integer", "format": "int64" } } } }';
    const body = op('POST', '/x', [p('o', 'body', 'object', ', "model": "Order"')], '{ "Content-Type": "application/json" }');
    const values = { o: { id: '9007199254740993', qty: ' 42 ', lines: ['-9223372036854775808', new JsonNumber('9007199254740995')], owner: { id: '12345678901234567' }, note: '9007199254740993' } };
    const { prepared } = await prepare([body], { top: models, values });
    assert.ok(prepared.ok);
    assert.deepEqual(prepared.request.warnings, [], 'a string holding a whole number is what an int64 takes');
    assert.equal((await wire([body], { top: models, values })).body, '{"id":9007199254740993,"qty":42,"lines":[-9223372036854775808,9007199254740995],"owner":{"id":12345678901234567},"note":"9007199254740993"}');
    const fromFile = await wire([body], { top: models, valuesFileText: '{ "op": { "o": { "id": "9007199254740993", "owner": { "id": 9007199254740993 } } } }' });
    assert.equal(fromFile.body, '{"id":9007199254740993,"owner":{"id":9007199254740993}}');
    // Out of range or not a whole number: a warning, and the value goes as written (the request is not changed behind the user's back).
    const outside = { o: { id: '9223372036854775808', qty: 'three' } };
    const { prepared: warned } = await prepare([body], { top: models, values: outside });
    assert.ok(warned.ok);
    assert.match(warned.request.warnings.join('\n'), /'id' is outside the 64-bit range/);
    assert.match(warned.request.warnings.join('\n'), /'qty' needs a whole number, not "three"/);
    assert.equal((await wire([body], { top: models, values: outside })).body, '{"id":"9223372036854775808","qty":"three"}');
    assert.match(await refused([body], { top: `${models}, "advanced": { "enforceConstraints": true }`, values: outside }), /'id' is outside the 64-bit range/);
  });

  test('a float beyond 32 bits is refused; a float is written as the shortest text of its 32-bit value', async () => {
    const float = p('f', 'query', 'number', ', "format": "float"');
    assert.match(await refused([op('GET', '/x', [float])], { values: { f: new JsonNumber('3.4e39') } }), /beyond the range of a 32-bit float/);
    assert.equal((await wire([op('GET', '/x', [float])], { values: { f: 0.1 } })).target, '/api/x?f=0.1');
    assert.equal((await wire([op('GET', '/x', [float])], { entered: { f: '16777217' } })).target, '/api/x?f=16777216');
    assert.match(await refused([op('GET', '/x', [p('d', 'query', 'number')])], { entered: { d: '1e400' } }), /beyond the range of a 64-bit number/);
  });
});

describe('date-time values are strict RFC 3339', () => {
  const when = p('t', 'query', 'string', ', "format": "date-time"');
  test('"1" and 2024-02-30 are refused', async () => {
    assert.match(await refused([op('GET', '/x', [when])], { values: { t: '1' } }), /needs a date and time/);
    assert.match(await refused([op('GET', '/x', [when])], { values: { t: '2024-02-30T00:00:00Z' } }), /does not exist/);
  });

  test('a value without an offset is read as UTC whatever the machine time zone', async () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        assert.equal((await wire([op('GET', '/x', [when])], { values: { t: '2026-01-05T10:00:00' } })).target, '/api/x?t=2026-01-05T10%3A00%3A00.000Z');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('an offset is applied; fraction digits are kept', async () => {
    assert.equal((await wire([op('GET', '/x', [when])], { values: { t: '2024-02-29T23:30:00.123456-01:00' } })).target, '/api/x?t=2024-03-01T00%3A30%3A00.123456Z');
  });
});

describe('emptyValue never drops a value', () => {
  test('a string with emptyValue is sent with its value, and bare when empty', async () => {
    const y = op('GET', '/e', [p('y', 'query', 'string', ', "emptyValue": true')]);
    assert.equal((await wire([y], { values: { y: 'hello' } })).target, '/api/e?y=hello');
    assert.equal((await wire([y], { values: { y: '' } })).target, '/api/e?y');
  });
});

describe('headers', () => {
  test('a header parameter content-type beside the operation Content-Type is a lint error; one header goes out and the preview shows that one', async () => {
    const operation = op('POST', '/x', [p('content-type', 'header', 'string'), p('b', 'body', 'string')], '{ "Content-Type": "application/json" }');
    const { codes } = await prepare([operation], { values: { 'content-type': 'text/plain', b: 'x' } });
    assert.deepEqual(codes, ['duplicate-header']);
    const got = await wire([operation], { values: { 'content-type': 'text/plain', b: 'x' }, overrides: { 'duplicate-header': 'off' } });
    assert.deepEqual(got.rawHeaders.filter(([n]) => n.toLowerCase() === 'content-type'), [['content-type', 'text/plain']]);
  });

  test('a header value beyond Latin-1 or with CR/LF is refused before sending, naming the header', async () => {
    const h = op('GET', '/x', [p('X-Note', 'header', 'string')]);
    assert.match(await refused([h], { values: { 'X-Note': 'naïve ☃' } }), /header 'X-Note' holds "☃" \(U\+2603\)/);
    assert.match(await refused([h], { values: { 'X-Note': 'a\r\nX-Forged: 1' } }), /header 'X-Note' holds a line break/);
  });
});

describe('object values are checked against their model', () => {
  const models = ', "models": { "Pet": { "type": "object", "required": ["name"], "properties": { "name": { "type": "string" }, "age": { "type": "integer" }, "owner": { "$ref": "#/models/Owner" } } }, "Owner": { "type": "object", "properties": { "id": { "type": "integer" } } } }';
  const body = op('POST', '/x', [p('pet', 'body', 'object', ', "model": "Pet"')], '{ "Content-Type": "application/json" }');
  const bad = { age: 'three', color: 'red', owner: { id: 'x' } };
  test('a missing required property, a wrong type and an extra property are warnings while constraints are not enforced', async () => {
    const { prepared } = await prepare([body], { top: models, values: { pet: bad } });
    assert.ok(prepared.ok);
    const warnings = prepared.request.warnings.join('\n');
    assert.match(warnings, /lacks the required property 'name'/);
    assert.match(warnings, /'age' needs a whole number/);
    assert.match(warnings, /'color' is not a property of the model/);
    assert.match(warnings, /'owner\.id' needs a whole number/);
  });

  test('...and errors that stop sending when they are', async () => {
    const message = await refused([body], { top: `${models}, "advanced": { "enforceConstraints": true }`, values: { pet: bad } });
    assert.match(message, /lacks the required property 'name'/);
  });

  test('an unknown $ref is a lint error', async () => {
    const { codes } = await prepare([body], { top: models.replace('#/models/Owner', '#/models/Nope'), values: { pet: { name: 'Rex' } } });
    assert.deepEqual(codes, ['unknown-model-ref']);
  });

  test('an array body of objects naming a model: each object is checked against it, and the array is sent as given', async () => {
    const list = op('POST', '/x', [p('pets', 'body', 'array', ', "items": { "type": "object" }, "model": "Pet"')], '{ "Content-Type": "application/json" }');
    const { prepared } = await prepare([list], { top: models, values: { pets: [{ name: 'Rex' }, bad] } });
    assert.ok(prepared.ok);
    const warnings = prepared.request.warnings.join('\n');
    assert.match(warnings, /'pets' does not fit model 'Pet': '\[1\]' lacks the required property 'name'/);
    assert.match(warnings, /'\[1\]\.age' needs a whole number/);
    assert.doesNotMatch(warnings, /'\[0\]/);
    const nested = op('POST', '/x', [p('pets', 'body', 'array', ', "items": { "type": "array", "items": { "type": "object" } }, "model": "Pet"')], '{ "Content-Type": "application/json" }');
    assert.match(await refused([nested], { top: `${models}, "advanced": { "enforceConstraints": true }`, values: { pets: [[{ name: 'Rex' }, { age: 1 }]] } }), /'\[0\]\[1\]' lacks the required property 'name'/);
    const got = await wire([list], { top: models, values: { pets: [{ name: 'Rex' }, { name: 'Tom', age: 3 }] } });
    assert.equal(got.body, '[{"name":"Rex"},{"name":"Tom","age":3}]');
    const xml = op('POST', '/x', [p('pets', 'body', 'array', ', "items": { "type": "object" }, "model": "Pet"')], '{ "Content-Type": "application/xml" }');
    assert.equal((await wire([xml], { top: models, values: { pets: [{ name: 'Rex' }] } })).body, '<?xml version="1.0" encoding="UTF-8"?><pets><item><name>Rex</name></item></pets>');
  });

  test('an array body of objects naming a model: their integer properties given as strings are sent as JSON numbers with all their digits, in nested arrays too', async () => {
    const orders = ', "models": { "Order": { "type": "object", "properties": { "id": { "type": "integer", "format": "int64" }, "note": { "type": "string" } } } }';
    const list = op('POST', '/x', [p('orders', 'body', 'array', ', "items": { "type": "object" }, "model": "Order"')], '{ "Content-Type": "application/json" }');
    const values: Record<string, ExactJson> = { orders: [{ id: '9007199254740993', note: '9007199254740993' }, { id: new JsonNumber('12345678901234567') }] };
    const { prepared } = await prepare([list], { top: orders, values });
    assert.ok(prepared.ok);
    assert.deepEqual(prepared.request.warnings, []);
    assert.equal((await wire([list], { top: orders, values })).body, '[{"id":9007199254740993,"note":"9007199254740993"},{"id":12345678901234567}]');
    const nested = op('POST', '/x', [p('orders', 'body', 'array', ', "items": { "type": "array", "items": { "type": "object" } }, "model": "Order"')], '{ "Content-Type": "application/json" }');
    assert.equal((await wire([nested], { top: orders, values: { orders: [[{ id: '-9223372036854775808' }]] } })).body, '[[{"id":-9223372036854775808}]]');
    // Outside the 64-bit range: a warning naming the object, and the value goes as written.
    const { prepared: warned } = await prepare([list], { top: orders, values: { orders: [{ id: '9223372036854775808' }] } });
    assert.ok(warned.ok);
    assert.match(warned.request.warnings.join('\n'), /'orders' does not fit model 'Order': '\[0\]\.id' is outside the 64-bit range/);
  });

  test('an array body under application/xml is XML', async () => {
    const xml = op('POST', '/x', [p('pets', 'body', 'array', ', "items": { "type": "object" }')], '{ "Content-Type": "application/xml" }');
    const got = await wire([xml], { values: { pets: [{ name: 'Rex', tags: ['a', 'b'] }, { name: 'Tom' }] } });
    assert.equal(got.body, '<?xml version="1.0" encoding="UTF-8"?><pets><item><name>Rex</name><tags>a</tags><tags>b</tags></item><item><name>Tom</name></item></pets>');
  });
});

describe('values files: only the sent operation\'s own entry can block', () => {
  const two = [op('GET', '/a', [p('n', 'query', 'integer')]), op('GET', '/b', [p('n', 'query', 'integer')]).replace('"id": "op"', '"id": "other"')];
  test('an out-of-range value for another operation and an entry for no operation are warnings; the operation is sent', async () => {
    const valuesFileText = '{ "op": { "n": 1 }, "other": { "n": 99999999999 }, "gone": {} }';
    const { prepared } = await prepare(two, { valuesFileText });
    assert.ok(prepared.ok);
    assert.deepEqual(prepared.warnings.map((w) => valuesFileText.slice(w.at?.offset, (w.at?.offset ?? 0) + (w.at?.length ?? 0))), ['99999999999', '"gone"']);
    assert.equal((await wire(two, { valuesFileText })).target, '/api/a?n=1');
  });

  test('the operation\'s own bad value blocks, pointed at in the values file', async () => {
    const { prepared } = await prepare(two, { valuesFileText: '{ "op": { "n": 99999999999 } }' });
    assert.ok(!prepared.ok);
    assert.deepEqual(prepared.problems.map((x) => [x.at?.file, x.at?.offset]), [['values', 15]]);
  });
});

describe('Custom request body files', () => {
  test('body-file variables come from a values file like any other; the preview names the file instead of showing it', async () => {
    writeFileSync(join(dir, 'order.json'), '{ "OrderNo": "{{no}}", "Qty": {{qty}} }');
    const text = `{ "kind": "odata", "name": "o", "baseUrl": "${echo.url}/odata", "connectorVersion": "2.1.17", "customRequests": [{ "id": "c", "operation": "create", "url": "Orders", "body": { "file": "order.json" } }] }`;
    const { connector, findings } = lintText(text);
    assert.ok(connector);
    const prepared = await prepareRequest({ connector, findings, operationId: 'c', valuesFileText: '{ "c": { "no": "N-1", "qty": 9007199254740993 } }', secrets: () => undefined, baseDir: dir, files: filesIn(dir) });
    assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((x) => x.message).join());
    assert.match(describeRequest(prepared.request), /\n\n<body file order\.json with its values filled in, 45 bytes>$/);
    await sendPrepared(prepared.request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
    const received = echo.received.at(-1);
    assert.ok(received);
    assertWireIsPreview(prepared.request, received);
    assert.equal(received.body, '{ "OrderNo": "N-1", "Qty": 9007199254740993 }');
  });
});

describe('Custom requests: ids and body files are checked before anything is sent', () => {
  const odata = (requests: string): string => `{ "kind": "odata", "name": "o", "baseUrl": "${echo.url}/odata", "connectorVersion": "2.1.17", "customRequests": [${requests}] }`;
  async function prepareOData(text: string, operationId: string) {
    const { connector, findings } = lintText(text, { readBodyFile: bodyFileReader(dir, [dir]) });
    assert.ok(connector);
    const before = echo.received.length;
    const prepared = await prepareRequest({ connector, findings, operationId, values: { no: '"N-1"' }, secrets: () => undefined, baseDir: dir, files: filesIn(dir) });
    assert.equal(echo.received.length, before);
    return { prepared, codes: findings.filter((f) => f.severity === 'error').map((f) => f.code) };
  }

  test('two Custom requests with the same id are an error, and nothing is sent', async () => {
    const { prepared, codes } = await prepareOData(odata('{ "id": "r", "operation": "read", "url": "A" }, { "id": "r", "operation": "read", "url": "B" }'), 'r');
    assert.deepEqual(codes, ['duplicate-custom-request-id']);
    assert.ok(!prepared.ok);
  });

  test('a missing body file is a lint error and a refusal naming its path; one that is not JSON once filled is a lint error', async () => {
    const missing = await prepareOData(odata('{ "id": "c", "operation": "create", "url": "Orders", "body": { "file": "missing.json" } }'), 'c');
    assert.deepEqual(missing.codes, ['body-file']);
    assert.ok(!missing.prepared.ok);
    assert.match(missing.prepared.problems.map((x) => x.message).join('\n'), /The file 'missing\.json' \(.*missing\.json\) does not exist/);
    writeFileSync(join(dir, 'broken.json'), '{ "OrderNo": {{no}}, }');
    const broken = await prepareOData(odata('{ "id": "c", "operation": "create", "url": "Orders", "body": { "file": "broken.json" } }'), 'c');
    assert.deepEqual(broken.codes, ['body-file']);
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildModel } from '../../server/src/core/model';
import { parseDocument } from '../../server/src/core/parse';
import { describeInputs, listOperations, type InputDescription } from '../../server/src/core/request/inputs';
import { exactOfNode, JsonNumber, stringifyExact, type ExactJson } from '../../server/src/core/values/exactJson';
import { parseTyped } from '../../server/src/core/values/read';
import { describeInput } from '../../server/src/core/suite/editing';

const n = (text: string): JsonNumber => new JsonNumber(text);
const parseInput = (input: InputDescription, text: string): { ok: true; value: ExactJson } | { ok: false; message: string } => parseTyped(input, text);

function connectorOf(file: string) {
  const connector = buildModel(parseDocument(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')).root);
  assert.ok(connector);
  return connector;
}

describe('describeInputs', () => {
  test('REST: every non-computed parameter, path ones required, options and items kept', () => {
    const petstore = connectorOf('petstore.connector.json');
    const inputs = describeInputs(petstore, 'findPets') ?? [];
    assert.deepEqual(inputs.map((i) => `${i.name}:${i.role}:${i.type}`), ['tags:query:array', 'status:query:array', 'limit:query:integer', 'includeDeleted:query:boolean']);
    assert.deepEqual(inputs[1]?.options, ['available', 'pending', 'sold']);
    assert.equal(inputs[2]?.default, '20');
    const getPet = describeInputs(petstore, 'getPet') ?? [];
    assert.equal(getPet.find((i) => i.name === 'petId')?.required, true);
    assert.equal(describeInputs(petstore, 'nope'), undefined);
  });

  test('OData: path parameters, query options and {{variables}} of body and headers, each once', () => {
    const orders = connectorOf('ifs-orders.connector.json');
    assert.deepEqual((describeInputs(orders, 'createOrder') ?? []).map((i) => `${i.name}:${i.role}`), ['orderNo:variable', 'customerNo:variable']);
    assert.deepEqual((describeInputs(orders, 'releaseOrder') ?? []).map((i) => `${i.name}:${i.role}`), ['orderNo:path', 'etag:variable']);
    assert.deepEqual((describeInputs(orders, 'listOrders') ?? []).map((i) => `${i.name}:${i.role}`), ['$select:query', '$filter:query', '$top:query']);
  });

  test('what may hold a credential: every header value, any value named like a credential, a variable in a header', () => {
    const connector = buildModel(parseDocument(JSON.stringify({
      kind: 'rest', name: 'C', baseUrl: 'https://a.example',
      operations: [{ id: 'op', method: 'GET', path: '/x/{id}', parameters: [
        { name: 'id', location: 'path', type: 'string' },
        { name: 'X-Request-Id', location: 'header', type: 'string' },
        { name: 'api_key', location: 'query', type: 'string' },
        { name: 'sessionToken', location: 'query', type: 'string' },
        { name: 'Password', location: 'form', type: 'string' },
        { name: 'client_secret', location: 'form', type: 'string' },
        { name: 'page', location: 'query', type: 'integer' },
        { name: 'author', location: 'query', type: 'string' },
      ] }],
    })).root);
    assert.ok(connector);
    const credential = (describeInputs(connector, 'op') ?? []).filter((i) => i.mayHoldCredential).map((i) => i.name);
    assert.deepEqual(credential, ['X-Request-Id', 'api_key', 'sessionToken', 'Password', 'client_secret']);
    const orders = connectorOf('ifs-orders.connector.json');
    assert.deepEqual((describeInputs(orders, 'releaseOrder') ?? []).map((i) => `${i.name}:${i.mayHoldCredential}`), ['orderNo:false', 'etag:true']);
    assert.deepEqual((describeInputs(orders, 'createOrder') ?? []).map((i) => `${i.name}:${i.mayHoldCredential}`), ['orderNo:false', 'customerNo:false']);
  });

  test('a default is offered as it would be typed, with the digits the connector gives, and reads back as written', () => {
    // Written as text: JSON.stringify would round the int64 and turn 1e400 into null.
    const text = `{ "kind": "rest", "name": "C", "baseUrl": "https://a.example", "operations": [{ "id": "op", "method": "GET", "path": "/x", "parameters": [
      { "name": "big", "location": "query", "type": "integer", "format": "int64", "default": 9007199254740993 },
      { "name": "huge", "location": "query", "type": "number", "default": 1e400 },
      { "name": "flag", "location": "query", "type": "boolean", "default": false },
      { "name": "words", "location": "query", "type": "string", "default": "a, b" },
      { "name": "none", "location": "query", "type": "string", "default": null },
      { "name": "pick", "location": "query", "type": "string", "options": ["red", "green"], "default": "c2" }
    ] }] }`;
    const connector = buildModel(parseDocument(text).root);
    assert.ok(connector);
    const inputs = describeInputs(connector, 'op') ?? [];
    const byName = (name: string): InputDescription => inputs.find((i) => i.name === name) as InputDescription;
    assert.deepEqual(inputs.map((i) => i.default), ['9007199254740993', '1e400', 'false', 'a, b', undefined, 'c2']);
    const read = (name: string): unknown => {
      const input = byName(name);
      const parsed = parseInput(input, input.default ?? '');
      return parsed.ok ? parsed.value : parsed.message;
    };
    assert.deepEqual(read('big'), n('9007199254740993'));
    assert.match(String(read('huge')), /1e400, beyond the range of a 64-bit number/);
    assert.equal(read('flag'), false);
    assert.equal(read('words'), 'a, b');
    assert.equal(read('pick'), 'green');
  });

  test("a field's value as written is what the exact reader makes of its node, for every kind of JSON value", () => {
    const defaults = ['9007199254740993', '-1.50e+2', '1e400', '1e-400', '"a\\u0062\\n"', 'true', 'null', '[1, 12345678901234567890, {"x": 0.10}]', '{"id": 9007199254740993, "n": null}'];
    const text = `{ "kind": "rest", "name": "C", "baseUrl": "https://a.example", "operations": [{ "id": "op", "method": "GET", "path": "/x", "parameters": [
      ${defaults.map((d, i) => `{ "name": "p${i}", "location": "query", "type": "string", "default": ${d} }`).join(',\n')}
    ] }] }`;
    const connector = buildModel(parseDocument(text).root);
    assert.ok(connector?.kind === 'rest');
    const parameters = connector.operations[0]?.parameters ?? [];
    assert.equal(parameters.length, defaults.length);
    for (const [i, parameter] of parameters.entries()) {
      const field = parameter.default;
      assert.ok(field, defaults[i]);
      assert.equal(stringifyExact(field.exact), stringifyExact(exactOfNode(field.node, text)), defaults[i]);
    }
    assert.equal(stringifyExact(parameters[0]?.default?.exact ?? null), '9007199254740993');
    assert.equal(stringifyExact(parameters[2]?.default?.exact ?? null), '1e400');
    assert.equal(parameters[4]?.default?.exact, 'ab\n');
  });

  test("a tests file's hover shows the default as it would be typed, whole even when it holds backticks", () => {
    const input: InputDescription = { name: 'n', role: 'query', type: 'integer', format: 'int64', required: false, mayHoldCredential: false, default: '9007199254740993' };
    assert.match(describeInput(input), /Default: `9007199254740993`/);
    assert.match(describeInput({ ...input, type: 'string', format: undefined, default: 'a `b` c' }), /Default: ``a `b` c``/);
    assert.match(describeInput({ ...input, type: 'string', format: undefined, default: '`x' }), /Default: `` `x ``/);
  });

  test('lists operations with a request-line label in file order', () => {
    assert.deepEqual(listOperations(connectorOf('petstore.connector.json')).map((o) => o.label), ['GET /pets', 'GET /pets/{petId}', 'POST /pets', 'POST /pets/{petId}/photos']);
  });
});

describe('typed values (prompts, --value): read and judged by the values module', () => {
  const input = (over: Partial<InputDescription>): InputDescription => ({ name: 'x', role: 'query', type: 'string', required: false, mayHoldCredential: false, ...over });

  test('integers: 32-bit range unless int64; int64 beyond 2^53 kept exact', () => {
    assert.deepEqual(parseInput(input({ type: 'integer' }), '42'), { ok: true, value: n('42') });
    assert.equal(parseInput(input({ type: 'integer' }), '2147483648').ok, false);
    assert.equal(parseInput(input({ type: 'integer' }), '4.5').ok, false);
    assert.deepEqual(parseInput(input({ type: 'integer', format: 'int64' }), '9007199254740993'), { ok: true, value: n('9007199254740993') });
    assert.deepEqual(parseInput(input({ type: 'integer', format: 'int64' }), '2147483648'), { ok: true, value: n('2147483648') });
    assert.equal(parseInput(input({ type: 'integer', format: 'int64' }), '9223372036854775808').ok, false);
  });

  test('numbers, booleans, date-times and objects say what to enter', () => {
    assert.deepEqual(parseInput(input({ type: 'number' }), '3.5'), { ok: true, value: n('3.5') });
    assert.equal(parseInput(input({ type: 'number' }), 'abc').ok, false);
    assert.deepEqual(parseInput(input({ type: 'boolean' }), 'TRUE'), { ok: true, value: true });
    const badDate = parseInput(input({ type: 'string', format: 'date-time' }), 'yesterday');
    assert.equal(badDate.ok, false);
    assert.match(badDate.ok ? '' : badDate.message, /date and time/);
    assert.deepEqual(parseInput(input({ type: 'object' }), '{"name":"Rex"}'), { ok: true, value: { name: 'Rex' } });
    assert.equal(parseInput(input({ type: 'object' }), '[1]').ok, false);
  });

  test('arrays: comma lists or JSON, each item checked by the inner type', () => {
    assert.deepEqual(parseInput(input({ type: 'array', items: { type: 'integer' } }), '1, 2,3'), { ok: true, value: [n('1'), n('2'), n('3')] });
    assert.deepEqual(parseInput(input({ type: 'array', items: { type: 'array', items: { type: 'string' } } }), '[["a","b"],["c"]]'), { ok: true, value: [['a', 'b'], ['c']] });
    const bad = parseInput(input({ type: 'array', items: { type: 'integer' } }), '1, x');
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.message, /^Item 2:/);
  });

  test('options are typed by id or value, and judged to their values', () => {
    const colors = input({ type: 'array', items: { type: 'string' }, options: ['red', 'green', 'blue'] });
    assert.deepEqual(parseInput(colors, 'c1, blue'), { ok: true, value: ['red', 'blue'] });
    assert.equal(parseInput(colors, 'c4').ok, false);
    assert.equal(parseInput(colors, 'purple').ok, false);
  });

  test('fileGallery paths become the Filename/Data record', () => {
    assert.deepEqual(parseInput(input({ type: 'fileGallery', role: 'form' }), 'docs/report.pdf'), { ok: true, value: { Filename: 'report.pdf', Data: 'docs/report.pdf' } });
  });
});

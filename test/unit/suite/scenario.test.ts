import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseTree } from 'jsonc-parser';
import { lintText } from '../../../server/src/core/lint';
import { fillValues, resolvePointer } from '../../../server/src/core/suite/runScenario';
import { checkTestsFile, readTestsFile } from '../../../server/src/core/suite/testsFile';
import { compiledTestsValidator } from '../../../server/src/core/suite/testsValidator';
import { JsonNumber } from '../../../server/src/core/values/exactJson';
import { operation, restConnector } from '../../support/connectorText';

const CONNECTOR = lintText(restConnector([
  operation('createPet', 'POST', '/pets', ['{ "name": "name", "location": "query", "type": "string", "required": true }']),
  operation('getPet', 'GET', '/pets/{petId}', ['{ "name": "petId", "location": "path", "type": "integer", "format": "int64", "required": true }']),
  operation('tagPet', 'PATCH', '/pets/{petId}', [
    '{ "name": "petId", "location": "path", "type": "integer", "format": "int64", "required": true }',
    '{ "name": "etag", "location": "header", "type": "string" }',
  ]),
])).connector;

function findings(cases: string): { code: string; at: string; message: string }[] {
  const text = `{ "cases": [${cases}] }`;
  return checkTestsFile(readTestsFile(text), CONNECTOR).map((f) => ({ code: f.code, at: text.slice(f.offset, f.offset + f.length), message: f.message }));
}

const FIXED = { uuid: () => 'u-1', nowMs: () => 1_700_000_000_123, randomInt: () => 42 };

describe('scenarios in tests files', () => {
  test('a good scenario has no findings and the schema takes it', () => {
    const scenario = `{ "name": "life", "steps": [
      { "name": "create", "operation": "createPet", "values": { "name": "p-{{$uuid}}" }, "expect": { "status": 201 }, "capture": { "id": "/data/id" } },
      { "operation": "getPet", "values": { "petId": "{{id}}" }, "capture": { "etag": "/headers/etag", "code": "/status" } },
      { "operation": "tagPet", "values": { "petId": "{{id}}", "etag": "{{etag}}" }, "always": true } ] }`;
    assert.deepEqual(findings(scenario), []);
    const file = readTestsFile(`{ "cases": [${scenario}] }`);
    assert.equal(file.scenarios.length, 1);
    assert.deepEqual(file.scenarios[0]?.steps.map((s) => [s.label, s.always]), [['create', false], ['step 2 (getPet)', false], ['step 3 (tagPet)', true]]);
    assert.ok(compiledTestsValidator()(JSON.parse(`{ "cases": [${scenario}] }`)));
  });

  test('unknown operations, uncaptured placeholders, impossible pointers and wrong types are errors where written', () => {
    const found = findings(`{ "name": "bad", "steps": [
      { "operation": "createPett", "values": { "name": "x" } },
      { "operation": "getPet", "values": { "petId": "{{id}}" }, "capture": { "id": "/data/id", "s": "/status/code", "h": "/headers/etag/x", "e": "/entityDescriptor/@odata.etag", "w": "/body/id", "u": "/headers/ETag" } },
      { "operation": "getPet", "values": { "petId": "{{$uuid}}" } },
      { "operation": "getPet", "values": { "petId": "{{$nope}}" } },
      { "operation": "tagPet", "values": { "petId": "{{s}}", "etag": "W/{{later}}" }, "capture": { "later": "/status" } } ] }`);
    assert.deepEqual(found.map((f) => [f.code, f.at]), [
      ['tests-unknown-operation', '"createPett"'],
      ['tests-unknown-placeholder', '{{id}}'],
      ['tests-impossible-capture', '"/status/code"'],
      ['tests-impossible-capture', '"/headers/etag/x"'],
      ['tests-impossible-capture', '"/entityDescriptor/@odata.etag"'],
      ['tests-impossible-capture', '"/body/id"'],
      ['tests-impossible-capture', '"/headers/ETag"'],
      ['tests-step-wrong-type', '{{$uuid}}'],
      ['tests-unknown-placeholder', '{{$nope}}'],
      ['tests-unknown-placeholder', '{{later}}'],
    ]);
    assert.match(found[0]?.message ?? '', /createPet/);
    assert.match(found[1]?.message ?? '', /only by this step or a later one/);
  });

  test('a pointer without its leading slash is one finding that says how to write it; a missing value names the step', () => {
    const found = findings('{ "name": "p", "steps": [ { "name": "make", "operation": "createPet", "capture": { "id": "data/id", "t": "/data/~2" } } ] }');
    assert.deepEqual(found.map((f) => [f.code, f.at]), [['tests-missing-value', '"createPet"'], ['tests-impossible-capture', '"data/id"'], ['tests-impossible-capture', '"/data/~2"']]);
    assert.match(found[0]?.message ?? '', /^Step 'make' gives no value for 'name'/);
    assert.match(found[1]?.message ?? '', /starts with '\/', e\.g\. "\/data\/OrderNo"/);
  });

  test('a placeholder written with escapes is found at its place in the text', () => {
    const found = findings('{ "name": "esc", "steps": [ { "operation": "createPet", "values": { "name": "\\u0041-{{gone}}" } } ] }');
    assert.deepEqual(found.map((f) => [f.code, f.at]), [['tests-unknown-placeholder', '{{gone}}']]);
  });

  test('a case with steps and an operation is refused by the schema; a case with neither too', () => {
    const validate = compiledTestsValidator();
    assert.equal(validate({ cases: [{ name: 'x', operation: 'a', steps: [] }] }), false);
    assert.equal(validate({ cases: [{ name: 'x' }] }), false);
    assert.equal(validate({ cases: [{ name: 'x', steps: [{ operation: 'a', capture: { v: 7 } }] }] }), false);
  });

  test('values: a whole placeholder keeps its JSON type and digits, a spliced one its text; built-ins are fresh', () => {
    const text = '{ "v": { "id": "{{id}}", "label": "n-{{id}}-{{$randomInt}}", "when": "{{$timestamp}}", "iso": "{{$isoTimestamp}}", "u": "{{$uuid}}", "deep": [{ "x": "{{obj}}" }], "left": "{{unknown}}" } }';
    const tree = parseTree(text);
    const node = tree?.children?.[0]?.children?.[1];
    const captured = new Map([['id', new JsonNumber('9007199254740993')], ['obj', { a: 1 }]] as [string, JsonNumber | { a: number }][]);
    const filled = fillValues(node, text, captured, FIXED);
    assert.deepEqual(filled, { id: new JsonNumber('9007199254740993'), label: 'n-9007199254740993-42', when: 1_700_000_000, iso: '2023-11-14T22:13:20.123Z', u: 'u-1', deep: [{ x: { a: 1 } }], left: '{{unknown}}' });
  });

  test('pointers find own members only: /data/__proto__ and /data/constructor find nothing', () => {
    const root = { status: 200, data: JSON.parse('{ "a/b": 1, "t~": 2, "list": [10, 20], "__proto__": "mine" }') as Record<string, unknown> };
    assert.equal(resolvePointer(root as never, '/data/a~1b'), 1);
    assert.equal(resolvePointer(root as never, '/data/t~0'), 2);
    assert.equal(resolvePointer(root as never, '/data/list/1'), 20);
    assert.equal(resolvePointer(root as never, '/data/list/01'), undefined);
    assert.equal(resolvePointer(root as never, '/data/list/-'), undefined);
    assert.equal(resolvePointer(root as never, '/data/constructor'), undefined);
    assert.equal(resolvePointer(root as never, '/data/__proto__'), 'mine');
    assert.equal(resolvePointer({ status: 200, data: {} } as never, '/data/__proto__'), undefined);
    assert.equal(resolvePointer(root as never, '/status/x'), undefined);
  });
});

test('a scenario of 16,000 steps, each using a name no step captured yet and one captured later: each reported, at its step', { timeout: 120_000 }, () => {
  const count = 16_000;
  // Step i captures v{i}; it uses u{i} (captured by no step) and v{i+1} (captured by the next step), with a whole placeholder of the wrong type.
  const steps = Array.from({ length: count }, (_, i) => `{ "operation": "getPet", "values": { "petId": "{{$uuid}}", "name": "{{u${i}}}{{v${i + 1}}}" }, "capture": { "v${i}": "/data/id" } }`);
  const found = findings(`{ "name": "long", "steps": [${steps.join(', ')}] }`);
  const byCode = (code: string): typeof found => found.filter((f) => f.code === code);
  assert.equal(byCode('tests-unknown-placeholder').length, 2 * count);
  assert.equal(byCode('values-unknown-name').length, count);
  assert.equal(byCode('tests-step-wrong-type').length, count);
  const last = byCode('tests-unknown-placeholder').find((f) => f.at === `{{u${count - 1}}}`);
  assert.match(last?.message ?? '', new RegExp(`^No earlier step captures 'u${count - 1}'\\.`));
  assert.match(byCode('tests-unknown-placeholder').find((f) => f.at === '{{v2}}')?.message ?? '', /captured only by this step or a later one/);
});

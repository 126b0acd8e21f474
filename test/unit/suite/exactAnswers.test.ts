// An answer is read once, exactly, and that one value is what expectations, "Save as expectation", "Use as
// response structure" and response-structure shaping see: no number is rounded to a double on the way.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyEdits } from '../../../server/src/core/edits';
import type { ConnectorResult, ResultShaping } from '../../../server/src/core/http/types';
import { shapeResult } from '../../../server/src/core/http/result';
import { responseSkeleton, structureReport } from '../../../server/src/core/structure/responseStructure';
import { addCase } from '../../../server/src/core/suite/addCase';
import { checkExpectation, type Failure } from '../../../server/src/core/suite/match';
import { readTestsFile } from '../../../server/src/core/suite/testsFile';
import { stringifyExact } from '../../../server/src/core/values/exactJson';

const ANSWER = '{"n":9007199254740993,"d":0.1000000000000000055511,"big":1e400,"tiny":1e-400,"neg":-0,"one":1.0,"hundred":1E2,"price":12.50,"list":[9007199254740993,1e400],"obj":{"min":-9223372036854775809}}';

function answered(body: string, shaping: ResultShaping = { kind: 'rest' }): ConnectorResult {
  return shapeResult(shaping, { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, body, truncated: false, totalMs: 1 }, []);
}

function failuresFor(data: string, body = ANSWER): Failure[] {
  const text = `{ "cases": [ { "name": "c", "operation": "x", "expect": { "data": ${data} } } ] }`;
  const file = readTestsFile(text);
  const expect = file.cases[0]?.expect;
  assert.ok(expect);
  return checkExpectation(expect, text, answered(body), {});
}

describe('the answer as read', () => {
  test('keeps every number\'s digits in the data, shaped by a response structure or not', () => {
    assert.equal(stringifyExact(answered(ANSWER).data ?? null), ANSWER);
    const odata = { kind: 'odata', operation: 'read', includeHeaders: false, includeEntityDescriptor: false, metadataLevel: 'minimal', responseStructure: { n: 0, big: '', obj: { min: 0 } } } as const;
    const shaped = answered(ANSWER, odata);
    assert.equal(stringifyExact(shaped.data ?? null), '{"n":9007199254740993,"big":1e400,"obj":{"min":-9223372036854775809}}');
    assert.deepEqual(shaped.warnings, ["'big' is number in the response but string in the response structure."]);
  });
});

describe('an answer nested past the one limit', () => {
  // Read exactly up to 512 levels; one level more is text (REST, with a warning) or an error (OData), in the shared words.
  const deep = (levels: number): string => `{"n":9007199254740993,"a":${'['.repeat(levels - 1)}1e400${']'.repeat(levels - 1)}}`;
  const odata = { kind: 'odata', operation: 'read', includeHeaders: false, includeEntityDescriptor: false, metadataLevel: 'minimal' } as const;

  test('at the limit, it is read exactly', () => {
    assert.equal(stringifyExact(answered(deep(512)).data ?? null), deep(512));
    assert.deepEqual(answered(deep(512)).warnings, []);
  });

  test('past it, a REST answer is kept as text with a warning, an OData answer is an error', () => {
    const rest = answered(deep(513));
    assert.equal(rest.data, deep(513));
    assert.deepEqual(rest.warnings, ['The response has nesting deeper than 512 levels at line 1, column 538; it is kept as text, not read as JSON.']);
    assert.deepEqual(rest.errors, []);
    const custom = answered(deep(513), odata);
    assert.equal(custom.data, undefined);
    assert.deepEqual(custom.errors, ["The service's answer has nesting deeper than 512 levels at line 1, column 538; Custom request does not read JSON nested this deep."]);
  });
});

describe('expectations compare numbers exactly, by value', () => {
  test('a number rounded to a double does not match the answer\'s', () => {
    assert.deepEqual(failuresFor('{ "n": 9007199254740992, "d": 0.1 }').map((f) => [f.message, f.expected, f.actual]), [
      ['data.n: expected 9007199254740992, got 9007199254740993', '9007199254740992', '9007199254740993'],
      ['data.d: expected 0.1, got 0.1000000000000000055511', '0.1', '0.1000000000000000055511'],
    ]);
  });

  test('the exact numbers match, and so does the same value written another way', () => {
    assert.deepEqual(failuresFor('{ "n": 9007199254740993, "d": 0.1000000000000000055511, "big": 1e400, "tiny": 1e-400, "neg": -0, "list": [9007199254740993, 1e400], "obj": { "min": -9223372036854775809 } }'), []);
    assert.deepEqual(failuresFor('{ "one": 1, "hundred": 100, "price": 12.5, "d": 1000000000000000055511e-22, "big": 10e399, "neg": 0, "tiny": 0.1e-399 }'), []);
  });

  test('numbers past a double\'s range are told apart', () => {
    assert.deepEqual(failuresFor('{ "big": 1e401, "tiny": 0, "list": [9007199254740993, 2e400] }').map((f) => f.message), [
      'data.big: expected 1e401, got 1e400',
      'data.tiny: expected 0, got 1e-400',
      'data.list[1]: expected 2e400, got 1e400',
    ]);
  });

  test('a compound expectation and the answer it did not match are shown with their own digits', () => {
    const [failure] = failuresFor('{ "obj": [1e400, 9007199254740993] }');
    assert.equal(failure?.message, 'data.obj: expected an array, got an object');
    assert.equal(failure?.expected, '[\n  1e400,\n  9007199254740993\n]');
    assert.equal(failure?.actual, '{\n  "min": -9223372036854775809\n}');
    const [string] = failuresFor('{ "n": "9007199254740993" }');
    assert.equal(string?.message, 'data.n: expected "9007199254740993", got 9007199254740993');
  });
});

describe('Save as expectation and Use as response structure', () => {
  test('the saved case holds the answer\'s digits, and passes against that answer', () => {
    const data = answered(ANSWER).data;
    const fresh = addCase(undefined, { operationId: 'x', values: {}, status: 200, ...(data !== undefined ? { data } : {}) });
    assert.ok('newText' in fresh && fresh.newText);
    for (const digits of ['"n": 9007199254740993', '"d": 0.1000000000000000055511', '"big": 1e400', '"neg": -0', '"one": 1.0', '"price": 12.50', '"min": -9223372036854775809']) {
      assert.ok(fresh.newText.includes(digits), `${digits} in\n${fresh.newText}`);
    }
    const file = readTestsFile(fresh.newText);
    assert.deepEqual(file.findings, []);
    const expect = file.cases[0]?.expect;
    assert.ok(expect);
    assert.deepEqual(checkExpectation(expect, fresh.newText, answered(ANSWER), {}), []);
    assert.equal(checkExpectation(expect, fresh.newText, answered(ANSWER.replace('9007199254740993,"d"', '9007199254740992,"d"')), {}).length, 1);

    const text = '{\n  "cases": [] // none yet\n}\n';
    const added = addCase(text, { operationId: 'x', values: {}, status: 200, ...(data !== undefined ? { data } : {}) });
    assert.ok('edits' in added && added.edits);
    const after = applyEdits(text, added.edits);
    assert.match(after, /\/\/ none yet/);
    assert.match(after, /"big": 1e400/);
    assert.deepEqual(readTestsFile(after).findings, []);
  });

  test('a string that looks like the placeholder for numbers stays a string', () => {
    const data = answered('{"a":"\\u0000connector-number-0","b":7e400}').data;
    const out = addCase(undefined, { operationId: 'x', values: {}, status: 200, ...(data !== undefined ? { data } : {}) });
    assert.ok('newText' in out && out.newText);
    assert.match(out.newText, /"a": "\\u0000connector-number-0"/);
    assert.match(out.newText, /"b": 7e400/);
  });

  test('the skeleton and the structure report see kept numbers as numbers', () => {
    const data = answered(ANSWER).data ?? null;
    assert.deepEqual(responseSkeleton(data), { n: 0, d: 0, big: 0, tiny: 0, neg: 0, one: 0, hundred: 0, price: 0, list: [0], obj: { min: 0 } });
    assert.deepEqual(structureReport(data, { n: 0, obj: { min: 0, max: 0 } }), { dropped: ['d', 'big', 'tiny', 'neg', 'one', 'hundred', 'price', 'list'], missing: ['obj.max'] });
  });
});

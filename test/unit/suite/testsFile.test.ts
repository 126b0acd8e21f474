import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText } from '../../../server/src/core/lint';
import { checkExpectation } from '../../../server/src/core/suite/match';
import { caseValues, checkTestsFile, readTestsFile } from '../../../server/src/core/suite/testsFile';
import { JsonNumber } from '../../../server/src/core/values/exactJson';
import type { ConnectorResult } from '../../../server/src/core/http/types';
import { operation, restConnector } from '../../support/connectorText';

const CONNECTOR = lintText(restConnector([
  operation('getPet', 'GET', '/pets/{petId}', [
    '{ "name": "petId", "location": "path", "type": "integer", "format": "int64", "required": true }',
    '{ "name": "status", "location": "query", "type": "string", "options": ["available", "sold"] }',
    '{ "name": "lang", "location": "query", "type": "string", "required": true, "default": "en" }',
  ]),
])).connector;

function findings(cases: string): { code: string; severity: string; message: string; at: string }[] {
  const text = `{ "cases": [${cases}] }`;
  return checkTestsFile(readTestsFile(text), CONNECTOR).map((f) => ({ code: f.code, severity: f.severity, message: f.message, at: text.slice(f.offset, f.offset + f.length) }));
}

describe('tests files', () => {
  test('a good case has no findings, and its values keep every digit', () => {
    const text = '{ "cases": [ { "name": "one", "operation": "getPet", "values": { "petId": 9007199254740993, "status": "c2" }, "expect": { "status": 200 } } ] }';
    const file = readTestsFile(text);
    assert.deepEqual(checkTestsFile(file, CONNECTOR), []);
    const [only] = file.cases;
    assert.ok(only);
    assert.deepEqual(caseValues(file, only), { petId: new JsonNumber('9007199254740993'), status: 'c2' });
  });

  test('unknown operations and names, values that do not fit and missing values are errors where they are written', () => {
    const found = findings(`
      { "name": "a", "operation": "getPett", "expect": { "status": 200 } },
      { "name": "b", "operation": "getPet", "values": { "petId": 1.5, "stauts": "x", "status": "c3" }, "expect": { "status": 200 } },
      { "name": "c", "operation": "getPet", "expect": { "status": 200 } }`);
    assert.deepEqual(found.map((f) => [f.code, f.at]), [
      ['tests-unknown-operation', '"getPett"'],
      ['values-wrong-type', '1.5'],
      ['values-unknown-name', '"stauts"'],
      ['values-wrong-type', '"c3"'],
      ['tests-missing-value', '"getPet"'],
    ]);
    assert.match(found[0]?.message ?? '', /Did you mean 'getPet'\?/);
    assert.match(found[3]?.message ?? '', /c1 \(available\), c2 \(sold\)/);
  });

  test('the shape is checked by the schema: wrong types, unknown properties, missing parts', () => {
    const found = findings(`
      { "name": "a", "operation": "getPet", "values": { "petId": 1 }, "expect": { "status": "200", "maxMs": -1, "headers": { "X": 1 }, "stauts": 1 } },
      { "operation": "getPet", "expect": { "status": 200 } }`);
    const messages = found.map((f) => f.message).join('\n');
    assert.match(messages, /'status' must be a whole number, not a string/);
    assert.match(messages, /Unknown property 'stauts' in 'expect'\. Did you mean 'status'\?/);
    assert.match(messages, /'maxMs' must be > 0/);
    assert.match(messages, /'X' must be a string or true or false/);
    assert.match(messages, /Item 2 of 'cases' needs 'name'/);
  });

  test('a name used twice and a case that expects nothing are warnings', () => {
    const found = findings(`
      { "name": "same", "operation": "getPet", "values": { "petId": 1 }, "expect": {} },
      { "name": "same", "operation": "getPet", "values": { "petId": 2 }, "expect": { "status": 200 } }`);
    assert.deepEqual(found.map((f) => [f.code, f.severity]), [['tests-nothing-expected', 'warning'], ['tests-duplicate-name', 'warning']]);
  });

  test('hostile text never throws: not JSON, not an object, deep nesting', () => {
    for (const text of ['', '[', '[]', '{ "cases": 1 }', '{ "cases": [1, null, "x"] }', `{ "cases": [{ "name": "x", "operation": "getPet", "values": { "petId": 1 }, "expect": { "data": ${'['.repeat(3000)} } }] }`]) {
      const file = readTestsFile(text);
      assert.ok(Array.isArray(checkTestsFile(file, CONNECTOR)));
    }
  });
});

describe('matching an answer', () => {
  const result = (data: ConnectorResult['data'], status = 200): ConnectorResult => ({ status, errors: [], warnings: [], data, timing: { totalMs: 12 } });
  function check(expect: string, answer: ConnectorResult, headers: Record<string, string> = {}): string[] {
    const text = `{ "cases": [ { "name": "x", "operation": "getPet", "values": { "petId": 1 }, "expect": ${expect} } ] }`;
    const file = readTestsFile(text);
    const testCase = file.cases[0];
    assert.ok(testCase);
    return checkExpectation(testCase.expect, text, answer, headers).map((f) => f.message);
  }

  test('listed properties must match; more in the answer is fine', () => {
    assert.deepEqual(check('{ "data": { "a": 1, "b": { "c": "x" } } }', result({ a: 1, b: { c: 'x', d: 2 }, e: 3 })), []);
    assert.deepEqual(check('{ "data": { "a": 1.0, "b": { "c": "y" }, "z": null } }', result({ a: 1, b: { c: 'x' } })), ['data.b.c: expected "y", got "x"', 'data.z: missing']);
  });

  test('listed array elements must match the element at the same position; the answer may be longer', () => {
    assert.deepEqual(check('{ "data": [{ "n": 1 }, {}] }', result([{ n: 1, m: 2 }, { n: 2 }, { n: 3 }])), []);
    assert.deepEqual(check('{ "data": [{}, {}, { "n": 3 }] }', result([{ n: 1 }, { n: 2 }])), ['data[2]: missing (the answer has 2 elements)']);
    assert.deepEqual(check('{ "data": { "value": [] } }', result([1])), ['data: expected an object, got an array']);
  });

  test('scalars compare by JSON type: "1" is not 1, null is not missing', () => {
    assert.deepEqual(check('{ "data": { "a": "1", "b": null, "c": false } }', result({ a: 1, b: null, c: false })), ['data.a: expected "1", got 1']);
    assert.deepEqual(check('{ "data": { "odd key": 1 } }', result({ 'odd key': 2 })), ['data["odd key"]: expected 1, got 2']);
  });

  test('status, headers (any case; true present, false absent), time, and no answer at all', () => {
    const headers = { 'content-type': 'application/json', etag: 'W/"1"' };
    assert.deepEqual(check('{ "status": 200, "headers": { "Content-Type": "application/json", "ETag": true, "X-Gone": false }, "maxMs": 100 }', result(null), headers), []);
    assert.deepEqual(check('{ "status": 201, "headers": { "ETag": false, "X-Needed": true }, "maxMs": 5 }', result(null, 200), headers), [
      'status: expected 201, got 200',
      'headers.etag: expected no such header, got "W/\\"1\\""',
      'headers.x-needed: expected the header, it is not there',
      'time: expected at most 5 ms, took 12 ms',
    ]);
    assert.deepEqual(check('{ "status": 200 }', { status: 0, errors: ['Nothing accepted the connection.'], warnings: [], timing: { totalMs: 1 } }), ['no response: Nothing accepted the connection.']);
  });

  test('allPages and maxPages: read into the case; a limit the schema refuses is reported; maxPages alone is a warning', () => {
    const file = readTestsFile('{ "cases": [ { "name": "a", "operation": "getPet", "values": { "petId": 1 }, "allPages": true, "maxPages": 7, "expect": { "status": 200 } }, { "name": "b", "operation": "getPet", "values": { "petId": 1 }, "allPages": true, "expect": { "status": 200 } } ] }');
    assert.deepEqual(file.cases.map((c) => c.paging), [{ maxPages: 7 }, { maxPages: 100 }]);
    assert.deepEqual(checkTestsFile(file, CONNECTOR), []);
    for (const bad of ['0', '1e400', '2.5', '10001', '"5"']) {
      const found = findings(`{ "name": "a", "operation": "getPet", "values": { "petId": 1 }, "allPages": true, "maxPages": ${bad}, "expect": { "status": 200 } }`);
      assert.ok(found.some((f) => f.severity === 'error' && f.at === bad), `maxPages ${bad}: ${JSON.stringify(found)}`);
    }
    assert.deepEqual(findings('{ "name": "a", "operation": "getPet", "values": { "petId": 1 }, "maxPages": 3, "expect": { "status": 200 } }').map((f) => [f.code, f.severity, f.at]), [['tests-max-pages-alone', 'warning', '3']]);
  });

  test('allPages and maxPages on a scenario step: read into the step, maxPages alone is a warning at the step', () => {
    const file = readTestsFile('{ "cases": [ { "name": "s", "steps": [ { "operation": "getPet", "values": { "petId": 1 }, "allPages": true, "maxPages": 7 }, { "operation": "getPet", "values": { "petId": 1 }, "allPages": true }, { "operation": "getPet", "values": { "petId": 1 } } ] } ] }');
    assert.deepEqual(file.scenarios[0]?.steps.map((s) => s.paging), [{ maxPages: 7 }, { maxPages: 100 }, undefined]);
    assert.deepEqual(checkTestsFile(file, CONNECTOR), []);
    const alone = readTestsFile('{ "cases": [ { "name": "s", "steps": [ { "operation": "getPet", "values": { "petId": 1 }, "maxPages": 3 } ] } ] }');
    assert.deepEqual(checkTestsFile(alone, CONNECTOR).map((f) => [f.code, f.severity, alone.text.slice(f.offset, f.offset + f.length), f.message]), [['tests-max-pages-alone', 'warning', '3', 'Step \'step 1 (getPet)\' limits the pages with "maxPages" but does not read them all; add "allPages": true, or remove "maxPages".']]);
  });

  test('a paged answer that stopped early (a loop, the limit) is an error of the case, though each page answered 200', () => {
    const result: ConnectorResult = { status: 200, errors: ['Paging stopped at the limit of 2 pages; the service has more.'], warnings: [], data: { value: [] }, pages: 2, timing: { totalMs: 1 } };
    assert.deepEqual(check('{ "status": 200 }', result), ['not every page was read (2 read): Paging stopped at the limit of 2 pages; the service has more.']);
  });
});

test('a tests file of 16,000 cases for a connector of 16,000 operations: each case finds its operation, each unknown one is reported', { timeout: 120_000 }, () => {
  const count = 16_000;
  const connector = lintText(restConnector(Array.from({ length: count }, (_, i) => operation(`op${i}`, 'GET', '/x', ['{ "name": "p", "location": "query", "type": "integer", "required": true }'])))).connector;
  const cases = Array.from({ length: count }, (_, i) => `{ "name": "c${i}", "operation": "${i % 2 ? `missing${i}` : `op${i}`}", "values": { "p": ${i % 4 ? 1 : '"x"'} }, "expect": { "status": 200 } }`);
  const text = `{ "cases": [${cases.join(', ')}] }`;
  const found = checkTestsFile(readTestsFile(text), connector);
  const byCode = (code: string): typeof found => found.filter((f) => f.code === code);
  assert.equal(byCode('tests-unknown-operation').length, count / 2);
  assert.equal(byCode('values-wrong-type').length, count / 4);
  assert.match(byCode('tests-unknown-operation').slice(-1)[0]?.message ?? '', new RegExp(`^The connector has no operation 'missing${count - 1}'\\.`));
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildModel } from '../../server/src/core/model';
import { parseDocument } from '../../server/src/core/parse';
import { JsonNumber } from '../../server/src/core/values/exactJson';
import { checkValuesFile } from '../../server/src/core/request/valuesFile';
import { valuesFor } from '../../server/src/core/values/read';

const petstore = buildModel(parseDocument(readFileSync(join(__dirname, '..', '..', 'examples', 'petstore.connector.json'), 'utf8')).root);

function codesAt(text: string): string[] {
  assert.ok(petstore);
  return checkValuesFile(text, petstore).map((f) => `${f.code}@${text.slice(f.offset, f.offset + f.length)}`);
}

test('a values file that fits its connector has no findings', () => {
  const text = `// last values\n{ "getPet": { "petId": 7, "lang": "de" }, "findPets": { "tags": ["a"], "status": ["c1", "c3"], "limit": 5 } }`;
  assert.deepEqual(codesAt(text), []);
  assert.deepEqual(valuesFor(text, 'getPet'), { petId: new JsonNumber('7'), lang: 'de' });
  assert.deepEqual(valuesFor(text, 'addPet'), {});
});

test('unknown operations and names are pointed at, with a suggestion', () => {
  assert.ok(petstore);
  const text = '{ "getPets": {}, "getPet": { "petID": 7 } }';
  const findings = checkValuesFile(text, petstore);
  assert.deepEqual(findings.map((f) => `${f.code}@${text.slice(f.offset, f.offset + f.length)}`), ['values-unknown-operation@"getPets"', 'values-unknown-name@"petID"']);
  assert.match(findings[0]?.message ?? '', /Did you mean 'getPet'\?/);
  assert.match(findings[1]?.message ?? '', /Did you mean 'petId'\?/);
});

test('wrong types and unknown option ids are errors on the value', () => {
  const text = '{ "getPet": { "petId": "seven" }, "findPets": { "status": ["c4"], "limit": 2147483648, "tags": "a" } }';
  assert.deepEqual(codesAt(text), ['values-wrong-type@"seven"', 'values-wrong-type@["c4"]', 'values-wrong-type@2147483648', 'values-wrong-type@"a"']);
});

test('a values file that is not an object says what shape it needs', () => {
  assert.deepEqual(codesAt('[1, 2]'), ['values-not-an-object@[1, 2]']);
});

test('a values file of 16,000 entries for a connector of 16,000 operations: each entry finds its operation, each unknown name and repeated key is reported in its entry', { timeout: 120_000 }, () => {
  const count = 16_000;
  const operations = Array.from({ length: count }, (_, i) => `{ "id": "op${i}", "method": "GET", "path": "/x", "parameters": [ { "name": "p", "location": "query", "type": "integer" } ] }`);
  const connector = buildModel(parseDocument(`{ "kind": "rest", "name": "n", "baseUrl": "https://h.example", "operations": [ ${operations.join(', ')} ] }`).root);
  assert.ok(connector);
  // Even entries fit; odd ones give a text to an integer, name an unknown input and repeat a key; the last names no operation.
  const entries = Array.from({ length: count }, (_, i) => (i === count - 1 ? '"unheardOf": {}' : i % 2 ? `"op${i}": { "p": "x", "q${i}": 1, "p": 2 }` : `"op${i}": { "p": ${i} }`));
  const text = `{ ${entries.join(', ')} }`;
  const findings = checkValuesFile(text, connector);
  const byCode = (code: string): typeof findings => findings.filter((f) => f.code === code);
  assert.equal(byCode('values-unknown-name').length, count / 2 - 1);
  assert.equal(byCode('values-wrong-type').length, count / 2 - 1);
  assert.ok(byCode('values-wrong-type').every((f) => text.slice(f.offset, f.offset + f.length) === '"x"'));
  assert.equal(byCode('duplicate-key').length, count / 2 - 1);
  assert.deepEqual(byCode('duplicate-key').slice(-1).map((f) => f.operationId), [`op${count - 3}`]);
  assert.match(byCode('values-unknown-name').at(-1)?.message ?? '', new RegExp(`^'op${count - 3}' has no input 'q${count - 3}'\\.`));
  assert.match(byCode('values-unknown-operation')[0]?.message ?? '', /^The connector has no operation 'unheardOf'\. Known: 'op0', 'op1', .*'op19' and 15980 more\.$/);
});

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

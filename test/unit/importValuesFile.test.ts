import assert from 'node:assert/strict';
import { test } from 'node:test';
import { valuesFileText } from '../../server/src/core/requestImport/valuesText';
import { JsonNumber } from '../../server/src/core/values/exactJson';

const EXISTING = `// our examples
{
  "getPet": { "petId": 7 } // ours
}
`;

test('an existing values file keeps its comments and values; only what it lacks is added, numbers with their digits', () => {
  const update = valuesFileText(EXISTING, { getPet: { petId: 1, status: 'sold' }, addPet: { id: new JsonNumber('9007199254740993') } });
  assert.ok(update.ok);
  assert.match(update.text, /^\/\/ our examples\n/);
  assert.match(update.text, /"petId": 7/);
  assert.match(update.text, /\/\/ ours/);
  assert.match(update.text, /"status": "sold"/);
  assert.match(update.text, /"id": 9007199254740993/);
  assert.deepEqual(update.changes, ["Values of 'getPet': 'status' added (the values you have are kept).", "Values of 'addPet' added."]);
});

test('a values file that is not a JSON object is not updated, with what to do', () => {
  const update = valuesFileText('[1, 2]\n', { getPet: { petId: 1 } });
  assert.deepEqual(update, { ok: false, problem: 'The values file is not a JSON object; fix it or move it aside.' });
});

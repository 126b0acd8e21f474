import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../../server/src/core/edits';
import { definitionAt, referencesAt, renameAt } from '../../../server/src/core/features/navigation';
import { lintText } from '../../../server/src/core/lint';
import { withCursor } from '../../support/cursor';

const DOC = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b",
  "models": { "Pet": { "type": "object" } },
  "operations": [{ "id": "add", "method": "POST", "path": "/owners/{ownerId}/pets", "headers": { "Content-Type": "application/json" },
    "parameters": [
      { "name": "ownerId", "location": "path", "type": "string" },
      { "name": "pet", "location": "body", "type": "object", "model": "Pet" },
      { "name": "trace", "location": "header", "type": "computed", "template": "{{ownerId}}-1" }
    ] }] }`;

function at(marker: string, occurrence = 0): { text: string; offset: number; document: ReturnType<typeof lintText> } {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = DOC.indexOf(marker, index + 1);
  const { text, offset } = withCursor(DOC.slice(0, index + 1) + '|' + DOC.slice(index + 1));
  return { text, offset, document: lintText(text) };
}
const slice = (s: { offset: number; length: number }): string => DOC.slice(s.offset, s.offset + s.length);

test('a {placeholder} goes to its path parameter, and a model reference to the model', () => {
  const placeholder = at('{ownerId}');
  assert.equal(slice(definitionAt(placeholder.document, placeholder.offset) ?? { offset: 0, length: 0 }), '"ownerId"');
  const model = at('"Pet"', 1);
  assert.equal(definitionAt(model.document, model.offset)?.offset, DOC.indexOf('"Pet"'));
});

test('references of a path parameter: its name, the placeholder and the template', () => {
  const name = at('"ownerId"');
  assert.deepEqual(referencesAt(name.document, name.offset, true).map(slice), ['"ownerId"', '{ownerId}', '{{ownerId}}']);
});

test('renaming a path parameter renames every use', () => {
  const placeholder = at('{ownerId}');
  const result = renameAt(placeholder.document, placeholder.offset, 'userId');
  assert.ok('edits' in result);
  const renamed = applyEdits(DOC, result.edits);
  assert.ok(renamed.includes('"/owners/{userId}/pets"') && renamed.includes('"name": "userId"') && renamed.includes('"{{userId}}-1"'));
  assert.deepEqual(lintText(renamed).findings.filter((f) => f.severity === 'error'), []);
});

test('renaming a model renames its references', () => {
  const model = at('"Pet"');
  const result = renameAt(model.document, model.offset, 'Animal');
  assert.ok('edits' in result);
  const renamed = applyEdits(DOC, result.edits);
  assert.ok(renamed.includes('"Animal": {') && renamed.includes('"model": "Animal"'));
});

test('a rename to an invalid or taken name is refused with a reason', () => {
  const name = at('"ownerId"');
  const invalid = renameAt(name.document, name.offset, 'a b');
  assert.ok('error' in invalid && /not a valid name/.test(invalid.error));
  const taken = renameAt(name.document, name.offset, 'pet');
  assert.ok('error' in taken && /already named 'pet'/.test(taken.error));
});

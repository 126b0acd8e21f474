import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textFormatting } from '../../server/src/core/edits';
import { lintFully, lintIncrementally } from '../../server/src/core/lint';
import { generateConnectorWithFindings } from '../bench/generate';
import { editsOf } from '../support/fixes';

// Finding how a file is written (its indentation and line ends) reads the whole text. Fixes follow it, so a check that
// found it again for every fix would cost findings × size: a 13 MB file with 30,000 findings took seconds.

test('a check finds how the file is written once, however many fixes it writes', (t) => {
  const found = t.mock.method(textFormatting, 'of');
  const text = generateConnectorWithFindings(100);
  const state = lintFully(text);
  const withFixes = state.result.findings.filter((f) => f.fixes?.length).length;
  assert.ok(withFixes >= 270, `${withFixes} findings with fixes`);
  assert.equal(found.mock.callCount(), 1);
  // Typing in an operation: the new version's formatting is found around the edit, without reading the whole text.
  const edited = text.replace('"summary": "Search items 50"', '"summary": "Search items 50x"');
  const next = lintIncrementally(state, edited);
  assert.equal(next.checked, 'one-operation');
  assert.equal(found.mock.callCount(), 1);
  // The fixes still follow the file: a new line and its indentation before the added setting.
  const fix = editsOf(edited, next.result.findings.find((f) => f.code === 'constraints-not-enforced')?.fixes?.[0])[0];
  assert.equal(fix?.content, ',\n  "advanced": { "enforceConstraints": true }');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixIn } from '../../../server/src/core/findings';
import { lintText } from '../../../server/src/core/lint';
import { checkCoreProperties } from './properties';

// A share of `npm run fuzz` (100,000 cases). The seed is new on every run, so CI keeps exploring; a failure
// prints its seed and path, and checkCoreProperties(runs, seed) replays it.
test('on 5,000 random and half-typed connector files the core never throws, stays in range and is deterministic', () => {
  checkCoreProperties(5_000);
});

test('a file ending in an unclosed comment has every finding and fix inside the text', () => {
  const open = '{ "kind": "odata", "name": "x", "baseUrl": "http://a/b", "customRequests": [ { "id": "r", "operation": "read", "url": "X" } /*';
  for (const text of [open, `${open} x`, '/*', '{ /*', '{ "a": [ /*']) {
    const { findings, parsed } = lintText(text);
    assert.ok(findings.length > 0);
    for (const f of findings) {
      assert.ok(f.offset + f.length <= text.length, `${f.code} ends at ${f.offset + f.length}, past ${text.length}`);
      for (const fix of f.fixes ?? []) for (const e of fixIn(fix, text).edits) assert.ok(e.offset + e.length <= text.length, `a fix of ${f.code} edits past the end`);
    }
    if (parsed.root) assert.ok(parsed.root.offset + parsed.root.length <= text.length, 'the tree ends inside the text');
  }
});

test('a deeply nested file is checked without overflowing the stack', () => {
  const depth = 20_000;
  const text = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "models": { "M": ${'['.repeat(depth)}${']'.repeat(depth)} } }`;
  const { findings } = lintText(text);
  assert.deepEqual(findings.map((f) => f.code), ['syntax-error']);
  assert.match(findings[0]?.message ?? '', /^Nesting deeper than 512 levels here/);
  // Nesting that connectors do use (models inside models) is still checked normally.
  const fine = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "models": { "M": { "type": "array", "items": ${'{ "type": "array", "items": '.repeat(50)}{ "type": "string" }${' }'.repeat(50)} } } }`;
  assert.deepEqual(lintText(fine).findings, []);
});

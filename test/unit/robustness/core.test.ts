import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixIn } from '../../../server/src/core/findings';
import { lintText } from '../../../server/src/core/lint';
import { joinBase, withoutTrailingSlashes } from '../../../server/src/core/http/url';
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

test('a million slashes in a base URL, a path or a Custom request url are read in one pass, not one pass per slash', { timeout: 60_000 }, () => {
  // Before, a trailing run of slashes was found by a search that started again at every slash: 200,000 took 14 s.
  const slashes = '/'.repeat(1_000_000);
  const odata = JSON.stringify({ kind: 'odata', name: 's', baseUrl: `https://a.b${slashes}x`, connectorVersion: '2.1.17', customRequests: [{ id: 'a', operation: 'read', url: `Orders${slashes}x` }] });
  assert.ok(Array.isArray(lintText(odata).findings));
  const rest = JSON.stringify({ kind: 'rest', name: 's', baseUrl: `https://a.b/v1${slashes}x`, operations: [{ id: 'a', method: 'GET', path: `/x${slashes}x/{id}`, parameters: [] }] });
  assert.ok(lintText(rest).findings.some((f) => f.code === 'path-placeholder-without-parameter'));
  assert.equal(joinBase(`https://a.b/v1${slashes}`, '/x'), 'https://a.b/v1/x');
  assert.equal(withoutTrailingSlashes(`a${slashes}`), 'a');
  assert.equal(withoutTrailingSlashes(`${slashes}a`), `${slashes}a`);
});

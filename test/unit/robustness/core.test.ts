import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../server/src/core/lint';
import { checkCoreProperties } from './properties';

test('on 2,000 random and half-typed connector files the core never throws, stays in range and is deterministic', () => {
  checkCoreProperties(2_000);
});

test('a deeply nested file is checked without overflowing the stack', () => {
  const depth = 20_000;
  const text = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "models": { "M": ${'['.repeat(depth)}${']'.repeat(depth)} } }`;
  const { findings } = lintText(text);
  assert.deepEqual(findings.map((f) => f.code), ['syntax-error']);
  assert.match(findings[0]?.message ?? '', /more than 512 levels/);
  // Nesting that connectors do use (models inside models) is still checked normally.
  const fine = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "models": { "M": { "type": "array", "items": ${'{ "type": "array", "items": '.repeat(50)}{ "type": "string" }${' }'.repeat(50)} } } }`;
  assert.deepEqual(lintText(fine).findings, []);
});

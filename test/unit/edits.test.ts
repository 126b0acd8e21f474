import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addPropertyEdits, appendToArrayEdits, applyEdits, inlineJson, removeMemberEdit } from '../../server/src/core/edits';
import { parseDocument } from '../../server/src/core/parse';
import { nodeAtPath } from '../../server/src/core/tree';

function root(text: string) {
  const node = parseDocument(text).root;
  assert.ok(node);
  return node;
}

test('inline JSON puts a space after colons and commas', () => {
  assert.equal(inlineJson({ a: 1, b: ['x', true], c: {} }), '{ "a": 1, "b": ["x", true], "c": {} }');
});

test('adding a property keeps a multi-line object multi-line and its comments untouched', () => {
  const text = '{\n  // keep me\n  "a": 1\n}';
  assert.equal(applyEdits(text, addPropertyEdits(text, root(text), 'b', 'x')), '{\n  // keep me\n  "a": 1,\n  "b": "x"\n}');
});

test('adding a property keeps an inline object inline, and fills an empty one', () => {
  const text = '{ "h": { "Accept": "x" }, "e": {} }';
  const h = nodeAtPath(root(text), ['h']);
  assert.ok(h);
  assert.equal(applyEdits(text, addPropertyEdits(text, h, 'B', 'y')), '{ "h": { "Accept": "x", "B": "y" }, "e": {} }');
  const e = nodeAtPath(root(text), ['e']);
  assert.ok(e);
  assert.equal(applyEdits(text, addPropertyEdits(text, e, 'k', 1)), '{ "h": { "Accept": "x" }, "e": { "k": 1 } }');
});

test('appending to an array indents like the last element', () => {
  const text = '[\n    { "a": 1 } // first\n]';
  assert.equal(applyEdits(text, appendToArrayEdits(text, root(text), { b: 2 })), '[\n    { "a": 1 }, // first\n    { "b": 2 }\n]');
});

test('removing a member takes its comma and leaves the neighbours as written', () => {
  const text = '{ "a": 1, /* c */ "b": 2, "c": 3 }';
  const r = root(text);
  const [a, b, c] = r.children ?? [];
  assert.ok(a && b && c);
  assert.equal(applyEdits(text, [removeMemberEdit(b)]), '{ "a": 1, /* c */ "c": 3 }');
  assert.equal(applyEdits(text, [removeMemberEdit(c)]), '{ "a": 1, /* c */ "b": 2 }');
  const single = '{ "only": true }';
  assert.equal(applyEdits(single, [removeMemberEdit(root(single).children?.[0] ?? root(single))]), '{}');
});

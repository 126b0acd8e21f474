import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { addPropertyEdits, appendToArrayEdits, applyEdits, editableText, inlineJson, removeMemberEdit, textFormatting } from '../../server/src/core/edits';
import { changedRegion } from '../../server/src/core/textChange';
import { parseDocument } from '../../server/src/core/parse';
import { TreeNode } from '../../server/src/core/parse/jsonTree';
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
  assert.equal(applyEdits(text, addPropertyEdits(editableText(text), root(text), 'b', 'x')), '{\n  // keep me\n  "a": 1,\n  "b": "x"\n}');
});

test('adding a property keeps an inline object inline, and fills an empty one', () => {
  const text = '{ "h": { "Accept": "x" }, "e": {} }';
  const h = nodeAtPath(root(text), ['h']);
  assert.ok(h);
  assert.equal(applyEdits(text, addPropertyEdits(editableText(text), h, 'B', 'y')), '{ "h": { "Accept": "x", "B": "y" }, "e": {} }');
  const e = nodeAtPath(root(text), ['e']);
  assert.ok(e);
  assert.equal(applyEdits(text, addPropertyEdits(editableText(text), e, 'k', 1)), '{ "h": { "Accept": "x" }, "e": { "k": 1 } }');
});

test('appending to an array indents like the last element', () => {
  const text = '[\n    { "a": 1 } // first\n]';
  assert.equal(applyEdits(text, appendToArrayEdits(editableText(text), root(text), { b: 2 })), '[\n    { "a": 1 }, // first\n    { "b": 2 }\n]');
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

test('removing a member reads the same neighbours from the compact tree as from a plain node', () => {
  // The compact tree's nodes take their own path (indexes, no node objects); jsonc-parser's nodes the general one.
  const texts = ['{ "a": 1, /* c */ "b": 2, "c": 3 }', '[1, [2, 3], {"x": []}, "s"]', '{ "only": { "inner": [true] } }', '[]', '7'];
  for (const text of texts) {
    const plain = parseTree(text);
    assert.ok(plain);
    const walk = (tree: TreeNode, node: JsonNode): void => {
      assert.deepEqual(removeMemberEdit(tree), removeMemberEdit(node), `${text} at ${node.offset}`);
      const children = tree.children ?? [];
      assert.equal(children.length, node.children?.length ?? 0);
      children.forEach((child, i) => walk(child, node.children?.[i] as JsonNode));
    };
    const compact = root(text);
    assert.ok(compact instanceof TreeNode);
    walk(compact, plain);
  }
});

test('edits follow the formatting they are given, found once for the text, and read only the line they write on', () => {
  const text = '{\n  "a": 1,\n  "list": [\n    1 \t// one\r\n  ]\n}';
  // Told the file ends its lines with CR LF (a check finds it once per version), the edits do so without looking again.
  const crlf = { text, formatting: { insertSpaces: true, tabSize: 2, eol: '\r\n' as const } };
  assert.equal(applyEdits(text, addPropertyEdits(crlf, root(text), 'b', true)), '{\n  "a": 1,\n  "list": [\n    1 \t// one\r\n  ],\r\n  "b": true\n}');
  const list = nodeAtPath(root(text), ['list']);
  assert.ok(list);
  // Blanks and a comment after the last element: the comma goes after it, the new element after the comment.
  assert.equal(applyEdits(text, appendToArrayEdits(crlf, list, 2)), '{\n  "a": 1,\n  "list": [\n    1, \t// one\r\n    2\r\n  ]\n}');
  // A file on one line: every object is inline.
  const line = '{ "kind": "rest", "operations": [{ "id": "a" }] }';
  assert.equal(applyEdits(line, addPropertyEdits(editableText(line), root(line), 'name', 'x')), '{ "kind": "rest", "operations": [{ "id": "a" }], "name": "x" }');
});

test('the formatting found again after an edit, around it, is the formatting found in the whole new text', () => {
  const pieces = fc.constantFrom('{', '}', '"a": 1', ',', ' ', '  ', '\t', '\n', '\r\n', '\r', 'x');
  const text = fc.array(pieces, { maxLength: 24 }).map((p) => p.join(''));
  fc.assert(fc.property(text, fc.nat(), fc.nat({ max: 4 }), text, (before, at, remove, insert) => {
    const start = at % (before.length + 1);
    const after = before.slice(0, start) + insert + before.slice(start + remove);
    const region = changedRegion(before, after);
    assert.deepEqual(textFormatting.afterEdit(editableText(before), after, region), textFormatting.of(after));
  }), { numRuns: 5000 });
});

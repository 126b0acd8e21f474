import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillVariables } from '../../server/src/core/request/bodyTemplate';

test('a body without variables is its own filled text, every index mapping to itself', () => {
  const filled = fillVariables('{ "a": 1 }');
  assert.equal(filled.text, '{ "a": 1 }');
  for (const index of [0, 5, 9, 10]) assert.equal(filled.originalIndex(index), index);
});

test('variables are filled with a bare sample inside a string and a quoted one outside, and indexes map back', () => {
  const body = '{"a": {{x}}, "b": "{{ y }}"}';
  const filled = fillVariables(body);
  assert.equal(filled.text, '{"a": "s", "b": "0"}');
  // Before the first variable, unchanged; inside a sample, the placeholder's start; after, shifted by what was taken out.
  assert.equal(filled.originalIndex(5), 5);
  assert.equal(filled.originalIndex(7), 6);
  assert.equal(filled.text[9], ',');
  assert.equal(filled.originalIndex(9), body.indexOf(','));
  assert.equal(filled.originalIndex(17), body.indexOf('{{ y'));
  assert.equal(filled.originalIndex(18), body.lastIndexOf('"'));
  assert.equal(filled.originalIndex(filled.text.length), body.length);
});

test('an unclosed or brace-broken variable is left as written, and a third brace stays outside the variable', () => {
  assert.equal(fillVariables('{"a": {{x}').text, '{"a": {{x}');
  assert.equal(fillVariables('{{ {x}} }}').text, '{{ {x}} }}');
  const triple = fillVariables('{{{x}}}');
  assert.equal(triple.text, '{"s"}');
  assert.equal(triple.originalIndex(2), 1);
  assert.equal(triple.originalIndex(4), 6);
});

test('an escaped quote does not end the string a variable sits in', () => {
  assert.equal(fillVariables('{"a": "x\\" {{v}}", "b": {{w}}}').text, '{"a": "x\\" 0", "b": "s"}');
});

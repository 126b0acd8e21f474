import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hoverAt } from '../../../server/src/core/features/hover';
import { lintText } from '../../../server/src/core/lint';
import { withCursor } from '../../support/cursor';

function hover(marked: string): string | undefined {
  const { text, offset } = withCursor(marked);
  const { parsed, connector } = lintText(text);
  return hoverAt(text, parsed.root, connector, offset)?.markdown;
}
const doc = (inner: string): string =>
  `{ "kind": "rest", "name": "x", "baseUrl": "https://api.example.com/v1", "operations": [{ "id": "getPet", "method": "GET", "path": "/pets/{petId}", "parameters": [{ "name": "petId", "location": "path", "type": "integer", "description": "The pet's number" }, ${inner}] }] }`;

test('a separation value says what it sends', () => {
  assert.match(hover(doc('{ "name": "t", "location": "query", "type": "array", "items": { "type": "string" }, "separation": "c|sv" }')) ?? '', /name=a,b,c/);
});

test('a property key shows its description from the schema', () => {
  assert.match(hover(doc('{ "name": "t", "location": "query", "type": "boolean", "empty|Value": true }')) ?? '', /bare/);
});

test('an option shows the id a workflow uses for it', () => {
  assert.match(hover(doc('{ "name": "c", "location": "query", "type": "array", "items": { "type": "string" }, "options": ["red", "gr|een"] }')) ?? '', /c2/);
});

test('a {placeholder} shows the parameter behind it', () => {
  const marked = doc('{ "name": "q", "location": "query", "type": "string" }').replace('/pets/{petId}', '/pets/{pet|Id}');
  assert.match(hover(marked) ?? '', /petId.*path parameter, integer, required[\s\S]*pet's number/);
});

test("an operation's id shows the request line it builds", () => {
  const marked = doc('{ "name": "q", "location": "query", "type": "string" }, { "name": "lang", "location": "matrix", "type": "string" }').replace('"id": "getPet"', '"id": "get|Pet"');
  assert.match(hover(marked) ?? '', /GET https:\/\/api\.example\.com\/v1\/pets\/\{petId\};lang=\{lang\}\?q=\{q\}/);
});

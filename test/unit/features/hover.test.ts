import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hoverAt } from '../../../server/src/core/features/hover';
import { lintText } from '../../../server/src/core/lint';
import { withCursor } from '../../support/cursor';

function hover(marked: string): string | undefined {
  const { text, offset } = withCursor(marked);
  return hoverAt(lintText(text), offset)?.markdown;
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

test('a default shows what the values module sends for it, exactly', () => {
  assert.match(hover(doc('{ "name": "f", "location": "query", "type": "number", "format": "float", "default": 0.|1 }')) ?? '', /Sent as `0\.1` when no value is supplied/);
  assert.match(hover(doc('{ "name": "t", "location": "query", "type": "string", "format": "date-time", "default": "2026-01-05T10:00:00|+01:00" }')) ?? '', /Sent as `2026-01-05T09:00:00\.000Z`/);
  assert.match(hover(doc('{ "name": "n", "location": "query", "type": "integer", "format": "int64", "default": "900719925474|0993" }')) ?? '', /Sent as `9007199254740993`/);
  assert.match(hover(doc('{ "name": "f", "location": "query", "type": "number", "format": "float", "default": 3.4e3|9 }')) ?? '', /does not fit: it is 3\.4e39, beyond the range of a 32-bit float/);
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completionsAt } from '../../../server/src/core/features/completion';
import { applyEdits } from '../../../server/src/core/edits';
import { lintText } from '../../../server/src/core/lint';
import { withCursor } from '../../support/cursor';

function complete(marked: string) {
  const { text, offset } = withCursor(marked);
  return { text, items: completionsAt(lintText(text), offset) };
}
const labels = (marked: string): string[] => complete(marked).items.map((i) => i.label);

const rest = (parameter: string): string =>
  `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "operations": [{ "id": "a", "method": "GET", "path": "/p/{id}", "parameters": [${parameter}] }] }`;

describe('completion', () => {
  test('location offers the six locations, each with what it does', () => {
    const { items } = complete(rest('{ "name": "q", "location": "|", "type": "integer" }'));
    assert.deepEqual(items.map((i) => i.label), ['"path"', '"query"', '"form"', '"body"', '"header"', '"matrix"']);
    assert.match(items[5]?.documentation ?? '', /;name=value/);
  });

  test('type offers only what the location allows: no object for a query parameter', () => {
    const types = labels(rest('{ "name": "q", "location": "query", "type": "|" }'));
    assert.ok(!types.includes('"object"') && !types.includes('"file"') && !types.includes('"stream"'));
    assert.ok(types.includes('"computed"') && types.includes('"array"'));
    assert.ok(labels(rest('{ "name": "q", "location": "body", "type": "|" }')).includes('"object"'));
  });

  test('the location offered for a file parameter is form only', () => {
    assert.deepEqual(labels(rest('{ "name": "q", "location": "|", "type": "file" }')), ['"form"']);
  });

  test('choosing a value replaces the whole string being typed', () => {
    const { text, items } = complete(rest('{ "name": "q", "location": "que|", "type": "string" }'));
    const query = items.find((i) => i.label === '"query"');
    assert.ok(query);
    const after = applyEdits(text, [{ ...query.replace, content: query.insertText }]);
    assert.ok(after.includes('"location": "query",'));
  });

  test('property names fit the parameter: emptyValue for query, not separation for a string', () => {
    const names = labels(rest('{ "name": "q", "location": "query", "type": "string", | }'));
    assert.ok(names.includes('emptyValue') && names.includes('maxLength'));
    assert.ok(!names.includes('separation') && !names.includes('model') && !names.includes('name'));
    assert.ok(!labels(rest('{ "name": "q", "location": "header", "type": "string", | }')).includes('emptyValue'));
  });

  test('top-level properties follow the kind', () => {
    const names = labels('{ "kind": "odata", "name": "x", | }');
    assert.ok(names.includes('customRequests') && names.includes('connectorVersion'));
    assert.ok(!names.includes('operations') && !names.includes('kind'));
  });

  test('separation offers no multi on a path parameter', () => {
    assert.ok(!labels(rest('{ "name": "id", "location": "path", "type": "array", "items": { "type": "string" }, "separation": "|" }')).includes('"multi"'));
  });

  test('model names, header names and Content-Type values are offered', () => {
    const withModels = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "models": { "Pet": { "type": "object" } }, "operations": [{ "id": "a", "method": "POST", "path": "/p", "headers": { "Content-Type": "|" }, "parameters": [{ "name": "b", "location": "body", "type": "object", "model": "" }] }] }`;
    assert.ok(labels(withModels).includes('"application/json"'));
    assert.deepEqual(labels(withModels.replace('"model": ""', '"model": "|"').replace('"Content-Type": "|"', '"Content-Type": ""')), ['"Pet"']);
    assert.ok(labels('{ "kind": "odata", "name": "x", "customRequests": [{ "id": "r", "headers": { | } }] }').includes('If-Match'));
  });

  test('OData query options are offered in query', () => {
    const names = labels('{ "kind": "odata", "name": "x", "customRequests": [{ "id": "r", "query": { "$top": "5", | } }] }');
    assert.deepEqual(names, ['$select', '$filter', '$expand', '$orderby', '$skip', '$count', '$search']);
  });

  test('parameter names inside {{ of a template and { of a path', () => {
    const template = complete(rest('{ "name": "first", "location": "query", "type": "string" }, { "name": "c", "location": "header", "type": "computed", "template": "{{fi|" }'));
    assert.deepEqual(template.items.map((i) => i.label), ['first']);
    const after = applyEdits(template.text, [{ ...template.items[0]!.replace, content: template.items[0]!.insertText }]);
    assert.ok(after.includes('"template": "{{first}}"'));
    const path = labels('{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "operations": [{ "id": "a", "method": "GET", "path": "/p/{|", "parameters": [{ "name": "petId", "location": "path", "type": "string" }] }] }');
    assert.deepEqual(path, ['petId']);
  });
});

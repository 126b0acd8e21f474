import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText } from '../../../server/src/core/lint';

function findings(requests: string) {
  const text = `{ "kind": "odata", "name": "t", "baseUrl": "https://h.example/odata", "connectorVersion": "2.1.17", "customRequests": [
    { "id": "createBook", "operation": "create", "url": "Books", "body": "{}" },
    ${requests}
  ] }`;
  return lintText(text).findings.map((f) => ({ code: f.code, message: f.message, at: text.slice(f.offset, f.offset + f.length) }));
}

describe('OData $batch in the connector schema', () => {
  test('a batch needs no url; its format and requests are read', () => {
    const found = findings('{ "id": "b", "operation": "batch", "format": "json", "requests": [ { "request": "createBook", "values": { "x": 1 }, "changeSet": "c" } ] }');
    assert.deepEqual(found.filter((f) => f.code.startsWith('schema')), []);
    const text = '{ "kind": "odata", "name": "t", "baseUrl": "https://h.example/odata", "customRequests": [ { "id": "b", "operation": "batch", "requests": [ 1, { "request": "x", "changeSet": "c" } ] } ] }';
    const connector = lintText(text).connector;
    assert.ok(connector?.kind === 'odata');
    const items = connector.customRequests[0]?.requests ?? [];
    // The non-object element keeps its place: the item after it is item 2 (Content-ID 2).
    assert.deepEqual(items.map((i) => [i.index, i.request?.value, i.changeSet?.value]), [[1, 'x', 'c']]);
  });

  test('a batch without requests, with a body, or a request with format are schema errors; a request still needs a url', () => {
    const found = findings('{ "id": "b", "operation": "batch", "body": "{}" }, { "id": "r", "operation": "read", "format": "json" }');
    assert.deepEqual(found.map((f) => [f.code, f.message, f.at]), [
      ['missing-property', "Custom request 'b' needs 'requests'. Add \"requests\": ....", '{'],
      ['property-not-for-kind', "A batch has no 'body': each of its items takes it from the Custom request it names. Remove it, or set it on that request.", '"body"'],
      ['missing-property', "Custom request 'r' needs 'url'. Add \"url\": ....", '{'],
      ['property-not-for-kind', `'format' belongs to a batch ("operation": "batch"); this request's operation is "read". Remove it, or change 'operation'.`, '"format"'],
    ]);
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText } from '../../../server/src/core/lint';
import type { ODataConnector } from '../../../server/src/core/model';
import { buildBatch } from '../../../server/src/core/request/prepareBatch';
import { filesIn } from '../../support/files';

const REQUESTS = `
  { "id": "createBook", "operation": "create", "url": "Books", "body": "{\\"ID\\": {{id}}, \\"title\\": \\"{{title}}\\"}" },
  { "id": "getBook", "operation": "read", "url": "Books({id})", "query": { "$select": "title" } },
  { "id": "addChapter", "operation": "create", "url": "{parent}/chapters", "body": "{\\"number\\": 1}" },
  { "id": "raw", "operation": "read", "url": "{path}", "parameterMode": "onlyPath" },
  { "id": "patchBook", "operation": "update", "url": "Books({id})", "headers": { "If-Match": "{{etag}}" }, "body": "{}" }`;

function connectorWith(batch: string, requests = REQUESTS): { connector: ODataConnector; batch: ODataConnector['customRequests'][number] } {
  const text = `{ "kind": "odata", "name": "t", "baseUrl": "http://127.0.0.1:9/odata/v4/catalog/", "connectorVersion": "2.1.17", "customRequests": [${requests}, ${batch}] }`;
  const { connector } = lintText(text);
  assert.ok(connector?.kind === 'odata');
  const found = connector.customRequests.find((r) => r.id?.value === 'b');
  assert.ok(found);
  return { connector, batch: found };
}

/** Boundaries drawn in order from a list, so the bytes are known. */
function boundaries(...list: string[]): () => string {
  let i = 0;
  return () => list[Math.min(i++, list.length - 1)] as string;
}

async function build(batch: string, next: () => string = boundaries('B1', 'C1')) {
  const { connector, batch: request } = connectorWith(batch);
  return buildBatch(connector, request, filesIn('.'), '.', next);
}

describe('OData $batch: the multipart body', () => {
  test('a change set of two creates and a read, CRLF exact, request lines relative to the service root', async () => {
    const outcome = await build(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "createBook", "values": { "id": 7, "title": "A" }, "changeSet": "books" },
      { "request": "createBook", "values": { "id": 8, "title": "B" }, "changeSet": "books" },
      { "request": "getBook", "values": { "id": 7 } } ] }`);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    const { request } = outcome;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, 'http://127.0.0.1:9/odata/v4/catalog/$batch');
    assert.ok(request.body?.kind === 'text');
    const expected =
      '--batch_B1\r\n' +
      'Content-Type: multipart/mixed; boundary=changeset_C1\r\n' +
      '\r\n' +
      '--changeset_C1\r\n' +
      'Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: 1\r\n\r\n' +
      'POST Books HTTP/1.1\r\nAccept: application/json;odata.metadata=minimal\r\nContent-Type: application/json\r\n\r\n' +
      '{"ID": 7, "title": "A"}\r\n' +
      '--changeset_C1\r\n' +
      'Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: 2\r\n\r\n' +
      'POST Books HTTP/1.1\r\nAccept: application/json;odata.metadata=minimal\r\nContent-Type: application/json\r\n\r\n' +
      '{"ID": 8, "title": "B"}\r\n' +
      '--changeset_C1--\r\n' +
      '\r\n' +
      '--batch_B1\r\n' +
      'Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: 3\r\n\r\n' +
      'GET Books(7)?$select=title HTTP/1.1\r\nAccept: application/json;odata.metadata=minimal\r\n\r\n' +
      '\r\n' +
      '--batch_B1--\r\n';
    assert.equal(request.body.text, expected);
    assert.deepEqual(request.headers, [
      ['OData-Version', '4.0'],
      ['Accept', 'multipart/mixed'],
      ['Content-Type', 'multipart/mixed; boundary=batch_B1'],
      ['Content-Length', String(Buffer.byteLength(expected))],
    ]);
    assert.ok(request.shaping.kind === 'odataBatch');
    assert.deepEqual(request.shaping.parts.map((p) => [p.requestId, p.changeSet]), [['createBook', 'books'], ['createBook', 'books'], ['getBook', undefined]]);
  });

  test('$n in a later item\'s url and If-Match is written as OData\'s reference', async () => {
    const outcome = await build(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "createBook", "values": { "id": 7, "title": "A" }, "changeSet": "c" },
      { "request": "addChapter", "values": { "parent": "$1" }, "changeSet": "c" },
      { "request": "patchBook", "values": { "id": 7, "etag": "$1" }, "changeSet": "c" } ] }`);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.ok(outcome.request.body?.kind === 'text');
    assert.match(outcome.request.body.text, /\r\nPOST \$1\/chapters HTTP\/1\.1\r\n/);
    assert.match(outcome.request.body.text, /\r\nPATCH Books\(7\) HTTP\/1\.1\r\nAccept: [^\r]*\r\nIf-Match: \$1\r\n/);
  });

  test('a $n that points forward or at itself is refused with the item and what it may name', async () => {
    const outcome = await build(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "addChapter", "values": { "parent": "$2" } },
      { "request": "addChapter", "values": { "parent": "$2" } } ] }`);
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.problems.map((p) => p.message), [
      "Item 1's url refers with '$2' to item 2, which comes later; '$n' may only name an earlier item of the batch (1 to 0).",
      "Item 2's url refers with '$2' to itself; '$n' may only name an earlier item of the batch (1 to 1).",
    ]);
  });

  test('a boundary that an item contains is drawn again', async () => {
    const outcome = await build(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "createBook", "values": { "id": 7, "title": "--batch_X1 and changeset_Y1" } } ] }`, boundaries('X1', 'X2', 'Y1', 'Y2'));
    assert.ok(outcome.ok);
    assert.ok(outcome.request.body?.kind === 'text');
    assert.ok(outcome.request.body.text.startsWith('--batch_X2\r\n'));
    assert.ok(outcome.request.body.text.endsWith('\r\n--batch_X2--\r\n'));
    assert.ok(outcome.request.body.text.includes('"title": "--batch_X1 and changeset_Y1"'));
  });

  test('CR/LF in a value cannot forge a part: a header refuses it, an onlyPath url refuses it, a body keeps it inside its JSON string', async () => {
    const forged = 'x\r\n--batch_B1\r\nContent-Type: application/http';
    const header = await build(`{ "id": "b", "operation": "batch", "requests": [ { "request": "patchBook", "values": { "id": 1, "etag": ${JSON.stringify(forged)} } } ] }`);
    assert.ok(!header.ok);
    assert.match(header.problems[0]?.message ?? '', /^Item 1 \('patchBook'\): The value of header 'If-Match' holds a line break/);
    const path = await build(`{ "id": "b", "operation": "batch", "requests": [ { "request": "raw", "values": { "path": ${JSON.stringify(`Books HTTP/1.1\r\n\r\nDELETE Books(1)`)} } } ] }`);
    assert.ok(!path.ok);
    assert.match(path.problems.map((p) => p.message).join('\n'), /Item 1's url holds a space, line break or NUL/);
    const body = await build(`{ "id": "b", "operation": "batch", "requests": [ { "request": "createBook", "values": { "id": 1, "title": "a\\\\r\\\\n--batch_B1" } } ] }`, boundaries('B1', 'B2', 'C1'));
    assert.ok(body.ok, JSON.stringify(body));
    assert.ok(body.request.body?.kind === 'text');
    assert.ok(body.request.body.text.startsWith('--batch_B2\r\n'));
  });

  test('an unknown request id, a batch inside a batch, and a url outside the service root are refused', async () => {
    const outcome = await build(`{ "id": "b", "operation": "batch", "requests": [ { "request": "nope" }, { "request": "b" } ] }`);
    assert.ok(!outcome.ok);
    assert.match(outcome.problems[0]?.message ?? '', /^Item 1 names 'nope', which is no Custom request of this file\. Known: 'createBook', 'getBook'/);
    assert.match(outcome.problems[1]?.message ?? '', /^Item 2 names the batch 'b'; a batch holds Custom requests, not batches\./);
    const many = Array.from({ length: 3_000 }, (_, i) => `{ "id": "r${i}", "operation": "read", "url": "Books" }`).join(', ');
    const unknownItems = Array.from({ length: 3_000 }, (_, i) => `{ "request": "x${i}" }`).join(', ');
    const { connector, batch: wide } = connectorWith(`{ "id": "b", "operation": "batch", "requests": [${unknownItems}] }`, many);
    const refused = await buildBatch(connector, wide, filesIn('.'), '.', boundaries('B1'));
    assert.ok(!refused.ok);
    // Every item is refused; each names twenty of the 3,000 ids and how many more, as the file's check does.
    assert.equal(refused.problems.filter((p) => p.code === 'unknown-operation').length, 3_000);
    assert.match(refused.problems[2_999]?.message ?? '', /^Item 3000 names 'x2999', which is no Custom request of this file\. Known: 'r0', 'r1', .*'r19' and 2980 more\.$/);
    const outside = await build(`{ "id": "b", "operation": "batch", "requests": [ { "request": "raw", "values": { "path": "http://elsewhere.example/x" } } ] }`);
    assert.ok(!outside.ok);
    assert.match(outside.problems[0]?.message ?? '', /Item 1's url "http:\/\/elsewhere\.example\/x" is not under the service root/);
  });

  test('the JSON format (OData 4.01): atomicity groups, dependsOn, bodies spliced with the digits the values were written with', async () => {
    const outcome = await build(`{ "id": "b", "operation": "batch", "format": "json", "requests": [
      { "request": "createBook", "values": { "id": 9007199254740993.50, "title": "A" }, "changeSet": "g" },
      { "request": "addChapter", "values": { "parent": "$1" }, "changeSet": "g" },
      { "request": "getBook", "values": { "id": 7 } } ] }`);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.ok(outcome.request.body?.kind === 'text');
    assert.match(outcome.request.body.text, /"body":\{"ID": 9007199254740993\.50, "title": "A"\}/);
    const parsed = JSON.parse(outcome.request.body.text) as { requests: Record<string, unknown>[] };
    assert.deepEqual(parsed.requests.map((r) => [r.id, r.atomicityGroup, r.dependsOn, r.method, r.url]), [
      ['1', 'g', undefined, 'POST', 'Books'],
      ['2', 'g', ['1'], 'POST', '$1/chapters'],
      ['3', undefined, undefined, 'GET', 'Books(7)?$select=title'],
    ]);
    assert.ok(outcome.request.headers.some(([n, v]) => n === 'Content-Type' && v === 'application/json'));
  });
});

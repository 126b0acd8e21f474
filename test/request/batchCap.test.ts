import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { runRequest } from '../../server/src/core/request/run';
import { CAP_PASSWORD, CAP_USER, startCapService } from '../support/capServer';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

let service: { url: string; close(): Promise<void> };
before(async () => {
  service = await startCapService({ writable: true });
});
after(() => service.close());

const REQUESTS = `
  { "id": "createBook", "operation": "create", "url": "Books", "body": "{\\"ID\\": {{id}}, \\"title\\": {{title}}}", "responseStructure": { "ID": 0, "title": "" } },
  { "id": "getBook", "operation": "read", "url": "Books({id})", "responseStructure": { "title": "" } }`;

async function runBatch(batch: string) {
  const text = `{ "kind": "odata", "name": "cap", "baseUrl": "${service.url}", "connectorVersion": "2.1.17", "authorization": { "scheme": "basic", "username": "${CAP_USER}", "secret": "cap" }, "customRequests": [${REQUESTS}, ${batch}] }`;
  const { connector, findings } = lintText(text);
  assert.ok(connector);
  return runRequest({ connector, findings, operationId: 'b', secrets: () => CAP_PASSWORD, baseDir: '.', files: filesIn('.'), send: { network: DIRECT_NETWORK, timeoutMs: 10_000 } });
}

async function readBook(id: number) {
  const outcome = await runBatch(`{ "id": "b", "operation": "batch", "requests": [ { "request": "getBook", "values": { "id": ${id} } } ] }`);
  assert.ok(outcome.sent);
  return (outcome.result.data as { status: number }[])[0]?.status;
}

describe('OData $batch against SAP CAP', () => {
  test('a change set creates two books together, and a read in the same batch sees them; each part shaped by its request', async () => {
    const outcome = await runBatch(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "createBook", "values": { "id": 101, "title": "\\"First\\"" }, "changeSet": "books" },
      { "request": "createBook", "values": { "id": 102, "title": "\\"Second\\"" }, "changeSet": "books" },
      { "request": "getBook", "values": { "id": 102 } } ] }`);
    assert.ok(outcome.sent, JSON.stringify(outcome));
    assert.equal(outcome.result.status, 200, JSON.stringify(outcome.result));
    assert.deepEqual(outcome.result.errors, []);
    assert.deepEqual(outcome.result.data, [
      { status: 201, data: { ID: 101, title: 'First' }, errors: [] },
      { status: 201, data: { ID: 102, title: 'Second' }, errors: [] },
      { status: 200, data: { title: 'Second' }, errors: [] },
    ]);
    assert.equal(await readBook(101), 200);
  });

  test('a change set with a failing part creates nothing, and the result shows each part', async () => {
    const outcome = await runBatch(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "createBook", "values": { "id": 201, "title": "\\"Kept?\\"" }, "changeSet": "books" },
      { "request": "createBook", "values": { "id": 202, "title": "null" }, "changeSet": "books" } ] }`);
    assert.ok(outcome.sent, JSON.stringify(outcome));
    assert.equal(outcome.result.status, 200, JSON.stringify(outcome.result));
    const parts = outcome.result.data as { status: number; errors: string[] }[];
    assert.equal(parts.length, 2);
    for (const part of parts) {
      assert.ok(part.status >= 400, JSON.stringify(parts));
      assert.match(part.errors[0] ?? '', /^Change set 'books' failed.*none of its changes were applied\.$/);
    }
    assert.match(parts[1]?.errors.slice(1).join(' ') ?? '', /ASSERT_MANDATORY/);
    assert.equal(outcome.result.errors.length, 2);
    assert.equal(await readBook(201), 404);
  });

  test('without a change set each part stands alone: the first book is kept when the second fails', async () => {
    const outcome = await runBatch(`{ "id": "b", "operation": "batch", "requests": [
      { "request": "createBook", "values": { "id": 301, "title": "\\"Kept\\"" } },
      { "request": "createBook", "values": { "id": 302, "title": "null" } } ] }`);
    assert.ok(outcome.sent);
    const parts = outcome.result.data as { status: number; errors: string[] }[];
    assert.deepEqual(parts.map((p) => p.status), [201, 400]);
    assert.deepEqual(parts[0]?.errors, []);
    assert.equal(await readBook(301), 200);
  });

  test('the JSON format (OData 4.01): a change set as an atomicity group, results by id', async () => {
    const outcome = await runBatch(`{ "id": "b", "operation": "batch", "format": "json", "requests": [
      { "request": "createBook", "values": { "id": 401, "title": "\\"J1\\"" }, "changeSet": "g" },
      { "request": "createBook", "values": { "id": 402, "title": "\\"J2\\"" }, "changeSet": "g" },
      { "request": "getBook", "values": { "id": 402 } } ] }`);
    assert.ok(outcome.sent, JSON.stringify(outcome));
    assert.equal(outcome.result.status, 200, JSON.stringify(outcome.result));
    assert.deepEqual(outcome.result.data, [
      { status: 201, data: { ID: 401, title: 'J1' }, errors: [] },
      { status: 201, data: { ID: 402, title: 'J2' }, errors: [] },
      { status: 200, data: { title: 'J2' }, errors: [] },
    ]);
  });

  test('the JSON format: a failed atomicity group creates nothing, and every item of it says so', async () => {
    const outcome = await runBatch(`{ "id": "b", "operation": "batch", "format": "json", "requests": [
      { "request": "createBook", "values": { "id": 601, "title": "\\"J\\"" }, "changeSet": "g" },
      { "request": "createBook", "values": { "id": 602, "title": "null" }, "changeSet": "g" } ] }`);
    assert.ok(outcome.sent, JSON.stringify(outcome));
    const parts = outcome.result.data as { status: number; errors: string[] }[];
    assert.deepEqual(parts.map((p) => p.errors[0]), [
      "Change set 'g' failed at item 2 (HTTP 400); none of its changes were applied.",
      "Change set 'g' failed at item 2 (HTTP 400); none of its changes were applied.",
    ]);
    assert.match(parts[1]?.errors[1] ?? '', /ASSERT_MANDATORY/);
    assert.equal(await readBook(601), 404);
  });
});

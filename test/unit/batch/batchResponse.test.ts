import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { shapeBatchResult } from '../../../server/src/core/http/batchResult';
import { parseMultipartBatch } from '../../../server/src/core/http/batchResponse';
import type { ReceivedResponse, ResultShaping } from '../../../server/src/core/http/types';

const ODATA = { kind: 'odata', operation: 'create', includeHeaders: false, includeEntityDescriptor: false, metadataLevel: 'minimal' } as const;

function shaping(changeSets: (string | undefined)[]): Extract<ResultShaping, { kind: 'odataBatch' }> {
  return { kind: 'odataBatch', format: 'multipart', includeHeaders: false, parts: changeSets.map((c) => ({ requestId: 'createBook', ...(c ? { changeSet: c } : {}), shaping: { ...ODATA, responseStructure: { ID: 0 } } })) };
}

function answer(body: string, contentType = 'multipart/mixed; boundary=b1', extra: Partial<ReceivedResponse> = {}): ReceivedResponse {
  return { status: 200, statusText: 'OK', headers: { 'content-type': contentType }, body, truncated: false, totalMs: 1, ...extra };
}

const part = (status: string, body: string, contentId?: string): string =>
  `Content-Type: application/http\r\n${contentId ? `Content-ID: ${contentId}\r\n` : ''}\r\nHTTP/1.1 ${status}\r\nContent-Type: application/json\r\n\r\n${body}`;

describe('OData $batch: reading the answer', () => {
  test('a change set answered part by part, then a single part; a longer boundary starting with ours is not a delimiter', () => {
    const body = `preamble\r\n--b1\r\nContent-Type: multipart/mixed; boundary=c1\r\n\r\n--c1\r\n${part('201 Created', '{"ID":1,"x":"--b1x"}', '1')}\r\n--c1\r\n${part('201 Created', '{"ID":2}', '2')}\r\n--c1--\r\n\r\n--b1\r\n${part('201 Created', '{"ID":3}')}\r\n--b1--\r\nepilogue`;
    const result = shapeBatchResult(shaping(['s', 's', undefined]), answer(body), []);
    assert.deepEqual(result.data, [
      { status: 201, data: { ID: 1 }, errors: [] },
      { status: 201, data: { ID: 2 }, errors: [] },
      { status: 201, data: { ID: 3 }, errors: [] },
    ]);
    assert.deepEqual(result.errors, []);
  });

  test('a failed change set answered with one response: the failing item named by its Content-ID, every item told', () => {
    const body = `--b1\r\n${part('400 Bad Request', '{"error":{"code":"BAD","message":"title is missing"}}', '2')}\r\n--b1--\r\n`;
    const result = shapeBatchResult(shaping(['s', 's']), answer(body), []);
    assert.deepEqual(result.data, [
      { status: 400, data: null, errors: ["Change set 's' failed at item 2 (HTTP 400); none of its changes were applied.", 'HTTP 400 Bad Request'] },
      { status: 400, data: null, errors: ["Change set 's' failed at item 2 (HTTP 400); none of its changes were applied.", 'BAD: title is missing'] },
    ]);
    assert.equal(result.errors.length, 2);
  });

  test('LF-only line ends are read too', () => {
    const body = `--b1\nContent-Type: application/http\n\nHTTP/1.1 201 Created\nContent-Type: application/json\n\n{"ID":5}\n--b1--\n`;
    assert.deepEqual(shapeBatchResult(shaping([undefined]), answer(body), []).data, [{ status: 201, data: { ID: 5 }, errors: [] }]);
  });

  test('hostile answers: no boundary, a boundary that never occurs, nested change sets, no status line, a cut answer, a stop after a failure', () => {
    const noBoundary = shapeBatchResult(shaping([undefined]), answer('--b1\r\n', 'multipart/mixed'), []);
    assert.match(noBoundary.errors[0] ?? '', /not multipart\/mixed with a boundary; it is no batch answer/);
    const absent = shapeBatchResult(shaping([undefined]), answer('{"value":[]}'), []);
    assert.match(absent.errors[0] ?? '', /boundary 'b1' does not occur in its body/);
    const nested = `--b1\r\nContent-Type: multipart/mixed; boundary=c1\r\n\r\n--c1\r\nContent-Type: multipart/mixed; boundary=d1\r\n\r\n--d1\r\n${part('201 Created', '{}')}\r\n--d1--\r\n--c1--\r\n--b1--\r\n`;
    const deep = shapeBatchResult(shaping(['s', 's']), answer(nested), []);
    assert.deepEqual((deep.data as { errors: string[] }[]).map((d) => d.errors), [["A change set's answer holds another multipart; OData change sets do not nest."], ["A change set's answer holds another multipart; OData change sets do not nest."]]);
    const noStatus = shapeBatchResult(shaping([undefined]), answer(`--b1\r\nContent-Type: application/http\r\n\r\nhello\r\n--b1--`), []);
    assert.match(noStatus.errors[0] ?? '', /Item 1 \('createBook'\): The service answered a part without an HTTP status line/);
    const cut = shapeBatchResult(shaping([undefined, undefined]), answer(`--b1\r\n${part('201 Created', '{"ID":1}')}\r\n--b1\r\nContent-Type: application/ht`, undefined, { truncated: true }), []);
    assert.deepEqual((cut.data as { status: number }[]).map((d) => d.status), [201, 0]);
    assert.match(cut.errors.join(), /cut/);
    const stopped = shapeBatchResult(shaping([undefined, undefined]), answer(`--b1\r\n${part('400 Bad Request', '{}')}\r\n--b1--\r\n`), []);
    assert.match((stopped.data as { errors: string[] }[])[1]?.errors[0] ?? '', /no answer for this item.*Prefer: odata\.continue-on-error/);
  });

  test('a huge answer of many parts is read in one pass', () => {
    const parts = Array.from({ length: 20_000 }, (_, i) => `--b1\r\n${part('200 OK', `{"ID":${i}}`)}\r\n`).join('');
    const parsed = parseMultipartBatch('multipart/mixed; boundary="b1"', `${parts}--b1--\r\n`);
    assert.ok(parsed.ok);
    assert.equal(parsed.units.length, 20_000);
    assert.ok(parsed.complete);
  });

  test('a batch the service refuses as a whole gives its OData error', () => {
    const result = shapeBatchResult(shaping([undefined]), answer('{"error":{"code":"400","message":"Malformed batch"}}', 'application/json', { status: 400, statusText: 'Bad Request' }), []);
    assert.equal(result.status, 400);
    assert.deepEqual(result.errors, ['400: Malformed batch']);
  });

  test('a JSON batch answer: results by id whatever their order; a missing one and a non-batch answer are said', () => {
    const json = { ...shaping([undefined, undefined]), format: 'json' as const };
    const body = JSON.stringify({ responses: [{ id: '2', status: 201, body: { ID: 2, extra: 1 } }, { id: 'x', status: 500 }] });
    const result = shapeBatchResult(json, answer(body, 'application/json'), []);
    assert.deepEqual(result.data, [
      { status: 0, data: null, errors: ['The service sent no response for this item.'] },
      { status: 201, data: { ID: 2 }, errors: [] },
    ]);
    const wrong = shapeBatchResult(json, answer('[1,2]', 'application/json'), []);
    assert.deepEqual(wrong.errors, ['The answer is not a JSON batch answer (an object with a "responses" array).']);
  });
});

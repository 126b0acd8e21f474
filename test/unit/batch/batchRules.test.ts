import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completionsAt } from '../../../server/src/core/features/completion';
import { lintText } from '../../../server/src/core/lint';
import { withCursor } from '../../support/cursor';

function check(batchItems: string) {
  const text = `{ "kind": "odata", "name": "t", "baseUrl": "https://h.example/odata", "connectorVersion": "2.1.17", "customRequests": [
    { "id": "createBook", "operation": "create", "url": "Books", "body": "{}" },
    { "id": "addChapter", "operation": "create", "url": "{parent}/chapters", "body": "{}" },
    { "id": "listBooks", "operation": "read", "url": "Books" },
    { "id": "b", "operation": "batch", "requests": [ ${batchItems} ] }
  ] }`;
  const { findings } = lintText(text);
  return findings.map((f) => ({ code: f.code, message: f.message, at: text.slice(f.offset, f.offset + f.length), fix: f.fixes?.[0]?.title }));
}

describe('OData $batch: checks as you type', () => {
  test('a clean batch has no findings', () => {
    assert.deepEqual(check('{ "request": "createBook", "changeSet": "c" }, { "request": "addChapter", "values": { "parent": "$1" }, "changeSet": "c" }, { "request": "listBooks" }'), []);
  });

  test('an unknown request id, with the closest id as a fix; a batch named as an item', () => {
    assert.deepEqual(check('{ "request": "createBok" }, { "request": "b" }'), [
      { code: 'batch-unknown-request', message: "Item 1 of batch 'b' names 'createBok', which is no Custom request of this file. Did you mean 'createBook'?", at: '"createBok"', fix: "Change to 'createBook'" },
      { code: 'batch-unknown-request', message: "Item 2 of batch 'b' names the batch 'b'; a batch holds Custom requests, not batches. Known: 'createBook', 'addChapter', 'listBooks'.", at: '"b"', fix: undefined },
    ]);
  });

  test('an item names the first Custom request of its id that is no batch, whichever comes first in the file', () => {
    // Two requests named "dup": a read, then a create; and "b2", a batch first, then a read.
    const text = `{ "kind": "odata", "name": "t", "baseUrl": "https://h.example/odata", "connectorVersion": "2.1.17", "customRequests": [
      { "id": "dup", "operation": "read", "url": "Books" },
      { "id": "dup", "operation": "create", "url": "Books", "body": "{}" },
      { "id": "b2", "operation": "batch", "requests": [ { "request": "dup" } ] },
      { "id": "b2", "operation": "read", "url": "Books" },
      { "id": "b", "operation": "batch", "requests": [ { "request": "dup", "changeSet": "c" }, { "request": "b2", "changeSet": "c" } ] }
    ] }`;
    const batchFindings = lintText(text).findings.filter((f) => f.code.startsWith('batch-')).map((f) => [f.code, text.slice(f.offset, f.offset + f.length), f.message.slice(0, 40)]);
    // Both items name a read (the first "dup", the "b2" that is no batch): each is a read in a change set, neither unknown.
    assert.deepEqual(batchFindings, [
      ['batch-read-in-change-set', '"c"', "Item 1 of batch 'b' is 'dup', a 'read' ("],
      ['batch-read-in-change-set', '"c"', "Item 2 of batch 'b' is 'b2', a 'read' (G"],
    ]);
  });

  test('a read inside a change set, with the fix that takes it out', () => {
    assert.deepEqual(check('{ "request": "createBook", "changeSet": "c" }, { "request": "listBooks", "changeSet": "c" }'), [
      { code: 'batch-read-in-change-set', message: "Item 2 of batch 'b' is 'listBooks', a 'read' (GET), in change set 'c'; a change set holds only changes (create, update, replace, delete, action). Remove 'changeSet' from this item.", at: '"c"', fix: "Remove 'changeSet'" },
    ]);
  });

  test('a $n that points forward, at the item itself, or past the end', () => {
    assert.deepEqual(check('{ "request": "addChapter", "values": { "parent": "$2" } }, { "request": "addChapter", "values": { "parent": "$2" } }, { "request": "addChapter", "values": { "parent": "$9/x" } }').map((f) => [f.code, f.message, f.at]), [
      ['batch-forward-reference', "'parent' of item 1 in batch 'b' refers with '$2' to item 2, which comes later; '$n' may only name an earlier item, and this is the first. Move the item after the one it refers to.", '"$2"'],
      ['batch-forward-reference', "'parent' of item 2 in batch 'b' refers with '$2' to this item itself; '$n' may only name an earlier item (1 to 1). Move the item after the one it refers to.", '"$2"'],
      ['batch-forward-reference', "'parent' of item 3 in batch 'b' refers with '$9' to item 9, which the batch does not have; '$n' may only name an earlier item (1 to 2). Move the item after the one it refers to.", '"$9/x"'],
    ]);
  });

  test("completion offers the file's Custom requests (not batches) for an item's request", () => {
    const { text, offset } = withCursor('{ "kind": "odata", "name": "t", "baseUrl": "https://h.example/odata", "customRequests": [ { "id": "createBook", "operation": "create", "url": "Books" }, { "id": "b", "operation": "batch", "requests": [ { "request": "|" } ] } ] }');
    const items = completionsAt(lintText(text), offset);
    assert.deepEqual(items.map((i) => [i.label, i.documentation]), [['"createBook"', 'create Books']]);
  });
});

test('a batch of 100,001 elements: each item keeps its place, and every reference to a later item is found', { timeout: 120_000 }, () => {
  // Element 2 is no object: it still takes a Content-ID, so the items after it are 3, 4, ...
  const items = Array.from({ length: 100_000 }, (_, i) => `{ "request": "addChapter", "values": { "parent": "$${i === 0 ? 1 : i + 3}" } }`);
  items.splice(1, 0, '7');
  const found = check(items.join(', ')).filter((f) => f.code === 'batch-forward-reference');
  assert.equal(found.length, 100_000);
  assert.match(found[0]?.message ?? '', /of item 1 in batch 'b' refers with '\$1' to this item itself/);
  assert.match(found[1]?.message ?? '', /of item 3 in batch 'b' refers with '\$4' to item 4, which comes later/);
  assert.match(found[99_999]?.message ?? '', /of item 100001 in batch 'b' refers with '\$100002' to item 100002, which the batch does not have/);
});

test('20,000 batch items naming no request beside 20,000 requests: each reported, the known ids named twenty at a time', { timeout: 120_000 }, () => {
  const requests = Array.from({ length: 20_000 }, (_, i) => `{ "id": "r${i}", "operation": "read", "url": "Books" }`);
  const items = Array.from({ length: 20_000 }, (_, i) => `{ "request": "${i % 2 ? `batch${i}` : `unknown${i}`}" }`);
  const batches = Array.from({ length: 10_000 }, (_, i) => `{ "id": "batch${2 * i + 1}", "operation": "batch", "requests": [ { "request": "r0" } ] }`);
  const text = `{ "kind": "odata", "name": "t", "baseUrl": "https://h.example/odata", "connectorVersion": "2.1.17", "customRequests": [ ${[...requests, ...batches, `{ "id": "b", "operation": "batch", "requests": [ ${items.join(', ')} ] }`].join(', ')} ] }`;
  const found = lintText(text).findings.filter((f) => f.code === 'batch-unknown-request');
  assert.equal(found.length, 20_000);
  assert.match(found[0]?.message ?? '', /^Item 1 of batch 'b' names 'unknown0', which is no Custom request of this file\. (Did you mean 'r\d+'\?|Known: 'r0', 'r1', .*'r19' and 19980 more\.)$/);
  assert.match(found[19_999]?.message ?? '', /^Item 20000 of batch 'b' names the batch 'batch19999'; a batch holds Custom requests, not batches\./);
});

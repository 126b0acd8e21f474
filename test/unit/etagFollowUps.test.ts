// Which Custom requests a result panel offers to send with the answer's ETag, and the values its prompts start from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildModel } from '../../server/src/core/model';
import { parseDocument } from '../../server/src/core/parse';
import { etagFollowUps, parseExact, type ExactJson } from '../../server/src/core';

function connectorOfText(text: string) {
  const connector = buildModel(parseDocument(text).root);
  assert.ok(connector);
  return connector;
}

const ifsOrders = connectorOfText(readFileSync(join(__dirname, '..', '..', 'examples', 'ifs-orders.connector.json'), 'utf8'));

function exact(text: string): ExactJson {
  const parsed = parseExact(text);
  assert.ok(parsed.ok);
  return parsed.value;
}

describe('etagFollowUps', () => {
  test('a read with @odata.etag offers the update and the delete, with the ETag and the key by name (case-insensitive)', () => {
    const data = exact('{"@odata.etag":"W/\\"Vk1kOjE=\\"","OrderNo":"A-17","Status":"Planned"}');
    const offered = etagFollowUps(ifsOrders, 'getOrder', data, {});
    assert.equal(offered.etag, 'W/"Vk1kOjE="');
    assert.deepEqual(offered.followUps, [
      { operationId: 'releaseOrder', texts: [['orderNo', 'A-17'], ['etag', 'W/"Vk1kOjE="']] },
      { operationId: 'deleteOrder', texts: [['orderNo', 'A-17'], ['etag', 'W/"Vk1kOjE="']] },
    ]);
  });

  test("the response's ETag header comes before the data's, and no ETag offers nothing", () => {
    const data = exact('{"@odata.etag":"W/\\"old\\"","OrderNo":"A-17"}');
    assert.equal(etagFollowUps(ifsOrders, 'getOrder', data, { ETag: '"new"' }).etag, '"new"');
    assert.deepEqual(etagFollowUps(ifsOrders, 'getOrder', exact('{"OrderNo":"A-17"}'), {}), { followUps: [] });
    assert.deepEqual(etagFollowUps(ifsOrders, 'getOrder', undefined, {}), { followUps: [] });
  });

  test('a request whose required key the answer lacks is not offered; the answered request is never offered', () => {
    assert.deepEqual(etagFollowUps(ifsOrders, 'getOrder', exact('{"CustomerNo":"C1"}'), { etag: '"1"' }).followUps, []);
    assert.deepEqual(etagFollowUps(ifsOrders, 'deleteOrder', exact('{"OrderNo":"A-17"}'), { etag: '"1"' }).followUps.map((f) => f.operationId), ['releaseOrder']);
  });

  test('an ETag with CR/LF, a space or a control character is refused, never offered', () => {
    for (const bad of ['"1"\r\nX-Injected: yes', '"1"\n', 'W/"a b"', '"\u0000"', '"é"', '']) {
      const data = exact(JSON.stringify({ '@odata.etag': bad, OrderNo: 'A-17' }));
      const offered = etagFollowUps(ifsOrders, 'getOrder', data, {});
      assert.deepEqual(offered.followUps, [], JSON.stringify(bad));
      assert.match(offered.refused ?? '', /not offered/);
      assert.deepEqual(etagFollowUps(ifsOrders, 'getOrder', exact('{"OrderNo":"A-17"}'), { etag: bad }).followUps, []);
    }
  });

  test('keys beyond 2^53 keep their digits; a __proto__ member is an ordinary value and pollutes nothing', () => {
    const connector = connectorOfText(JSON.stringify({
      kind: 'odata', name: 'T', baseUrl: 'http://127.0.0.1/odata',
      customRequests: [
        { id: 'get', operation: 'read', url: 'Items({id})' },
        { id: 'put', operation: 'update', url: 'Items({id})', headers: { 'If-Match': '{{tag}}' }, body: '{ "Parent": {{__proto__}}, "Qty": {{qty}} }' },
      ],
    }));
    const data = exact('{"id":9007199254740993,"__proto__":"P-1","QTY":12.50,"@odata.etag":"\\"7\\""}');
    const offered = etagFollowUps(connector, 'get', data, {});
    assert.equal(offered.followUps.length, 1);
    const texts = new Map(offered.followUps[0]?.texts);
    assert.equal(texts.get('id'), '9007199254740993');
    assert.equal(texts.get('qty'), '12.50');
    assert.equal(texts.get('tag'), '"7"');
    // A body variable's text is JSON, inserted as written.
    assert.equal(texts.get('__proto__'), '"P-1"');
    assert.equal(Object.getPrototypeOf(texts), Map.prototype);
    assert.equal(({} as Record<string, unknown>)['P-1'], undefined);
    // An object where the request needs a value fills nothing, so the request is not offered.
    assert.deepEqual(etagFollowUps(connector, 'get', exact('{"id":1,"__proto__":{"polluted":true},"qty":1,"@odata.etag":"\\"7\\""}'), {}).followUps, []);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('a credential-like input is never filled from the answer, and two members differing only in case fill nothing', () => {
    const connector = connectorOfText(JSON.stringify({
      kind: 'odata', name: 'T', baseUrl: 'http://127.0.0.1/odata',
      customRequests: [
        { id: 'put', operation: 'update', url: 'Items({id})', headers: { 'If-Match': '{{etag}}', 'X-Api-Key': '{{apiKey}}' } },
      ],
    }));
    const offered = etagFollowUps(connector, 'get', exact('{"id":1,"apiKey":"k-123","@odata.etag":"\\"7\\""}'), {});
    assert.deepEqual(offered.followUps, [{ operationId: 'put', texts: [['id', '1'], ['etag', '"7"']] }]);
    assert.deepEqual(etagFollowUps(connector, 'get', exact('{"id":1,"ID":2,"@odata.etag":"\\"7\\""}'), {}).followUps, []);
  });
});

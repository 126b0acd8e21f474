import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lenses } from '../../../server/src/core/features/codeLens';
import { outline } from '../../../server/src/core/features/symbols';
import { lintText } from '../../../server/src/core/lint';

const example = (file: string) => lintText(readFileSync(join(__dirname, '..', '..', '..', 'examples', file), 'utf8'));

test('the outline goes connector → models and operations → parameters', () => {
  const [root] = outline(example('petstore.connector.json'));
  assert.equal(root?.name, 'Pet Store');
  assert.deepEqual(root?.children.map((c) => `${c.kind}:${c.name}`), ['model:Pet', 'operation:findPets', 'operation:getPet', 'operation:addPet', 'operation:uploadPhoto']);
  const getPet = root?.children.find((c) => c.name === 'getPet');
  assert.equal(getPet?.detail, 'GET /pets/{petId}');
  assert.deepEqual(getPet?.children.map((c) => `${c.name} (${c.detail})`), ['petId (path integer)', 'lang (matrix string)', 'X-Request-Id (header string)']);
});

test('Custom request lenses list the variables of url, body and headers', () => {
  const found = lenses(example('ifs-orders.connector.json'));
  assert.deepEqual(found.map((l) => `${l.operationId}: ${l.variables?.join(',')}`), ['listOrders: ', 'getOrder: orderNo', 'createOrder: orderNo,customerNo', 'releaseOrder: orderNo,etag', 'deleteOrder: orderNo,etag']);
});

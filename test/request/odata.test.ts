import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { runRequest } from '../../server/src/core/request/run';
import type { SuppliedValues } from '../../server/src/core/request/types';
import type { RunningService } from '../../scripts/demo/http';
import { ODATA_PASSWORD, startOrdersOData } from '../../scripts/demo/ordersOData';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

let service: RunningService;
before(async () => {
  service = await startOrdersOData(0);
});
after(() => service.close());

async function run(request: string, values: SuppliedValues) {
  const text = `{ "kind": "odata", "name": "t", "baseUrl": "${service.url}", "connectorVersion": "2.1.17", "authorization": { "scheme": "basic", "username": "workflow", "secret": "ifs" }, "customRequests": [${request}] }`;
  const { connector } = lintText(text);
  assert.ok(connector);
  return runRequest({ connector, operationId: 'r', values, secrets: () => ODATA_PASSWORD, baseDir: '.', files: filesIn('.'), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
}

describe('OData Custom requests against a real OData service', () => {
  test('read with query defaults overridden by values, shaped by the response structure', async () => {
    const outcome = await run('{ "id": "r", "operation": "read", "url": "Orders", "query": { "$filter": "CustomerNo eq \'C100\'", "$top": 10 }, "responseStructure": { "value": [{ "OrderNo": "", "Total": 0 }] } }', { $top: 1 });
    assert.ok(outcome.sent);
    assert.match(outcome.request.url, /\?\$filter=CustomerNo%20eq%20'C100'&\$top=1$/);
    assert.deepEqual(outcome.result.data, { value: [{ OrderNo: 'A-1' }] });
    assert.ok(outcome.result.warnings.some((w) => w.includes("'value[0].Total' is in the response structure but not in the response")));
    assert.equal(outcome.result.headers, undefined);
  });

  test('create with full metadata returns the entity descriptor and headers when selected', async () => {
    const outcome = await run('{ "id": "r", "operation": "create", "url": "Orders", "body": "{ \\"OrderNo\\": {{no}}, \\"CustomerNo\\": \\"{{customer}}\\" }", "metadataLevel": "full", "includeEntityDescriptor": true, "includeHeaders": true }', { no: '"N-7"', customer: 'C9' });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 201);
    assert.match(String(outcome.result.entityDescriptor?.['@odata.id']), /Orders\('N-7'\)$/);
    assert.ok(outcome.result.headers?.location);
    assert.ok(outcome.request.headers.some(([n, v]) => n === 'Accept' && v === 'application/json;odata.metadata=full'));
  });

  test('an OData error body becomes the error messages', async () => {
    const outcome = await run('{ "id": "r", "operation": "update", "url": "Orders(\'{no}\')", "body": "{ \\"Status\\": \\"Released\\" }" }', { no: 'A-2' });
    assert.ok(outcome.sent);
    assert.equal(outcome.result.status, 428);
    assert.match(outcome.result.errors.join(), /ETAG_REQUIRED: Send an 'If-Match' header/);
  });

  test('a body that is not JSON once filled is refused before sending', async () => {
    const outcome = await run('{ "id": "r", "operation": "create", "url": "Orders", "body": "{ \\"CustomerNo\\": {{customer}} }" }', { customer: 'C9' });
    assert.ok(!outcome.sent);
    assert.match(outcome.problems[0]?.message ?? '', /not valid JSON.*quotation marks/);
  });

  test('a binary answer is an error that points to the binary-download operation', async () => {
    const outcome = await run('{ "id": "r", "operation": "read", "url": "Documents(\'D1\')/FileData/$value" }', {});
    assert.ok(outcome.sent);
    assert.match(outcome.result.errors.join(), /not JSON.*binary-download operation/);
  });

  test('the password never appears in what is shown', async () => {
    const outcome = await run('{ "id": "r", "operation": "read", "url": "Orders" }', {});
    assert.ok(outcome.sent);
    const shown = JSON.stringify(outcome);
    assert.ok(!shown.includes(Buffer.from(`workflow:${ODATA_PASSWORD}`).toString('base64')));
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { runRequest } from '../../server/src/core/request/run';
import type { SuppliedValues } from '../../server/src/core/request/types';
import { startThirdPartyOData } from '../support/odataV4Server';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

let service: Awaited<ReturnType<typeof startThirdPartyOData>>;
before(async () => {
  service = await startThirdPartyOData();
});
after(() => service.close());

async function run(request: string, values: SuppliedValues = {}) {
  const { connector, findings } = lintText(`{ "kind": "odata", "name": "t", "baseUrl": "${service.url}", "connectorVersion": "2.1.17", "customRequests": [${request}] }`);
  assert.deepEqual(findings.filter((f) => f.severity === 'error'), []);
  assert.ok(connector);
  const outcome = await runRequest({ connector, operationId: 'r', values, secrets: () => undefined, baseDir: '.', files: filesIn('.'), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
  assert.ok(outcome.sent);
  return outcome.result;
}

describe('OData Custom requests against odata-v4-server (a third-party implementation)', () => {
  test('metadata none returns raw data; full adds @odata.id and @odata.type', async () => {
    const none = await run('{ "id": "r", "operation": "read", "url": "Orders(\'{no}\')", "metadataLevel": "none" }', { no: 'A-1' });
    assert.deepEqual(none.data, { OrderNo: 'A-1', CustomerNo: 'C100', Status: 'Released' });
    const full = await run('{ "id": "r", "operation": "read", "url": "Orders(\'{no}\')", "metadataLevel": "full" }', { no: 'A-1' });
    assert.match(String((full.data as Record<string, unknown>)['@odata.id']), /Orders\('A-1'\)$/);
  });

  test('$select is applied by the service and the response structure shapes the rest, listing what is missing', async () => {
    const result = await run('{ "id": "r", "operation": "read", "url": "Orders", "query": { "$select": "OrderNo" }, "metadataLevel": "none", "responseStructure": { "value": [{ "OrderNo": "", "Status": "" }] } }');
    assert.deepEqual(result.data, { value: [{ OrderNo: 'A-1' }, { OrderNo: 'A-2' }] });
    assert.ok(result.warnings.some((w) => w.includes("'value[0].Status' is in the response structure but not in the response")));
  });

  test('create with full metadata returns the entity descriptor', async () => {
    const result = await run('{ "id": "r", "operation": "create", "url": "Orders", "body": "{ \\"OrderNo\\": \\"{{no}}\\", \\"CustomerNo\\": \\"C9\\", \\"Status\\": \\"Planned\\" }", "metadataLevel": "full", "includeEntityDescriptor": true }', { no: 'N-1' });
    assert.equal(result.status, 201);
    assert.match(String(result.entityDescriptor?.['@odata.id']), /Orders\('N-1'\)$/);
    assert.equal(result.entityDescriptor?.['@odata.type'], '#Demo.Order');
  });

  test('an unknown entity is an error result', async () => {
    const result = await run('{ "id": "r", "operation": "read", "url": "Nothing" }');
    assert.ok(result.status >= 400);
    assert.ok(result.errors.length > 0);
  });
});

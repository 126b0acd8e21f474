import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { lintText } from '../../../server/src/core/lint';
import { addToConnector } from '../../../server/src/core/odataImport/addToConnector';
import { importMetadata } from '../../../server/src/core/odataImport/importMetadata';
import type { ODataConnectorJson } from '../../../server/src/core/odataImport/types';
import { FIXTURE_SERVICE, FIXTURE_XML, fixtureSource, readService } from '../../support/metadataFixture';

function imported(entitySets?: string, service = FIXTURE_SERVICE): ODataConnectorJson {
  const outcome = importMetadata(service, { metadataPath: 'shop.metadata.xml', baseUrl: 'https://erp.example.com/odata', ...(entitySets ? { entitySets } : {}) });
  assert.ok(outcome.ok);
  return outcome.result.connector;
}

const USERS_CONNECTOR = `// The shop, as our team keeps it.
{
  "kind": "odata",
  "name": "Shop", // shown in the designer
  "baseUrl": "https://erp.example.com/odata",
  "authorization": { "scheme": "basic", "username": "workflow", "secret": "shop" },
  "customRequests": [
    // Ours: how many orders there are.
    { "id": "orderCount", "operation": "read", "url": "Orders/$count" },
    // Ours: one order, with its lines; the import's get is the same request.
    { "id": "oneOrder", "operation": "read", "url": "Orders(OrderNo='{no}')", "query": { "$expand": "Lines" } },
    // Ours, and it is called listOrders.
    { "id": "listOrders", "operation": "action", "url": "ResetAll" },
    { "id": "legacy", "operation": "read", "url": "Invoices('{invoiceNo}')" }
  ]
}
`;

describe('adding imported Custom requests to an existing connector', () => {
  it("keeps the file's comments, settings and requests, adds what is new, and reports what the service does not have", () => {
    const result = addToConnector(USERS_CONNECTOR, imported('Orders'), FIXTURE_SERVICE);
    assert.ok(!('problem' in result));
    const withoutSettings = result.text.replace('  "connectorVersion": "2.1.17",\n  "metadata": "shop.metadata.xml",\n', '');
    assert.ok(withoutSettings.startsWith(USERS_CONNECTOR.slice(0, USERS_CONNECTOR.indexOf('"legacy"'))), 'besides the two settings added, everything up to the last request is as it was');
    for (const kept of ['// The shop, as our team keeps it.', '"name": "Shop", // shown in the designer', '"secret": "shop"', '// Ours: how many orders there are.']) assert.ok(result.text.includes(kept), kept);
    assert.deepEqual(result.added, ['listOrders2', 'createOrder', 'updateOrder', 'deleteOrder', 'release', 'total']);
    assert.deepEqual(result.notes, [{ kind: 'changed', where: 'listOrders2', reason: "The file already has a request 'listOrders' that does something else; this one is 'listOrders2'." }]);
    assert.deepEqual(result.changes, [
      'connectorVersion added ("2.1.17").',
      'metadata added ("shop.metadata.xml").',
      "Custom request 'listOrders2' added (read Orders).",
      "Custom request 'createOrder' added (create Orders).",
      "Custom request 'updateOrder' added (update Orders('{orderNo}')).",
      "Custom request 'deleteOrder' added (delete Orders('{orderNo}')).",
      "Custom request 'release' added (action Orders('{orderNo}')/Shop.Sales.Release).",
      "Custom request 'total' added (function Orders('{orderNo}')/Shop.Sales.Total()).",
      "getOrder: the file has 'oneOrder' for it (read Orders('{orderNo}')); kept as it is.",
      "Custom request 'legacy' does not fit the service's metadata (any longer): 'Invoices' is not an entity set, singleton, action or function of this service. Kept as it is; change or remove it.",
    ]);
    assert.match(result.text, /"baseUrl": "https:\/\/erp.example.com\/odata",\n {2}"connectorVersion": "2.1.17",\n {2}"metadata": "shop.metadata.xml",\n {2}"authorization"/);
    // What is added is written as a person writes it: one request per line group, short objects on one line.
    assert.match(result.text, /"legacy", "operation": "read", "url": "Invoices\('\{invoiceNo\}'\)" },\n {4}\{\n {6}"id": "listOrders2",\n/);
    assert.match(result.text, /"headers": \{ "If-Match": "\{\{etag\}\}", "Prefer": "return=representation" \},/);
    const findings = lintText(result.text, { metadata: fixtureSource() }).findings.filter((f) => f.severity !== 'info');
    assert.deepEqual(findings.map((f) => f.code), ['unknown-resource'], 'only the request of a resource the service lacks is flagged');
  });

  it('adds nothing and renames nothing when imported again', () => {
    const first = addToConnector(USERS_CONNECTOR, imported(), FIXTURE_SERVICE);
    assert.ok(!('problem' in first));
    const again = addToConnector(first.text, imported(), FIXTURE_SERVICE);
    assert.ok(!('problem' in again));
    assert.equal(again.text, first.text);
    assert.deepEqual(again.added, []);
    assert.match(again.changes.join('\n'), /^listOrders: the file has 'listOrders2' for it \(read Orders\); kept as it is\.$/m);
  });

  it('keeps a request the user changed, and reports one whose operation the service dropped', () => {
    const first = addToConnector('{ "kind": "odata", "name": "Shop", "baseUrl": "https://erp.example.com/odata" }', imported('Orders'), FIXTURE_SERVICE);
    assert.ok(!('problem' in first));
    assert.match(first.text, /"customRequests": \[\n {4}\{\n {6}"id": "listOrders"/, 'a connector without requests gets the array');
    const edited = first.text.replace('"$top": 100', '"$top": 5').replace('"id": "total"', '"id": "orderTotal"');
    const changed = readService(FIXTURE_XML.replace(/<Function Name="Total"[\s\S]*?<\/Function>/, ''));
    const again = addToConnector(edited, imported('Orders', changed), changed);
    assert.ok(!('problem' in again));
    assert.equal(again.text, edited, 'nothing added, nothing removed, the edit kept');
    assert.match(again.changes.join('\n'), /Custom request 'orderTotal' does not fit the service's metadata \(any longer\): 'Shop.Sales.Total' is not a property, navigation property or bound operation of Order/);
    assert.equal((parse(again.text) as { customRequests: unknown[] }).customRequests.length, 7);
  });

  it('renames nothing when the service gains a second entity set of a type, whose ids then name their set', () => {
    const first = addToConnector('{ "kind": "odata", "name": "Shop", "baseUrl": "https://erp.example.com/odata" }', imported('Orders'), FIXTURE_SERVICE);
    assert.ok(!('problem' in first));
    const grown = readService(FIXTURE_XML.replace('<EntitySet Name="Customers"', '<EntitySet Name="ArchivedOrders" EntityType="S.Order"/><EntitySet Name="Customers"'));
    const again = addToConnector(first.text, imported('Orders,ArchivedOrders', grown), grown);
    assert.ok(!('problem' in again));
    assert.deepEqual(again.added, ['listArchivedOrders', 'getOrderInArchivedOrders', 'createOrderInArchivedOrders', 'updateOrderInArchivedOrders', 'deleteOrderInArchivedOrders', 'releaseArchivedOrders', 'totalArchivedOrders']);
    assert.match(again.changes.join('\n'), /^getOrderInOrders: the file has 'getOrder' for it \(read Orders\('\{orderNo\}'\)\); kept as it is\.$/m);
    assert.ok(again.text.startsWith(first.text.slice(0, first.text.lastIndexOf('}', first.text.lastIndexOf(']')))), 'the requests written before are as they were');
  });

  it('writes what it adds with the line endings the file has', () => {
    const crlf = USERS_CONNECTOR.replace(/\n/g, '\r\n');
    const result = addToConnector(crlf, imported('Orders'), FIXTURE_SERVICE);
    assert.ok(!('problem' in result));
    assert.ok(!/[^\r]\n/.test(result.text), 'every line ends in CRLF');
    const lf = addToConnector(USERS_CONNECTOR, imported('Orders'), FIXTURE_SERVICE);
    assert.ok(!('problem' in lf));
    assert.equal(result.text, lf.text.replace(/\n/g, '\r\n'));
  });

  it('refuses a file that is not an OData connector', () => {
    assert.deepEqual(addToConnector('{ "kind": "rest", "name": "x", "baseUrl": "https://h", "operations": [] }', imported(), FIXTURE_SERVICE), { problem: 'The existing file is not an OData connector ("kind": "odata"); choose another file to write to.' });
  });
});

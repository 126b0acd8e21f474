// The real language server's side of "Add Custom Requests from $metadata…": what a connector's metadata offers (with
// what the connector has marked), the connector text with the chosen requests added, and the light bulb that runs it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { IMPORT_METADATA, METADATA_CHOICES, type ImportMetadataResult, type MetadataChoicesResult } from '../../server/src/protocol';
import { startLsp, type LspSession } from '../support/lspClient';
import { FIXTURE_XML } from '../support/metadataFixture';

const CONNECTOR = `{
  "kind": "odata",
  "name": "Shop", // ours
  "baseUrl": "https://erp.example.com/odata",
  "connectorVersion": "2.1.17",
  "metadata": "shop.metadata.xml",
  "customRequests": [
    { "id": "orders", "operation": "read", "url": "Orders" }
  ]
}
`;

describe('Add Custom Requests from $metadata in the language server', () => {
  let lsp: LspSession;
  let folder: string;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lsp-metadata-import-'));
    writeFileSync(join(folder, 'shop.metadata.xml'), FIXTURE_XML);
    writeFileSync(join(folder, 'other.xml'), FIXTURE_XML.replace('<EntitySet Name="Customers"', '<EntitySet Name="Clients"'));
    lsp = await startLsp({ workspaceFolder: folder, initializationOptions: { connectorToolsExtension: true } });
  });
  after(async () => {
    await lsp.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("lists what the connector's metadata offers, marks what it has, and adds the chosen requests to its unsaved text", async () => {
    const uri = pathToFileURL(join(folder, 'shop.connector.json')).href;
    writeFileSync(join(folder, 'shop.connector.json'), CONNECTOR);
    await lsp.open(uri, CONNECTOR.replace('// ours', '// ours, unsaved'));
    const listed = await lsp.request<MetadataChoicesResult>(METADATA_CHOICES, { uri });
    assert.ok(listed.ok, JSON.stringify(listed));
    assert.equal(listed.path, join(folder, 'shop.metadata.xml'));
    assert.equal(listed.baseUrl, 'https://erp.example.com/odata');
    const orders = listed.choices.find((c) => c.key === 'Orders');
    assert.deepEqual(orders?.requests.map((r) => r.id), ['listOrders', 'getOrder', 'createOrder', 'updateOrder', 'deleteOrder']);
    assert.equal(orders?.present, false, 'the connector has a list of Orders, not the rest');
    const report = listed.choices.find((c) => c.key === 'Report');
    assert.deepEqual([report?.requests, report?.present], [[], false], 'a choice that gives nothing is listed, with why');
    assert.match(report?.leftOut.join() ?? '', /returns a stream/);
    const result = await lsp.request<ImportMetadataResult>(IMPORT_METADATA, { path: listed.path, choices: ['Orders', 'Orders()/Shop.Sales.Release'], out: uri });
    assert.ok(result.ok, JSON.stringify(result));
    assert.ok(result.text.includes('// ours, unsaved'), 'the open text is what is added to');
    assert.deepEqual(result.added, ['getOrder', 'createOrder', 'updateOrder', 'deleteOrder', 'release']);
    assert.deepEqual(result.findings, []);
    assert.ok(result.changes?.includes("listOrders: the file has 'orders' for it (read Orders); kept as it is."));
    assert.deepEqual((parse(result.text) as { customRequests: { id: string }[] }).customRequests.map((r) => r.id), ['orders', 'getOrder', 'createOrder', 'updateOrder', 'deleteOrder', 'release']);
  });

  it('says when the connector names no metadata, or is not an OData connector; reads a chosen file instead', async () => {
    const bare = pathToFileURL(join(folder, 'bare.connector.json')).href;
    const text = CONNECTOR.replace('  "metadata": "shop.metadata.xml",\n', '');
    writeFileSync(join(folder, 'bare.connector.json'), text);
    await lsp.open(bare, text);
    const none = await lsp.request<MetadataChoicesResult>(METADATA_CHOICES, { uri: bare });
    assert.deepEqual(none, { ok: false, needsMetadata: true, message: 'The connector names no $metadata yet: fetch it from the service, or choose a metadata file.' });
    const chosen = await lsp.request<MetadataChoicesResult>(METADATA_CHOICES, { uri: bare, path: join(folder, 'other.xml') });
    assert.ok(chosen.ok && chosen.choices.some((c) => c.key === 'Clients'));
    const added = await lsp.request<ImportMetadataResult>(IMPORT_METADATA, { path: join(folder, 'other.xml'), choices: ['Clients'], out: bare });
    assert.ok(added.ok);
    assert.match(added.text, /"connectorVersion": "2.1.17",\n {2}"metadata": "other.xml",/);
    const rest = pathToFileURL(join(folder, 'rest.connector.json')).href;
    await lsp.open(rest, '{ "kind": "rest", "name": "x", "baseUrl": "https://h", "operations": [] }');
    const notOData = await lsp.request<MetadataChoicesResult>(METADATA_CHOICES, { uri: rest });
    assert.equal(notOData.ok, false);
    assert.ok(!notOData.ok && notOData.notOData);
    const broken = await lsp.request<MetadataChoicesResult>(METADATA_CHOICES, { path: join(folder, 'bare.connector.json') });
    assert.equal(broken.ok, false);
    assert.match(broken.ok ? '' : broken.message, /^bare.connector.json cannot be used as \$metadata: it is not valid JSON/);
    // Params of the wrong shape are turned away by the server's one guard, as for every request.
    await assert.rejects(lsp.connection.sendRequest(IMPORT_METADATA, { path: 7, choices: 'x', out: null }), (error: { code?: number; message?: string }) => {
      assert.equal(error.code, -32602);
      assert.match(error.message ?? '', /connector\/importMetadata: the params must be an object whose 'path' must be a string/);
      return true;
    });
  });

  it('writes a new connector for a file that does not exist yet, with the base URL given', async () => {
    const out = pathToFileURL(join(folder, 'new.connector.json')).href;
    const result = await lsp.request<ImportMetadataResult>(IMPORT_METADATA, { path: join(folder, 'shop.metadata.xml'), choices: ['Customers'], out, baseUrl: 'https://erp.example.com/odata/' });
    assert.ok(result.ok);
    assert.match(result.text, /^\/\/ Custom requests written from shop.metadata.xml by connector import odata\.\n\{\n {2}"kind": "odata",\n {2}"name": "Shop.Sales",\n {2}"baseUrl": "https:\/\/erp.example.com\/odata",/);
    assert.equal(result.changes, undefined);
    assert.deepEqual(result.findings, []);
  });

  it('offers the light bulb on an OData connector that names its metadata, where its requests and metadata are', async () => {
    const uri = pathToFileURL(join(folder, 'shop.connector.json')).href;
    const actionsAt = async (line: number): Promise<string[]> => (await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line, character: 4 }, end: { line, character: 4 } }, context: { diagnostics: [] } })).map((a) => `${a.title} ${a.command?.command ?? ''}`);
    assert.ok((await actionsAt(5)).includes('Add Custom Requests from $metadata… connectorTools.addCustomRequestsFromMetadata'), 'on "metadata"');
    assert.ok((await actionsAt(7)).includes('Add Custom Requests from $metadata… connectorTools.addCustomRequestsFromMetadata'), 'in the requests');
    assert.ok(!(await actionsAt(2)).some((a) => a.startsWith('Add Custom Requests')), 'not on the name');
  });
});

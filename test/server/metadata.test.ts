// The real language server with a connector that names its $metadata: diagnostics, completion, hover and code
// actions from it, a change of the file on disk, and "Fetch $metadata" run by a client other than VS Code.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { ODATA_PASSWORD, startOrdersOData } from '../../scripts/demo/ordersOData';
import type { RunningService } from '../../scripts/demo/http';
import { startLsp, type LspSession } from '../support/lspClient';
import { FIXTURE_XML, customRequest, shopConnector } from '../support/metadataFixture';

function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle) + delta;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

describe('the language server with a metadata file', () => {
  let lsp: LspSession;
  let folder: string;
  let demo: RunningService;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lsp-metadata-'));
    writeFileSync(join(folder, 'shop.metadata.xml'), FIXTURE_XML);
    demo = await startOrdersOData(0);
    lsp = await startLsp({
      workspaceFolder: folder,
      env: { CONNECTOR_SECRET_IFS: ODATA_PASSWORD },
      capabilities: { workspace: { configuration: true, workspaceFolders: true, applyEdit: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    });
  });
  after(async () => {
    await lsp.stop();
    await demo.close();
  });

  it('checks against the metadata, completes and hovers from it, and offers its code actions', async () => {
    const uri = pathToFileURL(join(folder, 'shop.connector.json')).href;
    const text = shopConnector([customRequest('read', 'Ordrs'), customRequest('read', "Orders('A')/").replace('"id": "r"', '"id": "s"')]);
    const diagnostics = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    assert.deepEqual((await diagnostics).map((d: Diagnostic) => d.code), ['unknown-resource']);
    const completion = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: positionOf(text, "Orders('A')/", "Orders('A')/".length) });
    assert.ok(['Status', 'Lines', 'Shop.Sales.Release'].every((l) => completion.some((c) => c.label === l)), completion.map((c) => c.label).join(', '));
    const hover = await lsp.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, "Orders('A')", 2) });
    assert.match(JSON.stringify(hover.contents), /entity set of Order/);
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: positionOf(text, "Orders('A')"), end: positionOf(text, "Orders('A')") }, context: { diagnostics: [] } });
    assert.ok(actions.some((a) => a.title === 'Generate response structure from the metadata'), actions.map((a) => a.title).join(', '));
  });

  it('judges the connectors again when the metadata file changes on disk', async () => {
    const uri = pathToFileURL(join(folder, 'change.connector.json')).href;
    const text = shopConnector([customRequest('read', 'Customers')]);
    const first = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    assert.deepEqual(await first, []);
    writeFileSync(join(folder, 'shop.metadata.xml'), FIXTURE_XML.replace('<EntitySet Name="Customers"', '<EntitySet Name="Clients"'));
    const again = lsp.diagnostics(uri, 1);
    const before = lsp.published.length;
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(join(folder, 'shop.metadata.xml')).href, type: 2 }] });
    const rejudged = await again;
    assert.ok(lsp.published.length > before);
    assert.deepEqual(rejudged.map((d) => d.code), ['unknown-resource']);
    writeFileSync(join(folder, 'shop.metadata.xml'), FIXTURE_XML);
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(join(folder, 'shop.metadata.xml')).href, type: 2 }] });
  });

  it('offers "Fetch $metadata" on an OData connector without it, and the server command writes it and names it', async () => {
    const path = join(folder, 'orders.connector.json');
    const uri = pathToFileURL(path).href;
    const text = `{\n  "kind": "odata",\n  "name": "Orders",\n  "baseUrl": "${demo.url}",\n  "connectorVersion": "2.1.17",\n  "authorization": { "scheme": "basic", "username": "workflow", "secret": "ifs" },\n  "customRequests": []\n}\n`;
    writeFileSync(path, text);
    const diagnostics = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    await diagnostics;
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, context: { diagnostics: [], only: ['quickfix'] } });
    const fetch = actions.find((a) => a.title === 'Fetch $metadata from the service');
    assert.ok(fetch?.command, actions.map((a) => a.title).join(', '));
    assert.equal(fetch.command.command, 'connector.fetchMetadata');
    const edits = lsp.appliedEdits.length;
    const result = await lsp.request<{ ok: boolean; path: string }>('workspace/executeCommand', { command: fetch.command.command, arguments: fetch.command.arguments });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.match(readFileSync(join(folder, 'orders.metadata.xml'), 'utf8'), /EntitySet Name="Orders"/);
    assert.equal(lsp.appliedEdits.length, edits + 1);
    assert.match(JSON.stringify(lsp.appliedEdits[edits]), /\\"metadata\\": \\"orders.metadata.xml\\"/);
  });
});

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, CodeLens, CompletionItem, DocumentSymbol, Hover, Location, WorkspaceEdit, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startLsp, type LspSession } from '../support/lspClient';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

function positionOf(text: string, marker: string, delta = 0): { line: number; character: number } {
  const document = TextDocument.create('file:///x', 'json', 1, text);
  return document.positionAt(text.indexOf(marker) + delta);
}

describe('editor features over LSP', () => {
  let lsp: LspSession;
  let folder: string;
  let petstoreUri: string;
  let petstore: string;
  let ordersUri: string;
  let orders: string;

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'connector-ws-'));
    cpSync(EXAMPLES, folder, { recursive: true });
    lsp = await startLsp({ workspaceFolder: folder });
    petstore = readFileSync(join(folder, 'petstore.connector.json'), 'utf8');
    petstoreUri = pathToFileURL(join(folder, 'petstore.connector.json')).href;
    orders = readFileSync(join(folder, 'ifs-orders.connector.json'), 'utf8');
    ordersUri = pathToFileURL(join(folder, 'ifs-orders.connector.json')).href;
    await lsp.open(petstoreUri, petstore);
    await lsp.open(ordersUri, orders);
    await lsp.diagnostics(petstoreUri, 1);
  });
  after(() => lsp.stop());

  test('completion for a location value offers exactly the six locations', async () => {
    const items = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: petstoreUri }, position: positionOf(petstore, '"location": "query", "type": "integer"', 13) });
    assert.deepEqual(items.map((i) => i.label), ['"path"', '"query"', '"form"', '"body"', '"header"', '"matrix"']);
  });

  test('hover on a separation explains it', async () => {
    const hover = await lsp.request<Hover>('textDocument/hover', { textDocument: { uri: petstoreUri }, position: positionOf(petstore, '"multi"', 2) });
    assert.match(JSON.stringify(hover.contents), /name=a&name=b&name=c/);
  });

  test('the outline lists operations with their parameters', async () => {
    const symbols = await lsp.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: petstoreUri } });
    assert.deepEqual(symbols[0]?.children?.map((s) => s.name), ['Pet', 'findPets', 'getPet', 'addPet', 'uploadPhoto']);
  });

  test('workspace symbols find operation ids across files, opened or not', async () => {
    const symbols = await lsp.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'order' });
    const names = symbols.map((s) => s.name).sort();
    assert.ok(names.includes('createOrder') && names.includes('listOrders'), names.join());
    const broken = await lsp.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'bulkUpdate' });
    assert.match(broken[0]?.location && 'uri' in broken[0].location ? broken[0].location.uri : '', /broken-rest\.connector\.json$/);
  });

  test('go to definition from a {placeholder} lands on the path parameter', async () => {
    const location = await lsp.request<Location>('textDocument/definition', { textDocument: { uri: petstoreUri }, position: positionOf(petstore, '{petId}"', 2) });
    assert.equal(location.range.start.line, positionOf(petstore, '"name": "petId"').line);
  });

  test('rename of a model changes its key and references', async () => {
    const edit = await lsp.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: petstoreUri }, position: positionOf(petstore, '"Pet": {', 2), newName: 'Animal' });
    const renamed = TextDocument.applyEdits(TextDocument.create(petstoreUri, 'json', 1, petstore), edit.changes?.[petstoreUri] ?? []);
    assert.ok(renamed.includes('"Animal": {') && renamed.includes('"model": "Animal"'));
    await assert.rejects(
      lsp.request('textDocument/rename', { textDocument: { uri: petstoreUri }, position: positionOf(petstore, '"Pet": {', 2), newName: 'not valid' }),
      /not a valid name/,
    );
  });

  test('code lenses: Send request on operations, variables on Custom requests', async () => {
    const rest = await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: petstoreUri } });
    assert.equal(rest.filter((l) => l.command?.command === 'connector.sendRequest').length, 4);
    const odata = await lsp.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: ordersUri } });
    assert.ok(odata.some((l) => l.command?.title === 'Variables: orderNo, etag'));
  });

  test('platform shortcuts: Add If-Match header and Insert base URL on a Custom request', async () => {
    const position = positionOf(orders, '"id": "getOrder"');
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: ordersUri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Add If-Match header') && titles.includes('Insert base URL'), titles.join());
    const ifMatch = actions.find((a) => a.title === 'Add If-Match header');
    const edited = TextDocument.applyEdits(TextDocument.create(ordersUri, 'json', 1, orders), ifMatch?.edit?.changes?.[ordersUri] ?? []);
    assert.match(edited, /"id": "getOrder",[\s\S]*"headers": \{ "If-Match": "\{\{etag\}\}" \}/);
  });

  test('Add multiple query parameters: names split on commas, semicolons and new lines; existing ones skipped', async () => {
    const offset = petstore.indexOf('"id": "findPets"') - 6;
    const result = await lsp.request<{ edit: WorkspaceEdit; added: string[]; skipped: string[] }>('connector/addQueryParameters', {
      uri: petstoreUri, operationOffset: offset, names: 'page, size;tags\nsort', type: 'integer', required: true,
    });
    assert.deepEqual(result.added, ['page', 'size', 'sort']);
    assert.deepEqual(result.skipped, ['tags']);
    const edited = TextDocument.applyEdits(TextDocument.create(petstoreUri, 'json', 1, petstore), result.edit.changes?.[petstoreUri] ?? []);
    assert.ok(edited.includes('{ "name": "sort", "location": "query", "type": "integer", "required": true }'));
  });

  test('Check All publishes problems for files that are not open', async () => {
    const brokenUri = pathToFileURL(join(folder, 'broken-odata.connector.json')).href;
    const pending = lsp.diagnostics(brokenUri);
    // Saved by a Windows editor: a byte-order mark first, which editors do not show and the check must not see.
    writeFileSync(join(folder, 'bom.connector.json'), `\uFEFF${readFileSync(join(folder, 'petstore.connector.json'), 'utf8')}`);
    const bom = lsp.diagnostics(pathToFileURL(join(folder, 'bom.connector.json')).href);
    const totals = await lsp.request<{ files: number; errors: number }>('connector/checkAll', {});
    assert.equal(totals.files, readdirSync(folder).filter((name) => name.endsWith('.connector.json')).length);
    assert.ok(totals.errors > 10);
    assert.ok((await pending).some((d) => d.code === 'binary-download'));
    assert.deepEqual(await bom, []);
  });
});

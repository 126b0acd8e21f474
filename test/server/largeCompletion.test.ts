// Completion in a Custom request against a large service through the real language server: a list of a thousand
// names with their documentation is hundreds of kilobytes on the connection for every keystroke, so the server sends
// at most 100 proposals that fit what is typed and says the list is incomplete; typing more asks again.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { startLsp, type LspSession } from '../support/lspClient';
import { ifsProjectionConnector, ifsProjectionMetadata } from '../support/largeMetadata';

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

describe('completion against a service with hundreds of entity sets', () => {
  let lsp: LspSession;
  let folder: string;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lsp-large-completion-'));
    writeFileSync(join(folder, 'projection.metadata.xml'), ifsProjectionMetadata(1024 * 1024));
    lsp = await startLsp({ workspaceFolder: folder });
  });
  after(() => lsp.stop());

  async function completionAt(text: string, offset: number): Promise<CompletionList> {
    const uri = pathToFileURL(join(folder, 'orders.connector.json')).href;
    const diagnostics = lsp.diagnostics(uri);
    await lsp.open(uri, text);
    await diagnostics;
    const answer = await lsp.request<CompletionItem[] | CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, offset) });
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
    return Array.isArray(answer) ? { isIncomplete: false, items: answer } : answer;
  }

  it('sends at most 100 names at the url\'s root, marked incomplete', async () => {
    const text = ifsProjectionConnector(5, 'projection.metadata.xml');
    const list = await completionAt(text, text.indexOf('"url": "') + 8);
    assert.equal(list.isIncomplete, true);
    assert.equal(list.items.length, 100);
    assert.ok(list.items.every((item) => typeof item.label === 'string' && item.textEdit), 'each proposal still replaces the segment');
    // Each sent name is described, and asked again the answer is the same.
    const documentation = (item: CompletionItem | undefined): string => (typeof item?.documentation === 'object' ? item.documentation.value : '');
    const set = list.items.find((item) => item.label === 'CustomerOrderLine0Set');
    assert.match(documentation(set), /^\*\*CustomerOrderLine0Set\*\*: entity set of CustomerOrderLine0 · key Company \(Edm\.String\), OrderNo/);
    const again = await completionAt(text, text.indexOf('"url": "') + 8);
    assert.deepEqual(again.items.map(documentation), list.items.map(documentation));
  });

  it('sends the names that fit what is typed, every one of them when they are few', async () => {
    const text = ifsProjectionConnector(5, 'projection.metadata.xml').replace('"url": "CustomerOrderLine0Set(', '"url": "custorderline17(');
    const list = await completionAt(text, text.indexOf('"url": "custorderline17') + '"url": "custorderline17'.length);
    const labels = list.items.map((item) => item.label);
    assert.equal(list.isIncomplete, false, labels.join(', '));
    assert.ok(labels.includes('CustomerOrderLine17Set') && labels.includes('CustomerOrderLine117Set'), labels.join(', '));
    assert.ok(!labels.includes('CustomerOrderLine18Set'), labels.join(', '));
    // Each has the typed letters in order, as the editor's own filter wants them.
    assert.ok(labels.every((label) => /c.*u.*s.*t.*o.*r.*d.*e.*r.*l.*i.*n.*e.*1.*7/i.test(label)), labels.join(', '));
  });
});

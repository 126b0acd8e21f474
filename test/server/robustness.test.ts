import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { fileUri, startLsp, type LspSession } from '../support/lspClient';

let lsp: LspSession;
before(async () => {
  lsp = await startLsp();
});
after(() => lsp.stop());

async function alive(): Promise<void> {
  const uri = fileUri('alive.connector.json');
  await lsp.open(uri, '{ "kind": "rest", "name": "a", "baseUrl": "https://a.b", "operations": [] }', 1);
  const symbols = await lsp.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  assert.equal(symbols[0]?.name, 'a');
  await lsp.notify('textDocument/didClose', { textDocument: { uri } });
}

test('malformed messages and unknown requests do not take the server down', async () => {
  // A body that is not JSON, with a correct header.
  lsp.process.stdin.write('Content-Length: 9\r\n\r\n{not json');
  await assert.rejects(lsp.request('connector/noSuchMethod', {}), /Unhandled method|not found/i);
  // Nonsense parameters get an answer (null or an error), never a crash.
  await lsp.request('textDocument/hover', { textDocument: { uri: 42 }, position: { line: -1, character: 'x' } }).catch(() => undefined);
  await alive();
  assert.equal(lsp.process.exitCode, null, 'the server is still running');
});

test('rapid open and close of many documents leaves no diagnostics behind', async () => {
  const uris = Array.from({ length: 200 }, (_, i) => fileUri(`rapid-${i}.connector.json`));
  for (const uri of uris) {
    await lsp.open(uri, '{ "kind": "rest", "name": "x", "baseUrl": "nope" }');
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
  }
  await alive();
  // Notifications are handled in order and an open is checked at once: once a file opened after every close has its
  // diagnostics, whatever the closed documents caused has been published.
  const sentinel = fileUri('rapid-sentinel.connector.json');
  const checked = lsp.diagnostics(sentinel, 1);
  await lsp.open(sentinel, '{ "kind": "rest", "name": "x", "baseUrl": "nope" }');
  await checked;
  // The last word for every document must be "no problems": nothing stale survives a close.
  for (const uri of uris) {
    const last = lsp.published.filter((p) => p.uri === uri).pop();
    assert.ok(!last || last.diagnostics.length === 0, `${uri} kept diagnostics after closing`);
  }
});

test('a document that is not valid JSON at all, or deeply nested, gets diagnostics and no crash', async () => {
  const uri = fileUri('garbage.connector.json');
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, `\u0000\uD800${'['.repeat(50_000)}`);
  const diagnostics = await pending;
  assert.ok(diagnostics.length > 0);
  await alive();
});

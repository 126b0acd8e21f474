import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

test('a document nested 100,000 levels deep gets one diagnostic where it passes 512 levels, and so does such a Custom request body', async () => {
  const depth = 100_000;
  const shapes: [string, string, number][] = [
    ['arrays', `${'['.repeat(depth)}${']'.repeat(depth)}`, 512],
    ['objects', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, 2560],
    ['mixed', `${'{"a":['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`, 1536],
  ];
  for (const [shape, text, character] of shapes) {
    const uri = fileUri(`deep-${shape}.connector.json`);
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    const diagnostics = await pending;
    assert.deepEqual(diagnostics.map((d) => [d.range.start, (d.message as string).slice(0, 36)]), [[{ line: 0, character }, 'Nesting deeper than 512 levels here;']], shape);
  }
  const odata = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'ifs-orders.connector.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { customRequests: unknown[] };
  odata.customRequests.push({ id: 'deep', operation: 'create', url: 'Orders', body: shapes[0]?.[1] });
  const uri = fileUri('deep-body.connector.json');
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, JSON.stringify(odata));
  const messages = (await pending).map((d) => `${String(d.code)}: ${d.message}`);
  assert.ok(messages.some((m) => /^invalid-body-json: The body of 'deep' has nesting deeper than 512 levels here/.test(m)), messages.join('\n'));
  assert.ok(!messages.some((m) => /rule-failure|Maximum call stack/.test(m)), messages.join('\n'));
  await alive();
});

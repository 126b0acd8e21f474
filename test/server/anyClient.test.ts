import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, CodeLens, CompletionItem, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { startEchoServer } from '../support/echoServer';
import { fileUri, startLsp, type LspSession } from '../support/lspClient';

// The server adapts to the client it serves: VS Code with the Connector Tools extension gets icons, snippets and
// client-side commands; any other LSP client gets what it declared it can use, and commands that run on the server.

const PETSTORE = readFileSync(join(__dirname, '..', '..', 'examples', 'petstore.connector.json'), 'utf8');
const EXTENSION = { initializationOptions: { connectorToolsExtension: true }, capabilities: {
  workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, applyEdit: true },
  textDocument: { completion: { completionItem: { snippetSupport: true } } },
} };
const PLAIN = { capabilities: { workspace: { configuration: true, applyEdit: true }, textDocument: { completion: { completionItem: { snippetSupport: false } } } } };

/** Where in the petstore example a header name is completed (a snippet: `"Accept": "$1"`). */
function headerCompletionPosition(): { line: number; character: number } {
  const at = PETSTORE.indexOf('"headers": { "Content-Type": "application/json" }') + '"headers": { '.length;
  const before = PETSTORE.slice(0, at).split('\n');
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

describe('the language server for any LSP client', () => {
  const uri = fileUri('any-client', 'petstore.connector.json');
  let extension: LspSession;
  let plain: LspSession;
  before(async () => {
    extension = await startLsp(EXTENSION);
    plain = await startLsp(PLAIN);
    for (const session of [extension, plain]) {
      const opened = session.diagnostics(uri, 1);
      await session.open(uri, PETSTORE);
      await opened;
    }
  });
  after(async () => {
    await extension.stop();
    await plain.stop();
  });

  test('dynamic registration only for a client that declared it', () => {
    assert.ok(extension.registrations.includes('workspace/didChangeConfiguration'));
    assert.deepEqual(plain.registrations, []);
  });

  test('completion: snippets for a client with snippet support, plain text otherwise', async () => {
    const position = headerCompletionPosition();
    const withSnippets = await extension.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
    const withoutSnippets = await plain.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
    const accept = (items: CompletionItem[]) => items.find((i) => i.label === 'Accept');
    assert.equal(accept(withSnippets)?.insertTextFormat, 2);
    assert.match((accept(withSnippets)?.textEdit as { newText: string }).newText, /\$1/);
    assert.ok(withoutSnippets.length > 0);
    for (const item of withoutSnippets) {
      assert.equal(item.insertTextFormat, 1, item.label);
      assert.doesNotMatch((item.textEdit as { newText: string } | undefined)?.newText ?? '', /\$\d|\$\{/, item.label);
    }
    assert.equal((accept(withoutSnippets)?.textEdit as { newText: string }).newText, '"Accept": ""');
  });

  test("code lenses: VS Code's icon and command for the extension, the server's command for others", async () => {
    const [forExtension] = await extension.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const [forPlain] = await plain.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    assert.equal(forExtension?.command?.title, '$(play) Send request');
    assert.equal(forExtension?.command?.command, 'connectorTools.sendRequest');
    assert.doesNotMatch(forPlain?.command?.title ?? '', /\$\(/);
    assert.equal(forPlain?.command?.command, 'connector.sendRequest');
    const offered = (plain.serverCapabilities.executeCommandProvider as { commands: string[] }).commands;
    assert.ok(offered.includes('connector.sendRequest') && offered.includes('connector.addQueryParameters'), offered.join());
  });

  test('"Add multiple query parameters…" is offered where it can ask for names, and runs on the server for anyone', async () => {
    const offset = PETSTORE.indexOf('"id": "findPets"');
    const before = PETSTORE.slice(0, offset).split('\n');
    const position = { line: before.length - 1, character: (before.at(-1) ?? '').length };
    const actions = async (session: LspSession) => (await session.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } })).map((a) => a.title);
    assert.ok((await actions(extension)).includes('Add multiple query parameters…'));
    assert.ok(!(await actions(plain)).includes('Add multiple query parameters…'));
    const result = await plain.request<{ added: string[]; applied: boolean }>('workspace/executeCommand', { command: 'connector.addQueryParameters', arguments: [uri, offset - 6, 'page, size', 'integer', false] });
    assert.deepEqual(result, { added: ['page', 'size'], skipped: [], applied: true });
    const edit = plain.appliedEdits.at(-1) as WorkspaceEdit;
    assert.match(JSON.stringify(edit.changes?.[uri]), /\\"name\\": \\"page\\", \\"location\\": \\"query\\", \\"type\\": \\"integer\\"/);
    // Where the cursor is, as LSP positions it (what an editor's own command can pass): the operation around it.
    const inside = { line: position.line + 2, character: 4 };
    const byPosition = await plain.request<{ added: string[]; applied: boolean }>('workspace/executeCommand', { command: 'connector.addQueryParameters', arguments: [uri, inside, 'cursor', 'string'] });
    assert.deepEqual(byPosition, { added: ['cursor'], skipped: [], applied: true });
    assert.match(JSON.stringify(plain.appliedEdits.at(-1)), /\\"name\\": \\"cursor\\", \\"location\\": \\"query\\"/);
    await assert.rejects(plain.request('workspace/executeCommand', { command: 'connector.addQueryParameters', arguments: [uri] }), /takes \[uri, position or offset of the operation/);
    await assert.rejects(plain.request('workspace/executeCommand', { command: 'connector.addQueryParameters', arguments: [uri, { line: -1, character: 0 }, 'a'] }), /takes \[uri, position or offset of the operation/);
    await assert.rejects(plain.request('workspace/executeCommand', { command: 'connector.nope', arguments: [] }), /Unknown command 'connector\.nope'/);
  });
});

describe('Send Request from any LSP client', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  before(async () => (echo = await startEchoServer()));
  after(() => echo.close());

  const connector = (url: string): string => JSON.stringify({
    kind: 'rest', name: 'Echo', baseUrl: url, authorization: { scheme: 'bearer', secret: 'api' },
    operations: [{ id: 'ping', method: 'GET', path: '/ping', parameters: [{ name: 'n', location: 'query', type: 'integer', default: 3 }] }],
  }, null, 2);

  test("the lens's command sends with the secret from the server's environment and returns the result", async () => {
    const lsp = await startLsp({ ...PLAIN, env: { CONNECTOR_SECRET_API: 'from-env' } });
    try {
      const uri = fileUri('any-client', 'echo.connector.json');
      const opened = lsp.diagnostics(uri, 1);
      await lsp.open(uri, connector(echo.url));
      await opened;
      const result = await lsp.request<{ status: number }>('workspace/executeCommand', { command: 'connector.sendRequest', arguments: [uri, 'ping'] });
      assert.equal(result.status, 200);
      assert.equal(echo.received.at(-1)?.target, '/ping?n=3');
      assert.equal(echo.received.at(-1)?.headers.authorization, 'Bearer from-env');
    } finally {
      await lsp.stop();
    }
  });

  test('without it, nothing is sent and the answer names the variable to set', async () => {
    const lsp = await startLsp(PLAIN);
    try {
      const uri = fileUri('any-client', 'echo2.connector.json');
      const opened = lsp.diagnostics(uri, 1);
      await lsp.open(uri, connector(echo.url));
      await opened;
      const before = echo.received.length;
      const result = await lsp.request<{ problems: string[] }>('workspace/executeCommand', { command: 'connector.sendRequest', arguments: [uri, 'ping'] });
      assert.match(result.problems.join(' '), /Set CONNECTOR_SECRET_API in the environment the language server runs in/);
      assert.equal(echo.received.length, before);
      // The Connector Tools protocol request works too, for a client that is not the VS Code extension.
      const sent = await lsp.request<{ ok: boolean; problems?: string[] }>('connector/sendRequest', { uri, operationId: 'ping', values: { entered: {} } });
      assert.equal(sent.ok, false);
      assert.match(sent.problems?.join(' ') ?? '', /CONNECTOR_SECRET_API/);
    } finally {
      await lsp.stop();
    }
  });
});

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import type { DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
import { IMPORT_OPENAPI, OPENAPI_OPERATIONS, type ImportOpenApiResult, type OpenApiOperationsResult } from '../../server/src/protocol';
import { makeTempFolder } from '../support/cli';
import { aliasBombYaml, largeOpenApiJson } from '../support/hostileOpenApi';
import { startLsp } from '../support/lspClient';
import { oasExample } from '../support/openapiDocuments';

test('the language server lists a document\'s operations and imports the chosen ones, updating an open file\'s unsaved text', async () => {
  const folder = makeTempFolder({ 'api.yaml': 'openapi: 3.0.0\ninfo: { title: T, version: "1" }\npaths:\n  /a: { get: { operationId: a, responses: {} } }\n  /b: { get: { operationId: b, summary: Bee, responses: {} } }\n' });
  const lsp = await startLsp({ workspaceFolder: folder.path });
  try {
    const listed = await lsp.connection.sendRequest<OpenApiOperationsResult>(OPENAPI_OPERATIONS, { path: join(folder.path, 'api.yaml') });
    assert.deepEqual(listed, { ok: true, operations: [{ id: 'a', method: 'GET', path: '/a' }, { id: 'b', method: 'GET', path: '/b', summary: 'Bee' }] });
    const out = pathToFileURL(join(folder.path, 'api.connector.json')).href;
    const fresh = await lsp.connection.sendRequest<ImportOpenApiResult>(IMPORT_OPENAPI, { path: join(folder.path, 'api.yaml'), operationIds: ['b'], out });
    assert.ok(fresh.ok);
    assert.deepEqual((parse(fresh.text) as { operations: { id: string }[] }).operations.map((o) => o.id), ['b']);
    // The user has the connector open with an unsaved comment: the update starts from that text.
    await lsp.open(out, fresh.text.replace('"kind": "rest",', '"kind": "rest", // unsaved'));
    const update = await lsp.connection.sendRequest<ImportOpenApiResult>(IMPORT_OPENAPI, { path: join(folder.path, 'api.yaml'), operationIds: ['a', 'b'], out });
    assert.ok(update.ok);
    assert.ok(update.text.includes('// unsaved'));
    assert.deepEqual(update.changes, ["Operation 'a' added (GET /a)."]);
    const petstore = await lsp.connection.sendRequest<OpenApiOperationsResult>(OPENAPI_OPERATIONS, { path: oasExample('2.0', 'petstore').path });
    assert.ok(petstore.ok && petstore.operations.length === 20);
    const missing = await lsp.connection.sendRequest<OpenApiOperationsResult>(OPENAPI_OPERATIONS, { path: join(folder.path, 'nope.yaml') });
    assert.deepEqual(missing, { ok: false, message: `Cannot read ${join(folder.path, 'nope.yaml')}: no such file.` });
    // Params of the wrong shape are turned away by the server's one guard, as for every request.
    await assert.rejects(lsp.connection.sendRequest(IMPORT_OPENAPI, { path: 7, operationIds: 'x', out: null }), (error: { code?: number; message?: string }) => {
      assert.equal(error.code, -32602);
      assert.match(error.message ?? '', /connector\/importOpenApi: the params must be an object whose 'path' must be a string/);
      return true;
    });
  } finally {
    await lsp.stop();
    folder.remove();
  }
});

/** Rejects when `promise` has not settled within `ms`: a guard against a server that stopped answering, not a timing. */
function answeredWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The server did not answer ${what} within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

test('documents are read off the server\'s thread: hover and the outline answer while a YAML alias bomb or a 15,000-operation document is listed, and the bomb ends with a clear error', async () => {
  const connector = '{ "kind": "rest", "name": "Pets", "baseUrl": "https://api.example.com", "operations": [ { "id": "listPets", "method": "GET", "path": "/pets", "parameters": [ { "name": "limit", "location": "query", "type": "integer" } ] } ] }';
  const folder = makeTempFolder({ 'bomb.yaml': aliasBombYaml('unused-extension'), 'large.json': largeOpenApiJson(15_000), 'pets.connector.json': connector });
  const lsp = await startLsp({ workspaceFolder: folder.path });
  try {
    const uri = pathToFileURL(join(folder.path, 'pets.connector.json')).href;
    await lsp.open(uri, connector);
    await lsp.diagnostics(uri, 1);
    const position = { line: 0, character: connector.indexOf('"integer"') + 2 };
    /** Lists a document while asking for hover and the outline, round after round, until the listing ends. */
    const listWhileEditing = async (path: string): Promise<{ listed: OpenApiOperationsResult; roundsWhileListing: number }> => {
      let listed: OpenApiOperationsResult | undefined;
      const listing = lsp.request<OpenApiOperationsResult>(OPENAPI_OPERATIONS, { path }).then((result) => (listed = result));
      let roundsWhileListing = 0;
      do {
        const hover = await answeredWithin(lsp.request<Hover>('textDocument/hover', { textDocument: { uri }, position }), 15_000, 'hover');
        assert.match(JSON.stringify(hover.contents), /integer/);
        const symbols = await answeredWithin(lsp.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } }), 15_000, 'the outline');
        assert.deepEqual(symbols[0]?.children?.map((s) => s.name), ['listPets']);
        if (listed === undefined) roundsWhileListing++;
      } while (listed === undefined);
      return { listed: await listing, roundsWhileListing };
    };
    const bombPath = join(folder.path, 'bomb.yaml');
    const bomb = await listWhileEditing(bombPath);
    assert.deepEqual(bomb.listed, { ok: false, message: `${bombPath} cannot be read as an OpenAPI document: its YAML aliases (*name) repeat so much that, expanded, it would be larger than 64 MB, the most the import reads; refer to shared parts with $ref instead.` });
    const large = await listWhileEditing(join(folder.path, 'large.json'));
    assert.ok(large.listed.ok && large.listed.operations.length === 15_000);
    // The editor was answered again and again while the document was being read.
    assert.ok(large.roundsWhileListing >= 2, `only ${large.roundsWhileListing} rounds of hover and outline were answered while the document was listed`);
  } finally {
    // A server that stopped answering does not answer shutdown either.
    await answeredWithin(lsp.stop(), 15_000, 'shutdown').catch(() => lsp.process.kill('SIGKILL'));
    folder.remove();
  }
});

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { IMPORT_OPENAPI, OPENAPI_OPERATIONS, type ImportOpenApiResult, type OpenApiOperationsResult } from '../../server/src/protocol';
import { makeTempFolder } from '../support/cli';
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

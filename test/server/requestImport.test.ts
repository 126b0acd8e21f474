// The language server's side of the imports of requests: what a source holds, the texts to write (an open file's
// unsaved text is what is updated), and the code action that makes a curl command pasted into a connector file an
// operation, with its examples in the values file when the client can create files in one edit.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import type { CodeAction, TextDocumentEdit } from 'vscode-languageserver-protocol';
import { IMPORT_REQUESTS, REQUEST_ORIGINS, type ImportRequestsResult, type RequestOriginsResult } from '../../server/src/protocol';
import { makeTempFolder } from '../support/cli';
import { startLsp } from '../support/lspClient';

const COLLECTION = JSON.stringify({
  info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    { name: 'List orders', request: { method: 'GET', url: 'https://shop.example.com/api/orders?status=open' } },
    { name: 'Ping analytics', request: { method: 'POST', url: 'https://stats.example.com/ping' } },
    { name: 'Get order', request: { method: 'GET', url: 'https://shop.example.com/api/orders/:id', auth: { type: 'bearer', bearer: [{ key: 'token', value: 'tok-abcdef123456' }] } } },
  ],
});

test('origins are listed, the chosen one imported; the unsaved text of an open connector is what is updated', async () => {
  const folder = makeTempFolder({ 'shop.postman_collection.json': COLLECTION, 'api.yaml': 'openapi: 3.0.3\ninfo: { title: Shop, version: "1" }\npaths: {}\n', 'swagger.json': '{ "swagger": "2.0", "info": {}, "paths": {} }', 'notes.txt': 'openapi is what we use\n' });
  const lsp = await startLsp({ workspaceFolder: folder.path });
  try {
    const source = { path: join(folder.path, 'shop.postman_collection.json') };
    const origins = await lsp.request<RequestOriginsResult>(REQUEST_ORIGINS, { source });
    assert.deepEqual(origins, { ok: true, kind: 'postman', origins: [{ origin: 'https://shop.example.com', count: 2, fileName: 'shop.example.com.connector.json' }, { origin: 'https://stats.example.com', count: 1, fileName: 'stats.example.com.connector.json' }] });
    // An OpenAPI or Swagger document is recognised, for its own import; text that only mentions one is not.
    for (const file of ['api.yaml', 'swagger.json']) assert.deepEqual(await lsp.request<RequestOriginsResult>(REQUEST_ORIGINS, { source: { path: join(folder.path, file) } }), { ok: true, kind: 'openapi' }, file);
    assert.deepEqual(await lsp.request<RequestOriginsResult>(REQUEST_ORIGINS, { source: { path: join(folder.path, 'notes.txt') } }), { ok: false, message: 'notes.txt is neither a curl command, a Postman collection (v2.0 or v2.1) nor a HAR file.' });
    const out = pathToFileURL(join(folder.path, 'shop.connector.json')).href;
    await lsp.open(out, '// ours, unsaved\n{ "kind": "rest", "name": "Shop", "baseUrl": "https://shop.example.com/api", "operations": [] }\n');
    const result = await lsp.request<ImportRequestsResult>(IMPORT_REQUESTS, { source, out });
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.match(result.text, /^\/\/ ours, unsaved/);
    assert.match(result.text, /"id": "listOrders"/);
    assert.deepEqual((parse(result.text) as { authorization: unknown }).authorization, { scheme: 'bearer', secret: 'shop' });
    assert.equal(result.values?.uri, pathToFileURL(join(folder.path, 'shop.values.json')).href);
    assert.match(result.values?.text ?? '', /"listOrders": \{ "status": "open" \}/);
    assert.deepEqual(result.secretsToSet, [{ name: 'shop', carried: 'a bearer token', variable: 'CONNECTOR_SECRET_SHOP' }]);
    assert.ok(!JSON.stringify(result).includes('tok-abcdef123456'));
    const other = await lsp.request<ImportRequestsResult>(IMPORT_REQUESTS, { source: { text: "curl 'https://x.example.com/a' -H 'Accept: application/json'" }, out: pathToFileURL(join(folder.path, 'x.connector.json')).href, origin: 'https://x.example.com' });
    assert.ok(other.ok);
    assert.match(other.text, /"baseUrl": "https:\/\/x.example.com"/);
    assert.ok(result.notes.some((n) => /1 request to https:\/\/stats.example.com is not imported/.test(n.reason)));
    // Every origin, each into a connector of its own: the others are not reported as left out; the stats service's
    // connector, and its secret, are named after its host.
    const stats = await lsp.request<ImportRequestsResult>(IMPORT_REQUESTS, { source, out: pathToFileURL(join(folder.path, 'stats.example.com.connector.json')).href, origin: 'https://stats.example.com', importedElsewhere: ['https://shop.example.com'] });
    assert.ok(stats.ok, stats.ok ? '' : stats.message);
    assert.match(stats.text, /"name": "Shop \(stats.example.com\)"/);
    assert.ok(!stats.notes.some((n) => /is not imported/.test(n.reason)), JSON.stringify(stats.notes));
    await assert.rejects(lsp.request(IMPORT_REQUESTS, { source, out: 'x', importedElsewhere: 'https://a' }), /'importedElsewhere' must be an array/);
    await assert.rejects(lsp.request(IMPORT_REQUESTS, { source: { path: 1 }, out: 'x' }), /connector\/importRequests: the params must be an object whose 'source' must be/);
  } finally {
    await lsp.stop();
    folder.remove();
  }
});

test('a curl command pasted into operations: a quick fix makes it an operation, its examples in the values file', async () => {
  const folder = makeTempFolder({});
  const capabilities = { workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } } };
  const lsp = await startLsp({ workspaceFolder: folder.path, capabilities });
  try {
    const uri = pathToFileURL(join(folder.path, 'pets.connector.json')).href;
    const text = `{
  "kind": "rest",
  "name": "Pets",
  "baseUrl": "https://pets.example.com",
  "operations": [
    // mine
    { "id": "listPets", "method": "GET", "path": "/pets", "parameters": [] },
    curl -X POST 'https://pets.example.com/pets?notify=true' \\
      -H 'X-Api-Key: key-0123456789' \\
      -H 'Content-Type: application/json' \\
      --data-raw '{"name":"Rex","age":3}'
  ]
}
`;
    await lsp.open(uri, text);
    const at = text.indexOf('--data-raw');
    const line = text.slice(0, at).split('\n').length - 1;
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line, character: 8 }, end: { line, character: 8 } }, context: { diagnostics: [] } });
    const convert = actions.find((a) => a.title.startsWith('Convert the curl command'));
    assert.ok(convert, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(convert.title, "Convert the curl command into operation 'postPets' (examples in the values file)");
    const changes = convert.edit?.documentChanges ?? [];
    const connectorEdit = changes.find((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri === uri);
    const newText = (connectorEdit?.edits[0] as { newText?: string } | undefined)?.newText ?? '';
    assert.match(newText, /\/\/ mine\n\s+\{ "id": "listPets"/);
    assert.doesNotMatch(newText, /curl/);
    assert.deepEqual((parse(newText, [], { allowTrailingComma: true }) as { authorization: unknown }).authorization, { scheme: 'apiKey', in: 'header', name: 'X-Api-Key', secret: 'pets-example-com' });
    assert.match(newText, /"id": "postPets"/);
    assert.ok(changes.some((c) => 'kind' in c && c.kind === 'create' && c.uri.endsWith('/pets.values.json')));
    const valuesEdit = changes.find((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri.endsWith('/pets.values.json'));
    assert.match((valuesEdit?.edits[0] as { newText?: string } | undefined)?.newText ?? '', /"postPets": \{ "notify": true, "body": \{ "name": "Rex", "age": 3 \} \}/);
    assert.ok(!JSON.stringify(convert).includes('key-0123456789'));
    // Elsewhere in the file, nothing is offered.
    const none = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 2, character: 4 }, end: { line: 2, character: 4 } }, context: { diagnostics: [] } });
    assert.ok(!none.some((a) => a.title.startsWith('Convert the curl command')));
  } finally {
    await lsp.stop();
    folder.remove();
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../server/src/core/lint';
import { exportOpenApi } from '../../../server/src/core/openapi/exportOpenApi';
import { importOpenApi } from '../../../server/src/core/openapi/importOpenApi';
import type { JsonValue } from '../../../server/src/core/tree';
import { loadOpenApiDocument } from '../../../server/src/openapi/loadDocument';
import { oasExample, PARITY_DOCUMENTS } from '../../support/openapiDocuments';

for (const document of [...PARITY_DOCUMENTS, oasExample('3.0', 'security'), oasExample('3.0', 'schema-types'), oasExample('3.1', 'schema-validation-local')]) {
  test(`${document.label}: import → export (OpenAPI 3.1) → import gives the same connector`, async () => {
    const loaded = await loadOpenApiDocument(document.path);
    assert.ok(loaded.ok);
    const first = importOpenApi(loaded.document);
    assert.ok(first.ok);
    const exported = exportOpenApi(first.result.connector as unknown as JsonValue);
    assert.equal(exported.document.openapi, '3.1.0');
    const second = importOpenApi(exported.document);
    assert.ok(second.ok, second.ok ? '' : second.failure.message);
    assert.deepEqual(second.result.connector, first.result.connector);
    // What the first import could not hold is not reported again: the exported document says only what the connector has.
    assert.deepEqual(second.result.notes.filter((n) => n.item !== 'security' && n.where !== 'connector'), []);
  });
}

test('the export of an imported connector is a valid OpenAPI 3.1 document', async () => {
  const loaded = await loadOpenApiDocument(oasExample('2.0', 'petstore').path);
  assert.ok(loaded.ok);
  const imported = importOpenApi(loaded.document);
  assert.ok(imported.ok);
  const { document, notes } = exportOpenApi(imported.result.connector as unknown as JsonValue);
  assert.deepEqual(notes, []);
  const { validate } = await import('@readme/openapi-parser');
  const result = await validate(structuredClone(document) as never);
  assert.ok(result.valid, JSON.stringify(result));
});

test('export says what OpenAPI cannot describe: computed parameters, tsv, optional matrix values, fixed headers', () => {
  const text = JSON.stringify({
    kind: 'rest', name: 'x', baseUrl: 'https://api.example.com', advanced: { enforceConstraints: true },
    operations: [{
      id: 'op', method: 'GET', path: '/a', headers: { 'X-Tenant': 't1' },
      parameters: [
        { name: 'ids', location: 'query', type: 'array', items: { type: 'integer' }, separation: 'tsv' },
        { name: 'lang', location: 'matrix', type: 'string' },
        { name: 'key', location: 'query', type: 'computed', template: '{{lang}}' },
      ],
    }],
  });
  assert.ok(lintText(text).connector);
  const { document, notes } = exportOpenApi(JSON.parse(text) as JsonValue);
  assert.deepEqual(notes.map((n) => n.item).sort(), ['X-Tenant', 'advanced', 'ids', 'key', 'lang']);
  assert.ok((document.paths as Record<string, unknown>)['/a{lang}']);
});

test('an OAuth2 connector exports its client credentials flow: token URL and scopes', () => {
  const connector = { kind: 'rest', name: 'o', baseUrl: 'https://api.example.com', authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: 'https://login.example.com/token', clientId: 'c', secret: 'crm', scope: 'read write' }, operations: [{ id: 'a', method: 'GET', path: '/a', parameters: [] }] };
  assert.equal(lintText(JSON.stringify(connector)).findings.filter((f) => f.severity === 'error').length, 0);
  const { document } = exportOpenApi(connector as unknown as JsonValue);
  assert.deepEqual((document.components as { securitySchemes: unknown }).securitySchemes, { crm: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://login.example.com/token', scopes: { read: '', write: '' } } } } });
});

test('the password and authorization code flows export as OpenAPI names them, the sign-in page included', () => {
  const exported = (authorization: Record<string, string>): unknown => {
    const connector = { kind: 'rest', name: 'o', baseUrl: 'https://api.example.com', authorization: { scheme: 'oauth2', tokenUrl: 'https://login.example.com/token', clientId: 'c', scope: 'read', ...authorization }, operations: [{ id: 'a', method: 'GET', path: '/a', parameters: [] }] };
    assert.equal(lintText(JSON.stringify(connector)).findings.filter((f) => f.severity === 'error').length, 0);
    return (exportOpenApi(connector as unknown as JsonValue).document.components as { securitySchemes: unknown }).securitySchemes;
  };
  assert.deepEqual(exported({ flow: 'password', username: 'alice', secret: 'pw' }), { pw: { type: 'oauth2', flows: { password: { tokenUrl: 'https://login.example.com/token', scopes: { read: '' } } } } });
  assert.deepEqual(exported({ flow: 'authorizationCode', authorizationUrl: 'https://login.example.com/auth' }), { auth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://login.example.com/auth', tokenUrl: 'https://login.example.com/token', scopes: { read: '' } } } } });
});

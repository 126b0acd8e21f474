import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importOpenApi } from '../../../server/src/core/openapi/importOpenApi';
import type { JsonObject } from '../../../server/src/core/openapi/types';
import { reimportInto } from '../../../server/src/core/openapi/reimport';
import { lintText } from '../../../server/src/core/lint';
import { loadOpenApiDocument } from '../../../server/src/openapi/loadDocument';
import { makeTempFolder } from '../../support/cli';
import { enforcerResource } from '../../support/openapiDocuments';

const YAML_MAIN = `openapi: 3.0.3
info: { title: Split, version: '1' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /things/{id}:
    parameters:
      - $ref: 'parts/parameters.yaml#/Id'
    post:
      operationId: saveThing
      requestBody:
        content:
          application/json:
            schema: { $ref: 'parts/schemas.yaml#/Thing' }
      responses: { '200': { description: ok } }
`;

test('YAML with $refs to other files in its folder: bundled, and the models keep the referenced shapes', async () => {
  const folder = makeTempFolder({
    'api.yaml': YAML_MAIN,
    'parts/parameters.yaml': 'Id: { name: id, in: path, required: true, schema: { type: integer, format: int32 } }\n',
    'parts/schemas.yaml': 'Thing: { type: object, properties: { name: { type: string } } }\n',
  });
  try {
    const loaded = await loadOpenApiDocument(join(folder.path, 'api.yaml'));
    assert.ok(loaded.ok, loaded.ok ? '' : loaded.failure.message);
    assert.deepEqual(loaded.problems, []);
    const imported = importOpenApi(loaded.document);
    assert.ok(imported.ok);
    const operation = imported.result.connector.operations[0];
    assert.deepEqual(operation?.parameters.map((p) => `${p.name}:${p.location}:${p.type}:${p.model ?? ''}`), ['id:path:integer:', 'body:body:object:saveThingBody']);
    assert.deepEqual(imported.result.connector.models, { saveThingBody: { type: 'object', properties: { name: { type: 'string' } } } });
  } finally {
    folder.remove();
  }
});

test('a real split document (a user\'s issue report): the body model holds the schemas of the other file', async () => {
  const loaded = await loadOpenApiDocument(enforcerResource('issue-86/oas.yaml').path);
  assert.ok(loaded.ok);
  const imported = importOpenApi(loaded.document);
  assert.ok(imported.ok);
  const waterfall = imported.result.connector.models?.waterfall;
  assert.deepEqual(waterfall?.properties?.pn, { type: 'string' });
  assert.deepEqual(waterfall?.properties?.ag, { $ref: '#/models/ag' });
});

test('$refs never leave the folder (.., absolute paths, symbolic links) and never reach the network', async () => {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.end('P: { type: string }');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const secret = makeTempFolder({ 'secret.yaml': 'Leak: { name: leak, in: query, schema: { type: string } }\n' });
  const folder = makeTempFolder({
    'up.yaml': YAML_MAIN.replace('parts/parameters.yaml#/Id', `../${secret.path.split('/').pop() ?? ''}/secret.yaml#/Leak`),
    'absolute.yaml': YAML_MAIN.replace('parts/parameters.yaml#/Id', `${join(secret.path, 'secret.yaml')}#/Leak`),
    'linked.yaml': YAML_MAIN.replace('parts/parameters.yaml#/Id', 'link.yaml#/Leak'),
    'remote.yaml': YAML_MAIN.replace('parts/parameters.yaml#/Id', `http://127.0.0.1:${port}/p.yaml#/P`),
    'parts/schemas.yaml': 'Thing: { type: object }\n',
  });
  symlinkSync(join(secret.path, 'secret.yaml'), join(folder.path, 'link.yaml'));
  try {
    for (const name of ['up.yaml', 'absolute.yaml', 'linked.yaml']) {
      const loaded = await loadOpenApiDocument(join(folder.path, name));
      assert.ok(!loaded.ok, name);
      assert.equal(loaded.failure.code, 'ref-outside-folder', name);
      assert.match(loaded.failure.message, /outside .*Move the file there/);
    }
    const remote = await loadOpenApiDocument(join(folder.path, 'remote.yaml'));
    assert.ok(!remote.ok);
    assert.equal(remote.failure.code, 'remote-ref');
    assert.match(remote.failure.message, /reads local files only/);
    assert.equal(requests, 0);
    // The folder can be widened on purpose.
    const widened = await loadOpenApiDocument(join(folder.path, 'absolute.yaml'), { root: '/' });
    assert.ok(widened.ok);
  } finally {
    server.close();
    folder.remove();
    secret.remove();
  }
});

test('unreadable and malformed documents: a message that names the file and the problem', async () => {
  const folder = makeTempFolder({ 'bad.yaml': 'openapi: 3.0.0\npaths: [unclosed\n', 'empty.json': '', 'text.json': '"just text"' });
  try {
    const missing = await loadOpenApiDocument(join(folder.path, 'nope.yaml'));
    assert.ok(!missing.ok);
    assert.match(missing.failure.message, /nope\.yaml: no such file/);
    const bad = await loadOpenApiDocument(join(folder.path, 'bad.yaml'));
    assert.ok(!bad.ok);
    assert.match(bad.failure.message, /bad\.yaml cannot be read as an OpenAPI document/);
    assert.doesNotMatch(bad.failure.message, /\n\s+at /);
    const directory = await loadOpenApiDocument(folder.path);
    assert.ok(!directory.ok);
    assert.match(directory.failure.message, /is not a file/);
    for (const name of ['empty.json', 'text.json']) {
      const loaded = await loadOpenApiDocument(join(folder.path, name));
      if (loaded.ok) assert.ok(!importOpenApi(loaded.document).ok, name);
    }
  } finally {
    folder.remove();
  }
});

const FIRST: JsonObject = {
  openapi: '3.0.0', info: { title: 'API', version: '1' }, servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/pets': { get: { operationId: 'listPets', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', format: 'int32' } }, { name: 'old', in: 'query', schema: { type: 'string' } }], responses: {} } },
    '/pets/{id}': { get: { operationId: 'getPet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: {} } },
  },
};

test('re-import: reports what changed, updates in place, keeps comments and the operations the user added', () => {
  const first = importOpenApi(FIRST);
  assert.ok(first.ok);
  // The user comments the file, adds an operation of their own and changes the base URL.
  const userText = JSON.stringify(first.result.connector, null, 2)
    .replace('"kind": "rest",', '"kind": "rest", // our pet service')
    .replace('"https://api.example.com"', '"https://staging.example.com" /* staging */')
    .replace(/"operations": \[/, '"operations": [\n    // mine\n    { "id": "ping", "method": "GET", "path": "/ping", "parameters": [] },');
  assert.deepEqual(lintText(userText).findings.filter((f) => f.severity === 'error'), []);
  const newer = structuredClone(FIRST);
  const paths = newer.paths as JsonObject;
  const listPets = (paths['/pets'] as JsonObject).get as JsonObject;
  listPets.parameters = [{ name: 'limit', in: 'query', schema: { type: 'integer', format: 'int64' } }, { name: 'sort', in: 'query', schema: { type: 'string' } }];
  paths['/owners'] = { get: { operationId: 'listOwners', responses: {} } };
  const second = importOpenApi(newer);
  assert.ok(second.ok);
  const updated = reimportInto(userText, second.result.connector);
  assert.ok(!('problem' in updated));
  assert.deepEqual(updated.changes, [
    'baseUrl kept as it is in the file; the document says "https://api.example.com".',
    "Operation 'listPets': parameter 'old' (query) removed.",
    "Operation 'listPets': parameter 'limit' (query) changed.",
    "Operation 'listPets': parameter 'sort' (query) added.",
    "Operation 'listOwners' added (GET /owners).",
    "Operation 'ping' is not in the imported operations; kept as it is (remove it if the service no longer has it).",
  ]);
  for (const kept of ['// our pet service', '/* staging */', '// mine', '"id": "ping"']) assert.ok(updated.text.includes(kept), kept);
  const result = lintText(updated.text);
  assert.deepEqual(result.findings.filter((f) => f.severity !== 'info'), []);
  // Once more with the same document: nothing to change.
  const again = reimportInto(updated.text, second.result.connector);
  assert.ok(!('problem' in again));
  assert.equal(again.text, updated.text);
  assert.equal(again.changes.length, 2);
  // An OData connector is not overwritten.
  assert.deepEqual(reimportInto('{ "kind": "odata", "name": "x", "baseUrl": "https://h" }', second.result.connector), { problem: 'The existing file is not a REST connector ("kind": "rest"); choose another file to write to.' });
});

test('re-import writes each change in the file\'s own formatting (tabs, CRLF, a comment after the last operation or before one on its line) and each operation it adds as a person writes it, on a line of its own', () => {
  const imported = importOpenApi({
    openapi: '3.0.0', info: { title: 'T', version: '1' }, servers: [{ url: 'https://h' }],
    paths: { '/a': { get: { operationId: 'a', summary: 'A2', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: {} } }, '/b': { get: { operationId: 'b', responses: {} } } },
  });
  assert.ok(imported.ok);
  const cases: [string, string, string][] = [
    ["tabs, a parameter list on one line", "{\n\t\"kind\": \"rest\",\n\t\"name\": \"x\",\n\t\"baseUrl\": \"https://h\",\n\t\"operations\": [\n\t\t{\n\t\t\t\"id\": \"a\",\n\t\t\t\"method\": \"GET\",\n\t\t\t\"path\": \"/a\",\n\t\t\t\"parameters\": [ { \"name\": \"old\", \"location\": \"query\", \"type\": \"string\" } ]\n\t\t}\n\t]\n}\n", "{\n\t\"kind\": \"rest\",\n\t\"name\": \"x\",\n\t\"baseUrl\": \"https://h\",\n\t\"operations\": [\n\t\t{\n\t\t\t\"id\": \"a\",\n\t\t\t\"method\": \"GET\",\n\t\t\t\"path\": \"/a\",\n\t\t\t\"parameters\": [\n\t\t\t\t{\n\t\t\t\t\t\"name\": \"q\",\n\t\t\t\t\t\"location\": \"query\",\n\t\t\t\t\t\"type\": \"string\"\n\t\t\t\t}\n\t\t\t],\n\t\t\t\"summary\": \"A2\"\n\t\t},\n\t\t{ \"id\": \"b\", \"method\": \"GET\", \"path\": \"/b\", \"parameters\": [] }\n\t]\n}\n"],
    ["CRLF, a comment after the last operation", "{\r\n  \"kind\": \"rest\",\r\n  \"name\": \"x\",\r\n  \"baseUrl\": \"https://h\",\r\n  \"operations\": [\r\n    { \"id\": \"a\", \"method\": \"GET\", \"path\": \"/a\" } // first\r\n  ]\r\n}\r\n", "{\r\n  \"kind\": \"rest\",\r\n  \"name\": \"x\",\r\n  \"baseUrl\": \"https://h\",\r\n  \"operations\": [\r\n    {\r\n      \"id\": \"a\",\r\n      \"method\": \"GET\",\r\n      \"path\": \"/a\",\r\n      \"summary\": \"A2\",\r\n      \"parameters\": [\r\n        {\r\n          \"name\": \"q\",\r\n          \"location\": \"query\",\r\n          \"type\": \"string\"\r\n        }\r\n      ]\r\n    }, // first\r\n    { \"id\": \"b\", \"method\": \"GET\", \"path\": \"/b\", \"parameters\": [] }\r\n  ]\r\n}\r\n"],
    ["a trailing comma and a comment after the last operation", "{\n  \"kind\": \"rest\",\n  \"name\": \"x\",\n  \"baseUrl\": \"https://h\",\n  \"operations\": [\n    { \"id\": \"z\", \"method\": \"GET\", \"path\": \"/z\" }, // ours\n  ]\n}\n", "{\n  \"kind\": \"rest\",\n  \"name\": \"x\",\n  \"baseUrl\": \"https://h\",\n  \"operations\": [\n    { \"id\": \"z\", \"method\": \"GET\", \"path\": \"/z\" }, // ours\n    {\n      \"id\": \"a\",\n      \"summary\": \"A2\",\n      \"method\": \"GET\",\n      \"path\": \"/a\",\n      \"parameters\": [{ \"name\": \"q\", \"location\": \"query\", \"type\": \"string\" }]\n    },\n    { \"id\": \"b\", \"method\": \"GET\", \"path\": \"/b\", \"parameters\": [] },\n  ]\n}\n"],
    ["an operation after a comment on its line", "{\n  \"kind\": \"rest\",\n  \"name\": \"x\",\n  \"baseUrl\": \"https://h\",\n  \"operations\": [\n    /* mine */ { \"id\": \"a\", \"method\": \"GET\", \"path\": \"/a\", \"summary\": \"old\" }\n  ]\n}\n", "{\n  \"kind\": \"rest\",\n  \"name\": \"x\",\n  \"baseUrl\": \"https://h\",\n  \"operations\": [\n    /* mine */ {\n      \"id\": \"a\",\n      \"method\": \"GET\",\n      \"path\": \"/a\",\n      \"summary\": \"A2\",\n      \"parameters\": [\n        {\n          \"name\": \"q\",\n          \"location\": \"query\",\n          \"type\": \"string\"\n        }\n      ]\n    },\n    { \"id\": \"b\", \"method\": \"GET\", \"path\": \"/b\", \"parameters\": [] }\n  ]\n}\n"],
  ];
  for (const [what, before, after] of cases) {
    const updated = reimportInto(before, imported.result.connector);
    assert.ok(!('problem' in updated), what);
    assert.equal(updated.text, after, what);
  }
});

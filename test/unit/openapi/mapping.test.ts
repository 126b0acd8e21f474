// The mapping tables of docs/openapi.md, row by row, on small documents written for each row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importOpenApi } from '../../../server/src/core/openapi/importOpenApi';
import type { JsonObject, ParameterJson } from '../../../server/src/core/openapi/types';
import type { JsonValue } from '../../../server/src/core/tree';

function document3(parameters: JsonObject[], extra: JsonObject = {}): JsonObject {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, servers: [{ url: 'https://api.example.com/v1' }], paths: { '/items/{id}': { get: { operationId: 'op', parameters, responses: { 200: { description: 'ok' } } } } }, ...extra };
}

function onlyParameter(parameter: JsonObject, pathIsId = false): { parameter?: ParameterJson; notes: string[] } {
  const withId = pathIsId ? [parameter] : [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, parameter];
  const result = importOpenApi(document3(withId));
  assert.ok(result.ok);
  const operation = result.result.connector.operations[0];
  return { parameter: operation?.parameters.find((p) => p.name === parameter.name), notes: result.result.notes.map((n) => `${n.kind}: ${n.reason}`) };
}

const arrayOf = (type: string): JsonObject => ({ type: 'array', items: { type } });

test('style and explode → separation, for query, path, header and matrix', () => {
  const cases: [JsonObject, string, string][] = [
    [{ in: 'query' }, 'query', 'multi'],
    [{ in: 'query', explode: false }, 'query', 'csv'],
    [{ in: 'query', style: 'spaceDelimited', explode: false }, 'query', 'ssv'],
    [{ in: 'query', style: 'pipeDelimited', explode: false }, 'query', 'pipes'],
    [{ in: 'header' }, 'header', 'csv'],
    [{ in: 'path', required: true }, 'path', 'csv'],
    [{ in: 'path', required: true, style: 'matrix', explode: true }, 'matrix', 'multi'],
    [{ in: 'path', required: true, style: 'matrix' }, 'matrix', 'csv'],
  ];
  for (const [where, location, separation] of cases) {
    const name = where.in === 'path' ? 'id' : 'a';
    const { parameter } = onlyParameter({ name, ...where, schema: arrayOf('integer') }, where.in === 'path');
    assert.equal(parameter?.location, location, JSON.stringify(where));
    assert.equal(parameter?.separation, separation, JSON.stringify(where));
  }
});

test('Swagger 2.0 collectionFormat is the separation, word for word; multi on a path becomes csv with a note', () => {
  for (const format of ['csv', 'ssv', 'tsv', 'pipes', 'multi']) {
    const result = importOpenApi({ swagger: '2.0', info: { title: 't', version: '1' }, host: 'api.example.com', paths: { '/x': { get: { operationId: 'op', parameters: [{ name: 'a', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: format }], responses: { 200: { description: 'ok' } } } } } });
    assert.ok(result.ok);
    assert.equal(result.result.connector.operations[0]?.parameters[0]?.separation, format);
    assert.equal(result.result.connector.baseUrl, 'https://api.example.com');
  }
  const onPath = importOpenApi({ swagger: '2.0', info: { title: 't', version: '1' }, host: 'h', paths: { '/x/{a}': { get: { parameters: [{ name: 'a', in: 'path', required: true, type: 'array', items: { type: 'string' }, collectionFormat: 'multi' }], responses: {} } } } });
  assert.ok(onPath.ok);
  assert.equal(onPath.result.connector.operations[0]?.parameters[0]?.separation, 'csv');
  assert.match(onPath.result.notes[0]?.reason ?? '', /'multi' cannot repeat a path segment/);
});

test('a matrix parameter that ends the path moves after it exactly; one inside the path is moved with a note', () => {
  const end = importOpenApi(document3([{ name: 'id', in: 'path', required: true, style: 'matrix', schema: { type: 'string' } }]));
  assert.ok(end.ok);
  assert.equal(end.result.connector.operations[0]?.path, '/items/');
  assert.deepEqual(end.result.notes, []);
  const inside = importOpenApi({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a/{m}/b': { get: { parameters: [{ name: 'm', in: 'path', required: true, style: 'matrix', schema: { type: 'string' } }], responses: {} } } } });
  assert.ok(inside.ok);
  assert.equal(inside.result.connector.operations[0]?.path, '/a//b');
  assert.ok(inside.result.notes.some((n) => /moves there/.test(n.reason)));
});

test('types and formats: int32 and double are the platform defaults, an integer without format is int64, others are kept', () => {
  const format = (schema: JsonObject): string | undefined => onlyParameter({ name: 'a', in: 'query', schema }).parameter?.format;
  assert.equal(format({ type: 'integer', format: 'int32' }), undefined);
  assert.equal(format({ type: 'integer' }), 'int64');
  assert.equal(format({ type: 'integer', format: 'int64' }), 'int64');
  assert.equal(format({ type: 'number', format: 'double' }), undefined);
  assert.equal(format({ type: 'number', format: 'float' }), 'float');
  assert.equal(format({ type: 'string', format: 'date-time' }), 'date-time');
  assert.equal(format({ type: 'string', format: 'uuid' }), 'uuid');
});

test('enum: options for arrays of strings; a scalar enum is listed in the description, with a note', () => {
  const array = onlyParameter({ name: 'a', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } } });
  assert.deepEqual(array.parameter?.options, ['x', 'y']);
  const scalar = onlyParameter({ name: 'a', in: 'query', description: 'Sort order.', schema: { type: 'string', enum: ['asc', 'desc'] } });
  assert.equal(scalar.parameter?.options, undefined);
  assert.equal(scalar.parameter?.description, 'Sort order. Allowed values: "asc", "desc".');
  assert.match(scalar.notes.join(), /options only for arrays of strings/);
});

test('required, default, constraints and 3.1 numeric exclusive bounds', () => {
  const { parameter, notes } = onlyParameter({ name: 'n', in: 'query', required: true, schema: { type: 'integer', format: 'int32', default: 5, exclusiveMinimum: 0, maximum: 10 } });
  assert.deepEqual(parameter, { name: 'n', location: 'query', type: 'integer', required: true, default: 5, maximum: 10, minimum: 0, exclusiveMinimum: true });
  assert.deepEqual(notes, []);
  const text = onlyParameter({ name: 's', in: 'query', schema: { type: 'string', maxLength: 3, minLength: 1, pattern: '^[a-z]+$' } }).parameter;
  assert.deepEqual([text?.maxLength, text?.minLength, text?.pattern], [3, 1, '^[a-z]+$']);
  const badPattern = onlyParameter({ name: 's', in: 'query', schema: { type: 'string', pattern: '(?<' } });
  assert.equal(badPattern.parameter?.pattern, undefined);
  assert.match(badPattern.notes.join(), /not a regular expression/);
  const arrayDefault = onlyParameter({ name: 'a', in: 'query', schema: { ...arrayOf('string'), default: ['x'] } });
  assert.equal(arrayDefault.parameter?.default, undefined);
  assert.match(arrayDefault.notes.join(), /default \["x"\] is left out/);
});

test('allowEmptyValue becomes emptyValue on query parameters', () => {
  assert.equal(onlyParameter({ name: 'flag', in: 'query', allowEmptyValue: true, schema: { type: 'boolean' } }).parameter?.emptyValue, true);
});

test('what the platform cannot hold is left out or changed with a reason, never silently', () => {
  const cookie = onlyParameter({ name: 'session', in: 'cookie', required: true, schema: { type: 'string' } });
  assert.equal(cookie.parameter, undefined);
  assert.match(cookie.notes.join(), /Cookie 'session' is left out: the platform sends no cookie parameters\. The operation requires it/);
  const deep = onlyParameter({ name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object' } });
  assert.equal(deep.parameter, undefined);
  assert.match(deep.notes.join(), /deepObject/);
  const object = onlyParameter({ name: 'o', in: 'query', schema: { type: 'object', properties: { a: { type: 'string' } } } });
  assert.match(object.notes.join(), /only a body can hold/);
  const label = importOpenApi(document3([{ name: 'id', in: 'path', required: true, style: 'label', schema: { type: 'string' } }]));
  assert.ok(label.ok);
  assert.match(label.result.notes.map((n) => n.reason).join(), /style 'label'/);
  const objectPath = importOpenApi(document3([{ name: 'id', in: 'path', required: true, schema: { type: 'object' } }]));
  assert.ok(objectPath.ok);
  assert.deepEqual(objectPath.result.connector.operations, []);
  assert.match(objectPath.result.notes.map((n) => n.reason).join(), /Operation 'op' is left out: its path parameter 'id' cannot be held/);
  const head = importOpenApi({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/x': { head: { responses: {} }, get: { responses: {} } } } });
  assert.ok(head.ok);
  assert.deepEqual(head.result.connector.operations.map((o) => o.id), ['getX']);
  assert.deepEqual(head.result.notes.filter((n) => n.kind === 'left-out').map((n) => n.where), ['HEAD /x']);
});

test('request bodies: JSON with a model, several media types reported, multipart files, octet-stream streams, oneOf', () => {
  const body = (content: JsonObject, method = 'post'): ReturnType<typeof importOpenApi> => importOpenApi({
    openapi: '3.1.0', info: { title: 't', version: '1' }, servers: [{ url: 'https://h' }],
    paths: { '/x': { [method]: { operationId: 'op', requestBody: { required: true, content }, responses: {} } } },
    components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, status: { type: 'string', enum: ['new', 'sold'] }, tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } } }, Tag: { type: 'object', properties: { id: { type: 'integer' } } }, Cat: { type: 'object' }, Dog: { type: 'object' } } },
  });
  const json = body({ 'application/xml': { schema: { $ref: '#/components/schemas/Pet' } }, 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } });
  assert.ok(json.ok);
  const op = json.result.connector.operations[0];
  assert.deepEqual(op?.parameters, [{ name: 'body', location: 'body', type: 'object', required: true, model: 'Pet' }]);
  assert.equal(op?.headers?.['Content-Type'], 'application/json');
  assert.deepEqual(json.result.connector.models?.Pet?.properties?.tags, { type: 'array', items: { $ref: '#/models/Tag' } });
  assert.deepEqual(json.result.connector.models?.Pet?.properties?.status, { type: 'string', description: 'Allowed values: "new", "sold".' });
  assert.match(json.result.notes.map((n) => n.reason).join(), /also be sent as application\/xml/);
  const upload = body({ 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, files: { type: 'array', items: { type: 'string', format: 'binary' } }, note: { type: 'string' } } } } });
  assert.ok(upload.ok);
  assert.deepEqual(upload.result.connector.operations[0]?.parameters.map((p) => `${p.name}:${p.location}:${p.type}`), ['file:form:file', 'note:form:string']);
  assert.equal(upload.result.connector.operations[0]?.headers?.['Content-Type'], 'multipart/form-data');
  assert.match(upload.result.notes.map((n) => n.reason).join(), /several files in one field/);
  const stream = body({ 'image/png': { schema: { type: 'string', format: 'binary' } } });
  assert.ok(stream.ok);
  assert.deepEqual(stream.result.connector.operations[0]?.parameters[0], { name: 'body', location: 'body', type: 'stream', required: true });
  assert.equal(stream.result.connector.operations[0]?.headers?.['Content-Type'], 'application/octet-stream');
  assert.match(stream.result.notes.map((n) => n.reason).join(), /sent as image\/png/);
  const choice = body({ 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] } } });
  assert.ok(choice.ok);
  assert.match(choice.result.notes.map((n) => n.reason).join(), /one of several shapes/);
  assert.match(choice.result.connector.models?.opBody?.description ?? '', /One of: Cat, Dog/);
  const onGet = body({ 'application/json': { schema: { type: 'object' } } }, 'get');
  assert.ok(onGet.ok);
  assert.deepEqual(onGet.result.connector.operations[0]?.parameters, []);
  assert.match(onGet.result.notes.map((n) => n.reason).join(), /body only with POST, PUT and PATCH/);
});

test('servers: variables take their defaults; a relative or missing server is a placeholder with a note', () => {
  const variables = importOpenApi({ openapi: '3.0.0', info: { title: 't', version: '1' }, servers: [{ url: '{scheme}://h.example/{v}', variables: { scheme: { default: 'https' }, v: { default: 'v2' } } }], paths: { '/x': { get: { responses: {} } } } });
  assert.ok(variables.ok);
  assert.equal(variables.result.connector.baseUrl, 'https://h.example/v2');
  const relative = importOpenApi({ openapi: '3.0.0', info: { title: 't', version: '1' }, servers: [{ url: '/api/v3' }], paths: { '/x': { get: { responses: {} } } } });
  assert.ok(relative.ok);
  assert.equal(relative.result.connector.baseUrl, 'https://api.example.invalid/api/v3');
  assert.match(relative.result.notes[0]?.reason ?? '', /relative to where the document is served.*--base-url/);
});

test('security: one scheme for the connector, secret names never values, every operation that signs in otherwise noted', () => {
  const result = importOpenApi({
    openapi: '3.0.0', info: { title: 't', version: '1' }, servers: [{ url: 'https://h' }],
    components: { securitySchemes: { 'partner key': { type: 'apiKey', in: 'header', name: 'X-Key' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://h/token', scopes: {} } } } } },
    security: [{ 'partner key': [] }],
    paths: { '/a': { get: { responses: {} } }, '/b': { get: { security: [{ oauth: [] }], responses: {} } }, '/c': { get: { security: [], responses: {} } } },
  });
  assert.ok(result.ok);
  assert.deepEqual(result.result.connector.authorization, { scheme: 'apiKey', in: 'header', name: 'X-Key', secret: 'partner-key' });
  assert.deepEqual(result.result.notes.map((n) => n.where), ['getB', 'getC']);
});

test('operation ids: kept as written, generated from method and path when missing, unique', () => {
  const result = importOpenApi({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/pets/{petId}/photos': { get: { responses: {} }, post: { operationId: 'getPetsPetIdPhotos', responses: {} } } } });
  assert.ok(result.ok);
  assert.deepEqual(result.result.connector.operations.map((o) => o.id), ['getPetsPetIdPhotos', 'getPetsPetIdPhotos2']);
});

test('--operations: comma-separated globs over ids and "METHOD /path"', () => {
  const doc = { openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/pets': { get: { operationId: 'listPets', responses: {} }, post: { operationId: 'addPet', responses: {} } }, '/users': { get: { operationId: 'listUsers', responses: {} } } } };
  const pick = (glob: string): string[] => {
    const result = importOpenApi(doc, { operations: glob });
    return result.ok ? result.result.connector.operations.map((o) => o.id) : [result.failure.message];
  };
  assert.deepEqual(pick('list*'), ['listPets', 'listUsers']);
  assert.deepEqual(pick('POST /pets, listUsers'), ['addPet', 'listUsers']);
  assert.deepEqual(pick('GET /pet?'), ['listPets']);
  assert.deepEqual(pick('nothing'), ["No operation matches 'nothing'."]);
  // A pattern of many stars against a long id finishes at once (no backtracking blow-up).
  assert.deepEqual(pick(`${'*a'.repeat(200)}b`), [`No operation matches '${'*a'.repeat(200)}b'.`]);
});

test('not an OpenAPI document: a precise failure, no throw, for hostile shapes too', () => {
  for (const value of [null, [], 'x', 1, {}, { swagger: '1.2' }, { openapi: '4.0.0' }, { openapi: '3.0.0', paths: [] }, { openapi: '3.0.0', paths: { '/x': { get: null, post: { parameters: [null, 1, { $ref: '#/nowhere' }, { $ref: '#/paths' }], requestBody: { $ref: '#/components/requestBodies/none' } } } } }]) {
    const result = importOpenApi(value as never);
    if (!result.ok) assert.match(result.failure.message, /OpenAPI|Swagger|operations/);
  }
  const circular = importOpenApi({ openapi: '3.0.0', info: { title: 't', version: '1' }, components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' }, Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } }, paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } }, responses: {} }, put: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } }, responses: {} } } } });
  assert.ok(circular.ok);
  assert.deepEqual(circular.result.connector.models?.Node, { type: 'object', properties: { next: { $ref: '#/models/Node' } } });
});

test('a body array of $ref objects is an array of objects with the model; items by $ref in query arrays are read too', () => {
  const document = (schema: JsonObject, parameters: JsonObject[] = []): JsonObject => ({
    openapi: '3.0.3', info: { title: 't', version: '1' }, servers: [{ url: 'https://h' }],
    paths: { '/users': { post: { operationId: 'createUsers', parameters, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: {} } } },
    components: { schemas: { User: { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' } } }, Users: { type: 'array', items: { $ref: '#/components/schemas/User' } }, Status: { type: 'string', enum: ['new', 'sold'] } } },
  });
  const cases: [string, JsonObject, ParameterJson][] = [
    ['items by $ref', { type: 'array', items: { $ref: '#/components/schemas/User' } }, { name: 'body', location: 'body', type: 'array', required: true, items: { type: 'object' }, model: 'User' }],
    ['the array by $ref', { $ref: '#/components/schemas/Users' }, { name: 'body', location: 'body', type: 'array', required: true, items: { type: 'object' }, model: 'User' }],
    ['inline object items', { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } }, { name: 'body', location: 'body', type: 'array', required: true, items: { type: 'object' }, model: 'createUsersItem' }],
    ['arrays of arrays of objects', { type: 'array', items: { type: 'array', items: { $ref: '#/components/schemas/User' } } }, { name: 'body', location: 'body', type: 'array', required: true, items: { type: 'array', items: { type: 'object' } }, model: 'User' }],
    ['items by $ref to a string enum', { type: 'array', items: { $ref: '#/components/schemas/Status' } }, { name: 'body', location: 'body', type: 'array', required: true, items: { type: 'string' }, options: ['new', 'sold'] }],
  ];
  for (const [what, schema, expected] of cases) {
    const result = importOpenApi(document(schema));
    assert.ok(result.ok);
    assert.deepEqual(result.result.connector.operations[0]?.parameters, [expected], what);
    if (expected.model === 'User') assert.deepEqual(result.result.connector.models?.User?.required, ['id'], what);
  }
  const query = importOpenApi(document({ type: 'string' }, [{ name: 'status', in: 'query', schema: { type: 'array', items: { $ref: '#/components/schemas/Status' } } }, { name: 'who', in: 'query', schema: { type: 'array', items: { $ref: '#/components/schemas/User' } } }]));
  assert.ok(query.ok);
  assert.deepEqual(query.result.connector.operations[0]?.parameters[0], { name: 'status', location: 'query', type: 'array', items: { type: 'string' }, separation: 'multi', options: ['new', 'sold'] });
  assert.deepEqual(query.result.notes.filter((n) => n.item === 'who').map((n) => n.reason), ["Parameter 'who' is left out: its items are objects, which only a body array can hold."]);
});

test('a header parameter named like the API key header: the same credential where the operation signs in with that key, a parameter of its own elsewhere', () => {
  const document = (schemes: JsonObject): JsonObject => ({
    openapi: '3.0.3', info: { title: 't', version: '1' }, servers: [{ url: 'https://h' }],
    components: { securitySchemes: schemes },
    paths: {
      '/a': { get: { operationId: 'withKey', security: [{ key: [] }], parameters: [{ name: 'x-key', in: 'header', schema: { type: 'string' } }], responses: {} } },
      '/b': { delete: { operationId: 'ownHeader', security: [{ oauth: [] }], parameters: [{ name: 'X-Key', in: 'header', schema: { type: 'string' } }], responses: {} } },
      '/c': { get: { operationId: 'oauthOnly', security: [{ oauth: [] }], responses: {} } },
    },
  });
  const key = { type: 'apiKey', in: 'header', name: 'X-Key' };
  const both = importOpenApi(document({ key, oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://h/auth', scopes: {} } } } }));
  assert.ok(both.ok);
  // The key would send X-Key on every request, over 'ownHeader''s own X-Key: the connector signs in with the other scheme.
  assert.deepEqual(both.result.connector.authorization, { scheme: 'bearer', secret: 'oauth' });
  const operations = Object.fromEntries(both.result.connector.operations.map((o) => [o.id, o.parameters]));
  assert.deepEqual(operations.ownHeader, [{ name: 'X-Key', location: 'header', type: 'string' }]);
  assert.deepEqual(operations.withKey, [{ name: 'x-key', location: 'header', type: 'string' }]);
  assert.match(both.result.notes.filter((n) => n.where === 'connector').map((n) => n.reason).join('\n'), /'key' is not the connector's sign-in: it sends header 'X-Key' with every request, and operation 'ownHeader' has a header parameter 'X-Key' of its own/);
  // With the key as the only scheme: where the operation signs in with it, the parameter is the key; elsewhere the
  // header cannot be sent twice, which is said.
  const keyOnly = importOpenApi(document({ key }));
  assert.ok(keyOnly.ok);
  assert.deepEqual(keyOnly.result.connector.authorization, { scheme: 'apiKey', in: 'header', name: 'X-Key', secret: 'key' });
  assert.deepEqual(keyOnly.result.connector.operations.map((o) => o.parameters), [[], [], []]);
  const keyNotes = [
    "withKey changed: Header parameter 'x-key' is the API key the operation signs in with ('key'); the connector's authorization sends it, from secret 'key'.",
    "ownHeader left-out: Header parameter 'X-Key' is left out: the connector's authorization sends header 'X-Key' with every request, from secret 'key', and a request carries a header once.",
  ];
  assert.deepEqual(keyOnly.result.notes.filter((n) => n.item?.toLowerCase() === 'x-key').map((n) => `${n.where} ${n.kind}: ${n.reason}`), keyNotes);
  // Updating a connector that keeps the key as its sign-in: the operations are mapped for the sign-in it keeps.
  const kept = importOpenApi(document({ key, oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://h/auth', scopes: {} } } } }), { keptAuthorization: { scheme: 'apiKey', in: 'header', name: 'X-Key', secret: 'key' } });
  assert.ok(kept.ok);
  assert.deepEqual(kept.result.connector.authorization, { scheme: 'apiKey', in: 'header', name: 'X-Key', secret: 'key' });
  assert.deepEqual(kept.result.connector.operations.map((o) => o.parameters), [[], [], []]);
  assert.deepEqual(kept.result.notes.filter((n) => n.item?.toLowerCase() === 'x-key').map((n) => `${n.where} ${n.kind}: ${n.reason}`), keyNotes);
  assert.deepEqual(kept.result.notes.filter((n) => n.where === 'connector'), []);
});

test('security: an OAuth2 authorization code or password flow says which flow to set for the connector to sign in itself', () => {
  const reason = (flows: JsonValue): string => {
    const result = importOpenApi({ openapi: '3.0.0', info: { title: 't', version: '1' }, components: { securitySchemes: { oauth: { type: 'oauth2', flows } } }, security: [{ oauth: [] }], paths: { '/a': { get: { responses: {} } } } });
    assert.ok(result.ok);
    return result.result.notes.map((n) => n.reason).join(' ');
  };
  assert.match(reason({ authorizationCode: { authorizationUrl: 'https://h/auth', tokenUrl: 'https://h/token', scopes: {} } }), /set "scheme": "oauth2", "flow": "authorizationCode", the document's authorizationUrl and tokenUrl and your client id/);
  assert.match(reason({ password: { tokenUrl: 'https://h/token', scopes: {} } }), /"flow": "password", the document's tokenUrl, your client id and "username"/);
});

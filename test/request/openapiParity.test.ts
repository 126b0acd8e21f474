// Wire parity: for every operation imported from real public documents, the request the connector builds is the
// request swagger-client (an independent implementation of the OpenAPI specification) builds from the original.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { importOpenApi } from '../../server/src/core/openapi/importOpenApi';
import type { JsonObject, ModelJson, ParameterJson, RestConnectorJson } from '../../server/src/core/openapi/types';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { filesIn } from '../support/files';
import type { BuiltRequest } from '../../server/src/core/http/types';
import type { JsonValue } from '../../server/src/core/tree';
import { loadOpenApiDocument } from '../../server/src/openapi/loadDocument';
import { oasExample, PARITY_DOCUMENTS } from '../support/openapiDocuments';

interface SwaggerRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}
interface SwaggerClientModule {
  resolve(options: { spec: unknown }): Promise<{ spec: JsonObject; errors: unknown[] }>;
  buildRequest(options: Record<string, unknown>): SwaggerRequest;
}
// swagger-client ships no type declarations; this is the part of its interface the test uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SwaggerClient = require('swagger-client') as SwaggerClientModule;

const FILE_CONTENT = 'file content 1';
const folder = mkdtempSync(join(tmpdir(), 'connector-openapi-'));
const FILE_PATH = join(folder, 'upload.bin');
writeFileSync(FILE_PATH, FILE_CONTENT);

/** A value for a scalar of a type and format, inside its bounds. */
function scalarValue(type: string, format: string | undefined, p: Partial<ParameterJson>, name: string): JsonValue {
  switch (type) {
    case 'integer': {
      if (typeof p.minimum === 'number') return p.minimum + (p.exclusiveMinimum ? 1 : 0);
      if (typeof p.maximum === 'number') return p.maximum - (p.exclusiveMaximum ? 1 : 0);
      return 7;
    }
    case 'number': return typeof p.minimum === 'number' ? p.minimum + 1 : 2.5;
    case 'boolean': return true;
    default:
      if (format === 'date-time') return '2024-05-06T07:08:09.000Z';
      return `${textPrefix}${name}`;
  }
}

/** Strings start with this: plain first, then with characters every place must escape. */
let textPrefix = 'v-';

/** A value for a model: every property it lists, filled from its type. */
function modelValue(model: ModelJson | undefined, models: Record<string, ModelJson>, depth = 0): JsonValue {
  if (!model || depth > 4) return {};
  if (model.$ref) return modelValue(models[model.$ref.replace('#/models/', '')], models, depth + 1);
  if (model.type === 'array') return [modelValue(model.items, models, depth + 1)];
  if (model.type === 'object' || model.properties) {
    const out: Record<string, JsonValue> = {};
    for (const [key, property] of Object.entries(model.properties ?? {})) out[key] = modelValue(property, models, depth + 1);
    return out;
  }
  return scalarValue(model.type ?? 'string', model.format, {}, 'm');
}

/** A value for every parameter, generated from its schema (emptyValue switches are left unset: they take `true` only). */
function valuesFor(parameters: ParameterJson[], models: Record<string, ModelJson>): Record<string, JsonValue> {
  const values: Record<string, JsonValue> = {};
  for (const p of parameters) {
    if (p.emptyValue) continue;
    if (p.type === 'file' || p.type === 'stream') values[p.name] = FILE_PATH;
    else if (p.type === 'object') values[p.name] = modelValue(p.model ? models[p.model] : undefined, models);
    else if (p.type === 'array') {
      const items = p.items ?? { type: 'string' };
      values[p.name] = p.options?.length ? p.options.slice(0, 2) : items.type === 'object' ? [modelValue(p.model ? models[p.model] : undefined, models)] : items.type === 'array' ? [[scalarValue(items.items?.type ?? 'string', items.items?.format, {}, 'i'), scalarValue(items.items?.type ?? 'string', items.items?.format, {}, 'j')]] : [scalarValue(items.type, items.format, {}, `${p.name}1`), scalarValue(items.type, items.format, {}, `${p.name}2`)];
    } else values[p.name] = scalarValue(p.type, p.format, p, p.name);
  }
  return values;
}

/** The same values as a workflow gives them: options by their ids (c1, c2, ...), as the platform names them. */
function byOptionId(parameters: ParameterJson[], values: Record<string, JsonValue>): Record<string, JsonValue> {
  const out = { ...values };
  for (const p of parameters) {
    const value = values[p.name];
    if (p.options?.length && Array.isArray(value)) out[p.name] = value.map((v) => `c${(p.options?.indexOf(String(v)) ?? 0) + 1}`);
  }
  return out;
}

/** Query pairs decoded (separators inside values kept as sent), in order. */
function queryPairs(url: URL): string[] {
  return url.search.replace(/^\?/, '').split('&').filter((s) => s !== '').map((pair) => decodeURIComponent(pair.replace(/\+/g, ' ')));
}

/** What the comparison looks at: method, origin and path (decoded), query pairs, headers (lower-cased), body. */
interface WireView {
  method: string;
  path: string;
  query: string[];
  headers: Record<string, string>;
  body: JsonValue | string[] | undefined;
}

function ourView(request: BuiltRequest): WireView {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  // Content-Length is framing that our built request states and swagger-client leaves to its transport.
  for (const [name, value] of request.headers) if (!['accept', 'content-length'].includes(name.toLowerCase())) headers[name.toLowerCase()] = name.toLowerCase() === 'content-type' ? value.split(';')[0] ?? value : value;
  let body: WireView['body'];
  const b = request.body;
  if (b?.kind === 'text') body = headers['content-type'] === 'application/x-www-form-urlencoded' ? b.text.split('&').map((s) => decodeURIComponent(s.replace(/\+/g, ' '))) : safeJson(b.text);
  else if (b?.kind === 'file') body = FILE_CONTENT;
  else if (b?.kind === 'multipart') body = b.parts.map((p) => (p.kind === 'field' ? `${p.name}=${p.value}` : `${p.name}=<file>`));
  return { method: request.method, path: url.origin + url.pathname, query: queryPairs(url), headers, body };
}

function safeJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

function theirView(request: SwaggerRequest, baseUrl: string): WireView {
  // A document without servers gives a URL relative to where it is served: the import's base URL stands in.
  const url = new URL(request.url, baseUrl);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'accept') headers[name.toLowerCase()] = name.toLowerCase() === 'content-type' ? value.split(';')[0] ?? value : value;
  let body: WireView['body'];
  const b = request.body;
  // swagger-client percent-encodes the delimiter of a delimited array inside a multipart part (a part is not URL
  // text; the connector sends the space itself), so part values are compared decoded.
  if (b instanceof FormData) body = [...(b as unknown as { entries(): IterableIterator<[string, unknown]> }).entries()].map(([k, v]) => (typeof v === 'string' ? `${k}=${decodeURIComponent(v)}` : `${k}=<file>`));
  else if (typeof b === 'string') body = headers['content-type'] === 'application/x-www-form-urlencoded' ? b.split('&').map((s) => decodeURIComponent(s.replace(/\+/g, ' '))) : safeJson(b);
  else if (Buffer.isBuffer(b)) body = b.toString('utf8');
  else if (b !== undefined) body = b as JsonValue;
  return { method: request.method.toUpperCase(), path: url.origin + url.pathname, query: queryPairs(url), headers, body };
}

/** The arguments swagger-client takes for the same values: parameters by name, the body as requestBody (3.x). */
function swaggerArguments(connector: RestConnectorJson, operationId: string, values: Record<string, JsonValue>, version: string): Record<string, unknown> {
  const operation = connector.operations.find((o) => o.id === operationId);
  const parameters: Record<string, unknown> = {};
  const requestBody: Record<string, unknown> = {};
  let body: unknown;
  for (const p of operation?.parameters ?? []) {
    if (!(p.name in values)) continue;
    const value = p.type === 'file' || p.type === 'stream' ? Buffer.from(FILE_CONTENT) : values[p.name];
    const key = p.location === 'matrix' ? `path.${p.name}` : p.location === 'form' ? (version === '2.0' ? `formData.${p.name}` : p.name) : `${p.location}.${p.name}`;
    if (p.location === 'form' && version !== '2.0') requestBody[p.name] = value;
    else if (p.location === 'body') {
      if (version === '2.0') parameters[`body.${p.name}`] = value;
      else body = value;
    } else parameters[key] = value;
  }
  const contentType = operation?.headers?.['Content-Type'];
  return { parameters, ...(version === '2.0' ? {} : { requestBody: body ?? (Object.keys(requestBody).length ? requestBody : undefined) }), ...(contentType ? { requestContentType: contentType } : {}) };
}

for (const [document, prefix] of PARITY_DOCUMENTS.flatMap((d) => [[d, 'v-'], [d, 'a b&c=d/é?#;']] as const)) {
  test(`${document.label}: every imported operation lints clean and builds the request swagger-client builds (strings ${JSON.stringify(prefix)})`, async () => {
    textPrefix = prefix;
    const loaded = await loadOpenApiDocument(document.path);
    assert.ok(loaded.ok, loaded.ok ? '' : loaded.failure.message);
    const imported = importOpenApi(loaded.document);
    assert.ok(imported.ok);
    const { connector, version } = imported.result;
    // The comparison is of the operations' own parameters; sign-in is compared on its own below.
    const { authorization: _ignored, ...withoutAuthorization } = connector;
    const text = JSON.stringify(withoutAuthorization, null, 2);
    const linted = lintText(text);
    assert.deepEqual(linted.findings.filter((f) => f.severity !== 'info').map((f) => `${f.code}: ${f.message}`), []);
    assert.ok(linted.connector);
    // swagger-client finds operations by an id it can read: each gets a plain one (it rewrites ids with spaces).
    const spec = structuredClone(loaded.document) as JsonObject;
    const theirIds = new Map<string, string>();
    for (const [id, source] of Object.entries(imported.sources)) {
      const operation = (((spec.paths as JsonObject)[source.path] as JsonObject)[source.method.toLowerCase()] as JsonObject);
      operation.operationId = `operation${theirIds.size}`;
      theirIds.set(id, operation.operationId);
    }
    const resolved = await SwaggerClient.resolve({ spec });
    assert.ok(connector.operations.length > 0);
    for (const operation of connector.operations) {
      const values = valuesFor(operation.parameters, connector.models ?? {});
      const ours = await prepareRequest({ connector: linted.connector, operationId: operation.id, values: byOptionId(operation.parameters, values), secrets: () => undefined, baseDir: folder, files: filesIn(folder) });
      assert.ok(ours.ok, `${operation.id}: ${ours.ok ? '' : ours.problems.map((p) => p.message).join(' ')}`);
      const source = imported.sources[operation.id];
      const original = ((((spec.paths as JsonObject)[source?.path ?? ''] as JsonObject)[source?.method.toLowerCase() ?? ''] as JsonObject).requestBody as JsonObject | undefined);
      const documentTypes = Object.keys((original?.content as JsonObject | undefined) ?? {});
      const args = swaggerArguments(connector, operation.id, values, version);
      const sentType = operation.headers?.['Content-Type'];
      // Where the platform cannot send the document's media type (a binary body is octet-stream), the import says so; the
      // rest of the request must still be the same.
      const retyped = version !== '2.0' && sentType !== undefined && documentTypes.length > 0 && !documentTypes.includes(sentType);
      if (retyped) {
        assert.ok(imported.result.notes.some((n) => n.where === operation.id && n.kind === 'changed' && n.reason.includes(sentType)), `${operation.id}: the Content-Type change is reported`);
        args.requestContentType = documentTypes[0];
      }
      const theirs = SwaggerClient.buildRequest({ spec: resolved.spec, operationId: theirIds.get(operation.id), server: connector.baseUrl, ...args });
      const ourWire = ourView(ours.request);
      const theirWire = theirView(theirs, connector.baseUrl);
      if (retyped) {
        delete ourWire.headers['content-type'];
        delete theirWire.headers['content-type'];
      }
      assert.deepEqual(ourWire, theirWire, `${document.label} ${operation.id} with ${JSON.stringify(values)}`);
    }
  });
}

test('sign-in: API keys in header and query, basic, bearer and OAuth2 tokens reach the wire as swagger-client sends them; cookie keys are reported', async () => {
  const document = oasExample('3.0', 'security');
  const loaded = await loadOpenApiDocument(document.path);
  assert.ok(loaded.ok);
  const cases: [string, string, Record<string, unknown>][] = [
    ['GET /anything/apiKey', 'apiKey_query', { value: 'S3cret&=' }],
    ['PUT /anything/apiKey', 'apiKey_header', { value: 'S3cret&=' }],
    ['POST /anything/basic', 'basic', { username: 'user', password: 'S3cret&=' }],
    ['POST /anything/bearer', 'bearer', { value: 'S3cret&=' }],
    ['PUT /anything/oauth2', 'oauth2_clientCredentials', { token: { access_token: 'S3cret&=' } }],
  ];
  for (const [selection, scheme, credentials] of cases) {
    const imported = importOpenApi(loaded.document, { operations: selection });
    assert.ok(imported.ok);
    const { connector } = imported.result;
    assert.equal(connector.authorization?.secret, scheme, selection);
    if (connector.authorization?.scheme === 'basic') connector.authorization.username = 'user';
    const linted = lintText(JSON.stringify(connector));
    assert.ok(linted.connector);
    const operation = connector.operations[0];
    assert.ok(operation);
    const ours = await prepareRequest({ connector: linted.connector, operationId: operation.id, values: {}, secrets: (name) => (name === scheme ? 'S3cret&=' : undefined), baseDir: folder, files: filesIn(folder) });
    assert.ok(ours.ok);
    const spec = structuredClone(loaded.document) as JsonObject;
    const [method, path] = selection.split(' ');
    (((spec.paths as JsonObject)[path ?? ''] as JsonObject)[method?.toLowerCase() ?? ''] as JsonObject).operationId = 'target';
    const resolved = await SwaggerClient.resolve({ spec });
    const theirs = SwaggerClient.buildRequest({ spec: resolved.spec, operationId: 'target', securities: { authorized: { [scheme]: credentials } } });
    assert.deepEqual(ourView(ours.request), theirView(theirs, connector.baseUrl), selection);
  }
  const cookie = importOpenApi(loaded.document, { operations: 'POST /anything/apiKey' });
  assert.ok(cookie.ok);
  assert.equal(cookie.result.connector.authorization, undefined);
  assert.ok(cookie.result.notes.some((n) => n.where === 'postAnythingApiKey' && n.item === 'security'));
});

test('Swagger Petstore 3.0: DELETE /pet/{petId} keeps its own api_key header and POST /user/createWithList sends users, signed in, as swagger-client builds them', async () => {
  const loaded = await loadOpenApiDocument(oasExample('3.0', 'petstore', 'yaml').path);
  assert.ok(loaded.ok);
  const imported = importOpenApi(loaded.document);
  assert.ok(imported.ok);
  const { connector } = imported.result;
  const operation = (id: string): ParameterJson[] => connector.operations.find((o) => o.id === id)?.parameters ?? [];
  assert.deepEqual(operation('deletePet').find((p) => p.name === 'api_key'), { name: 'api_key', location: 'header', type: 'string' });
  assert.deepEqual(operation('createUsersWithListInput'), [{ name: 'body', location: 'body', type: 'array', required: true, items: { type: 'object' }, model: 'User', description: 'List of user object' }]);
  const scheme = connector.authorization?.secret ?? '';
  const linted = lintText(JSON.stringify(connector));
  assert.deepEqual(linted.findings.filter((f) => f.severity !== 'info').map((f) => `${f.code}: ${f.message}`), []);
  assert.ok(linted.connector);
  const spec = structuredClone(loaded.document) as JsonObject;
  const resolved = await SwaggerClient.resolve({ spec });
  for (const id of ['deletePet', 'createUsersWithListInput']) {
    const values = valuesFor(operation(id), connector.models ?? {});
    const ours = await prepareRequest({ connector: linted.connector, operationId: id, values, secrets: (name) => (name === scheme ? 'T0ken' : undefined), baseDir: folder, files: filesIn(folder) });
    assert.ok(ours.ok, ours.ok ? '' : ours.problems.map((p) => p.message).join(' '));
    const theirs = SwaggerClient.buildRequest({ spec: resolved.spec, operationId: id, server: connector.baseUrl, ...swaggerArguments(connector, id, values, '3.0'), securities: { authorized: { [scheme]: { token: { access_token: 'T0ken' } } } } });
    const ourWire = ourView(ours.request);
    // The document signs creating users in with nothing; the connector signs every request in, and says so.
    if (id === 'createUsersWithListInput') {
      assert.ok(imported.result.notes.some((n) => n.where === id && n.reason === `The operation needs no sign-in; the connector signs every request in with '${scheme}'.`));
      delete ourWire.headers.authorization;
    }
    assert.deepEqual(ourWire, theirView(theirs, connector.baseUrl), `${id} with ${JSON.stringify(values)}`);
  }
});

import { withoutTrailingSlashes } from '../http/url';
import type { JsonValue } from '../tree';
import { isOneOf, METHODS, METHODS_WITH_BODY } from '../vocabulary';
import { formContentType2, importBodyParameter2, importRequestBody, preferredMediaType, type BodyContext } from './bodies';
import { asArray, asObject, asString, deref, OPENAPI_METHODS, versionOf } from './document';
import { ModelCollector } from './models';
import { IdAllocator } from '../importing/names';
import { generatedId, operationMatcher } from './operationIds';
import { importParameter } from './parameters';
import { chooseScheme, mapScheme, operationAccepts, schemeSigningInAs, schemesOf, signsInWith } from './security';
import { baseUrlOf, operationServer } from './servers';
import type { AuthorizationJson, ImportFailure, ImportNote, ImportResult, JsonObject, OpenApiVersion, OperationChoice, OperationJson, ParameterJson, RestConnectorJson } from './types';

/** What the user chose for an import. */
export interface ImportOptions {
  /** Comma-separated globs over operation ids or `METHOD /path`; all operations when absent. */
  operations?: string;
  /** Exactly these operation ids (as listed by listOpenApiOperations), e.g. from the editor's picker. */
  operationIds?: readonly string[];
  /** The connector's name; the document's title when absent. */
  name?: string;
  /** The base URL to use instead of the document's servers. */
  baseUrl?: string;
  /**
   * The sign-in of the connector being updated, which it keeps: operations are mapped for it (the document's scheme
   * that is the same sign-in, and the header it sends) instead of the scheme the import would choose.
   */
  keptAuthorization?: AuthorizationJson;
}

/** Where each imported operation came from in the document. */
export type OperationSources = Record<string, { method: string; path: string; operationId?: string }>;

/** Header parameters OpenAPI says to ignore: the media types and authorization are described elsewhere. */
const IGNORED_HEADERS = ['accept', 'content-type', 'authorization'];

/** One operation of the document, before mapping. */
interface SourceOperation {
  id: string;
  method: string;
  path: string;
  operation: JsonObject;
  pathItem: JsonObject;
  /** The document's own operationId, when it has one. */
  operationId?: string;
}

/** Every operation of the document in document order, each with its connector id (unique, generated where missing). */
function sourceOperations(document: JsonObject): SourceOperation[] {
  const found: SourceOperation[] = [];
  const ids = new IdAllocator();
  const paths = asObject(document.paths) ?? {};
  for (const [path, value] of Object.entries(paths)) {
    const pathItem = deref(document, value) ?? {};
    for (const key of Object.keys(pathItem)) {
      if (!(OPENAPI_METHODS as readonly string[]).includes(key)) continue;
      const operation = asObject(pathItem[key]);
      if (!operation) continue;
      const operationId = asString(operation.operationId)?.trim() || undefined;
      found.push({ id: ids.allocate(operationId ?? generatedId(key, path)), method: key.toUpperCase(), path, operation, pathItem, ...(operationId ? { operationId } : {}) });
    }
  }
  return found;
}

/** Checks that a parsed document is one this import reads. */
function documentOf(value: JsonValue): { document: JsonObject; version: OpenApiVersion } | ImportFailure {
  const document = asObject(value);
  if (!document) return { code: 'not-openapi', message: 'The file is not an OpenAPI or Swagger document: its top level is not an object.' };
  const version = versionOf(document);
  if (version) return { document, version };
  const declared = asString(document.openapi) ?? asString(document.swagger);
  if (declared) return { code: 'unsupported-version', message: `The document is ${document.openapi ? 'OpenAPI' : 'Swagger'} ${declared}; the import reads Swagger 2.0 and OpenAPI 3.0 and 3.1.` };
  return { code: 'not-openapi', message: "The file is not an OpenAPI or Swagger document: it has neither 'openapi' nor 'swagger' at its top level." };
}

/** The operations a document offers, for choosing which to import (ids as the import will write them). */
export function listOpenApiOperations(value: JsonValue): OperationChoice[] | ImportFailure {
  const checked = documentOf(value);
  if ('code' in checked) return checked;
  return sourceOperations(checked.document).map((s) => {
    const summary = asString(s.operation.summary);
    return { id: s.id, method: s.method, path: s.path, ...(summary ? { summary } : {}) };
  });
}

/** The media types an operation answers with on success: 2.0's `produces`, 3.x's 2xx and default responses. */
function responseTypes(source: SourceOperation, document: JsonObject, version: OpenApiVersion): string[] {
  if (version === '2.0') return asArray(source.operation.produces ?? document.produces).filter((t): t is string => typeof t === 'string');
  const responses = asObject(source.operation.responses) ?? {};
  const types = new Set<string>();
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status) && status !== 'default') continue;
    for (const type of Object.keys(asObject(deref(document, response)?.content) ?? {})) types.add(type);
  }
  return [...types];
}

/** Path and operation parameters merged (the operation's win by name and place), each dereferenced. */
function mergedParameters(source: SourceOperation, document: JsonObject): JsonObject[] {
  const all = [...asArray(source.pathItem.parameters), ...asArray(source.operation.parameters)].map((p) => deref(document, p)).filter((p): p is JsonObject => p !== undefined);
  const byKey = new Map<string, JsonObject>();
  for (const parameter of all) byKey.set(`${asString(parameter.in)}:${asString(parameter.name)}`, parameter);
  return [...byKey.values()];
}

/** Removes a matrix parameter's `{name}` from the path: exact when it ends the path, where the platform puts matrix values. */
function pathWithoutMatrix(path: string, name: string): { path: string; exact: boolean } {
  const placeholder = `{${name}}`;
  const at = path.indexOf(placeholder);
  if (at < 0) return { path, exact: true };
  const rest = path.slice(at + placeholder.length);
  return { path: path.slice(0, at) + rest, exact: rest === '' };
}

/** The header an API key authorization sends with every request, and the secret it comes from. */
interface ApiKeyHeader {
  header: string;
  secret: string;
}

/** Upper-cases the first letter of a sentence. */
function sentence(text: string): string {
  return `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
}

/** Maps one operation; returns undefined (with a note) when the platform cannot hold it at all. */
function importOperation(source: SourceOperation, context: Omit<BodyContext, 'operationId' | 'method'>, baseUrl: string, chosenScheme: string | undefined, apiKeyHeader: ApiKeyHeader | undefined, notes: ImportNote[]): OperationJson | undefined {
  const { document, version } = context;
  const note = (kind: ImportNote['kind'], item: string | undefined, reason: string): void => void notes.push({ kind, where: source.id, ...(item ? { item } : {}), reason });
  if (!isOneOf(METHODS, source.method)) {
    notes.push({ kind: 'left-out', where: `${source.method} ${source.path}`, reason: `The platform's operations use GET, POST, PUT, PATCH or DELETE, not ${source.method}.` });
    return undefined;
  }
  const bodyContext: BodyContext = { ...context, operationId: source.id, method: source.method };
  const parameters: ParameterJson[] = [];
  let path = source.path;
  // Some documents tell two operations on one path apart by a fragment ("/cookies#form"); it is never sent.
  // A fragment that is the operation's own id only tells it apart (the id keeps that); another one is reported.
  const fragment = path.indexOf('#');
  if (fragment >= 0) {
    const named = path.slice(fragment + 1);
    path = path.slice(0, fragment);
    if (named !== source.id && named !== source.operationId) note('changed', undefined, `The path '${source.path}' ends in a fragment, which is never sent to a server; the path is '${path}'.`);
  }
  let contentType: string | undefined;
  const form: ParameterJson[] = [];
  const bodies: ParameterJson[] = [];
  const consumes = asArray(source.operation.consumes ?? document.consumes).filter((t): t is string => typeof t === 'string');
  for (const raw of mergedParameters(source, document)) {
    const name = asString(raw.name) ?? '';
    if (raw.in === 'header' && IGNORED_HEADERS.includes(name.toLowerCase())) continue;
    // The header the authorization sends with every request: a parameter of the same name would send it a second
    // time. Where the operation signs in with that key, the parameter is the key; elsewhere it had a value of its own.
    if (raw.in === 'header' && apiKeyHeader !== undefined && name.toLowerCase() === apiKeyHeader.header.toLowerCase()) {
      if (chosenScheme !== undefined && signsInWith(source.operation, document, chosenScheme)) {
        note('changed', name, `Header parameter '${name}' is the API key the operation signs in with ('${chosenScheme}'); the connector's authorization sends it, from secret '${apiKeyHeader.secret}'.`);
      } else {
        note('left-out', name, `Header parameter '${name}' is left out: the connector's authorization sends header '${apiKeyHeader.header}' with every request, from secret '${apiKeyHeader.secret}', and a request carries a header once.`);
      }
      continue;
    }
    if (raw.in === 'body') {
      const outcome = importBodyParameter2(raw, consumes, bodyContext);
      for (const n of outcome.notes) note(n.kind, n.item, n.reason);
      bodies.push(...outcome.parameters);
      contentType = outcome.contentType;
      continue;
    }
    const outcome = importParameter(raw, version, (v) => deref(document, v));
    if (!outcome.ok && raw.in === 'path') {
      notes.push({ kind: 'left-out', where: `${source.method} ${source.path}`, reason: `Operation '${source.id}' is left out: its path parameter '${name}' cannot be held (${outcome.reason}), and the path cannot be built without it.` });
      return undefined;
    }
    if (!outcome.ok) {
      note('left-out', name, `${raw.in === 'cookie' ? 'Cookie' : 'Parameter'} '${name}' is left out: ${outcome.reason}.${raw.required === true ? ' The operation requires it, so it may be refused without it.' : ''}`);
      continue;
    }
    for (const change of outcome.changes) note('changed', name, `Parameter '${name}': ${change}.`);
    const parameter = outcome.parameter;
    if (parameter.location === 'matrix') {
      const moved = pathWithoutMatrix(path, name);
      path = moved.path;
      if (!moved.exact) note('changed', name, `Matrix parameter '${name}' sits inside the path; the platform puts matrix parameters at the end of the path, so it moves there.`);
    }
    if (parameter.location === 'form') form.push(parameter);
    else parameters.push(parameter);
  }
  const requestBody = asObject(source.operation.requestBody);
  if (requestBody && version !== '2.0') {
    const outcome = importRequestBody(requestBody, bodyContext);
    for (const n of outcome.notes) note(n.kind, n.item, n.reason);
    for (const p of outcome.parameters) (p.location === 'form' ? form : bodies).push(p);
    contentType = outcome.contentType;
  }
  if (form.length > 0 && version === '2.0') contentType = formContentType2(form, consumes);
  const sendsBody = isOneOf(METHODS_WITH_BODY, source.method);
  if (!sendsBody && bodies.length > 0) {
    for (const b of bodies) note('left-out', b.name, `The body '${b.name}' is left out: the platform sends a body only with POST, PUT and PATCH, not ${source.method}.`);
    bodies.length = 0;
  }
  if (form.length > 0 && bodies.length > 0) {
    for (const f of form) note('left-out', f.name, `Form parameter '${f.name}' is left out: an operation sends form parameters or a body, not both.`);
    form.length = 0;
  }
  const keptForm = form.filter((f) => {
    if (sendsBody || (source.method === 'GET' && f.type !== 'file')) return true;
    note('left-out', f.name, `Form parameter '${f.name}' is left out: ${f.type === 'file' ? 'files are uploaded with POST, PUT or PATCH' : `the platform sends forms with GET, POST, PUT or PATCH, not ${source.method}`}.`);
    return false;
  });
  if (keptForm.length > 0 && source.method === 'GET' && contentType !== 'application/x-www-form-urlencoded') {
    note('changed', 'Content-Type', `The form is sent as ${contentType ?? 'a form'}; with GET the platform sends forms as application/x-www-form-urlencoded, so that is the Content-Type.`);
    contentType = 'application/x-www-form-urlencoded';
  }
  parameters.push(...keptForm, ...bodies);
  const headers: Record<string, string> = {};
  if ((keptForm.length > 0 || bodies.length > 0) && contentType) headers['Content-Type'] = contentType;
  const answers = responseTypes(source, document, version);
  const accept = answers.length === 1 ? answers[0] : preferredMediaType(answers.filter((t) => /json/i.test(t)));
  if (accept && accept !== '*/*') headers.Accept = accept;
  const server = operationServer(source.operation, source.pathItem, baseUrl);
  if (server) note('changed', undefined, `The operation is served from ${server}; a connector has one base URL (${baseUrl}), so requests go there.`);
  const security = operationAccepts(source.operation, document, chosenScheme);
  if (!security.accepted) {
    const used = chosenScheme ? `'${chosenScheme}'` : 'no sign-in';
    note('changed', 'security', security.wanted.length ? `The operation signs in with ${security.wanted.map((w) => `'${w}'`).join(' or ')}; the connector signs every request in with ${used}.` : `The operation needs no sign-in; the connector signs every request in with ${used}.`);
  }
  const summary = asString(source.operation.summary);
  const description = asString(source.operation.description);
  return {
    id: source.id,
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    method: source.method,
    path,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    parameters,
  };
}

/**
 * Maps a parsed and bundled OpenAPI document (Swagger 2.0, OpenAPI 3.0 or 3.1) to a REST connector: exact where the
 * platform can hold an item, the nearest form or nothing where not, each such case a note.
 */
export function importOpenApi(value: JsonValue, options: ImportOptions = {}): { ok: true; result: ImportResult; sources: OperationSources } | { ok: false; failure: ImportFailure } {
  const checked = documentOf(value);
  if ('code' in checked) return { ok: false, failure: checked };
  const { document, version } = checked;
  const notes: ImportNote[] = [];
  const matches = operationMatcher(options.operations);
  const picked = options.operationIds ? new Set(options.operationIds) : undefined;
  const chosen = sourceOperations(document).filter((s) => (picked ? picked.has(s.id) : matches(s.id, s.method, s.path)));
  if (chosen.length === 0) {
    return { ok: false, failure: { code: 'no-operations', message: options.operations ? `No operation matches '${options.operations}'.` : 'The document has no operations.' } };
  }
  const server = options.baseUrl ? { baseUrl: withoutTrailingSlashes(options.baseUrl), problem: undefined } : baseUrlOf(document, version);
  if (server.problem) notes.push({ kind: 'changed', where: 'connector', item: 'baseUrl', reason: `${server.problem}; baseUrl is ${server.baseUrl}. Set the real one (or import with --base-url).` });
  const models = new ModelCollector(document, version, notes);
  const headersOf = (source: SourceOperation): string[] => mergedParameters(source, document).filter((p) => p.in === 'header').map((p) => asString(p.name) ?? '');
  const kept = options.keptAuthorization;
  const keptKey = kept ? schemeSigningInAs(kept, document, version) : undefined;
  const choice = keptKey ? { key: keptKey } : chooseScheme(chosen.map((c) => ({ id: c.id, operation: c.operation, headers: headersOf(c) })), document, version);
  const schemeKey = choice.key;
  // On an update the file's sign-in stays, whatever the import would choose: nothing to say about the choice then.
  if (!kept && 'passedOver' in choice && choice.passedOver && schemeKey) {
    const { key, header, operationId } = choice.passedOver;
    notes.push({ kind: 'changed', where: 'connector', item: 'authorization', reason: `'${key}' is not the connector's sign-in: it sends header '${header}' with every request, and operation '${operationId}' has a header parameter '${header}' of its own, which the key would replace; the connector signs in with '${schemeKey}'.` });
  }
  const mapping = schemeKey ? mapScheme(schemeKey, asObject(schemesOf(document, version)[schemeKey]) ?? {}, version) : undefined;
  if (mapping?.reason) notes.push({ kind: 'changed', where: 'connector', item: 'authorization', reason: `${sentence(mapping.reason)}.` });
  if (mapping?.authorization?.scheme === 'basic') notes.push({ kind: 'changed', where: 'connector', item: 'authorization', reason: "HTTP basic needs a user name, which the document cannot give: set 'username'." });
  const authorization = kept ?? mapping?.authorization;
  const apiKeyHeader = authorization?.scheme === 'apiKey' && authorization.in === 'header' && authorization.name ? { header: authorization.name, secret: authorization.secret ?? '' } : undefined;
  const operations: OperationJson[] = [];
  const sources: OperationSources = {};
  for (const source of chosen) {
    const operation = importOperation(source, { document, version, models, deref: (v) => deref(document, v) }, server.baseUrl, schemeKey, apiKeyHeader, notes);
    if (!operation) continue;
    operations.push(operation);
    sources[operation.id] = { method: source.method, path: source.path, ...(source.operationId ? { operationId: source.operationId } : {}) };
  }
  const description = asString(asObject(document.info)?.description);
  const connector: RestConnectorJson = {
    kind: 'rest',
    name: options.name ?? (asString(asObject(document.info)?.title)?.trim() || 'Imported API'),
    ...(description ? { description } : {}),
    baseUrl: server.baseUrl,
    ...(mapping?.authorization ? { authorization: mapping.authorization } : {}),
    ...(Object.keys(models.models).length > 0 ? { models: models.models } : {}),
    operations,
  };
  return { ok: true, result: { connector, notes, version }, sources };
}

import type { JsonValue } from '../tree';
import { JsonNumber, type ExactJson } from '../values/exactJson';
import { asArray, asObject, asString } from './document';
import type { ImportNote, JsonObject } from './types';

/** OpenAPI 3's style and explode for a separation in a place; undefined when OpenAPI has no word for it. */
function styleFor(location: string, separation: string): { style: string; explode: boolean } | undefined {
  if (location === 'query' || location === 'form') {
    switch (separation) {
      case 'multi': return { style: 'form', explode: true };
      case 'csv': return { style: 'form', explode: false };
      case 'ssv': return { style: 'spaceDelimited', explode: false };
      case 'pipes': return { style: 'pipeDelimited', explode: false };
      default: return undefined;
    }
  }
  if (location === 'matrix') return separation === 'multi' ? { style: 'matrix', explode: true } : separation === 'csv' ? { style: 'matrix', explode: false } : undefined;
  return separation === 'csv' ? { style: 'simple', explode: false } : undefined;
}

/** A connector type and format as a JSON Schema type and format (the platform's plain integer is 32-bit). */
function typeSchema(type: string, format: string | undefined): JsonObject {
  if (type === 'file' || type === 'fileGallery' || type === 'stream') return { type: 'string', format: 'binary' };
  const schema: JsonObject = { type: type === 'computed' ? 'string' : type };
  if (type === 'integer') schema.format = format ?? 'int32';
  else if (format !== undefined) schema.format = format;
  return schema;
}

/** An array's inner type as a schema; objects are `$ref`s to `model` when the parameter names one. */
function itemsSchema(items: JsonObject | undefined, model: string | undefined): JsonObject {
  if (!items) return { type: 'string' };
  if (items.type === 'object' && model) return { $ref: `#/components/schemas/${model}` };
  const schema = typeSchema(asString(items.type) ?? 'string', asString(items.format));
  if (items.type === 'array') schema.items = itemsSchema(asObject(items.items), model);
  return schema;
}

/** A parameter's value schema: type, format, items, options, default and constraints. */
function parameterSchema(parameter: JsonObject): JsonObject {
  const type = asString(parameter.type) ?? 'string';
  const schema = typeSchema(type, asString(parameter.format));
  if (type === 'array') {
    const items = itemsSchema(asObject(parameter.items), asString(parameter.model));
    const options = asArray(parameter.options).filter((o): o is string => typeof o === 'string');
    if (options.length > 0) items.enum = options;
    schema.items = items;
  }
  for (const key of ['default', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems'] as const) {
    if (parameter[key] !== undefined) schema[key] = parameter[key];
  }
  // 3.1 writes an exclusive bound as the number itself.
  for (const [bound, flag] of [['maximum', 'exclusiveMaximum'], ['minimum', 'exclusiveMinimum']] as const) {
    const limit: unknown = parameter[bound];
    if (typeof limit !== 'number' && !(limit instanceof JsonNumber)) continue;
    if (parameter[flag] === true) schema[flag] = parameter[bound];
    else schema[bound] = parameter[bound];
  }
  return schema;
}

/** A model as a JSON Schema: `#/models/X` becomes `#/components/schemas/X`. */
function modelSchema(model: JsonValue | undefined): JsonObject {
  const source = asObject(model) ?? {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#\/models\//, '#/components/schemas/');
    else if (key === 'properties' && asObject(value)) out.properties = Object.fromEntries(Object.entries(asObject(value) ?? {}).map(([k, v]) => [k, modelSchema(v)]));
    else if (key === 'items') out.items = modelSchema(value);
    else out[key] = value;
  }
  return out;
}

/** The connector's authorization as a security scheme named after its secret. */
function securityScheme(authorization: JsonObject | undefined): { key: string; scheme: JsonObject } | undefined {
  const scheme = asString(authorization?.scheme);
  const key = asString(authorization?.secret) ?? 'auth';
  if (scheme === 'apiKey') return { key, scheme: { type: 'apiKey', in: asString(authorization?.in) ?? 'header', name: asString(authorization?.name) ?? 'X-Api-Key' } };
  if (scheme === 'basic') return { key, scheme: { type: 'http', scheme: 'basic' } };
  if (scheme === 'bearer') return { key, scheme: { type: 'http', scheme: 'bearer' } };
  if (scheme === 'oauth2') {
    const scopes = Object.fromEntries((asString(authorization?.scope) ?? '').split(/\s+/).filter(Boolean).map((s) => [s, '']));
    const tokenUrl = asString(authorization?.tokenUrl) ?? '';
    const flow = asString(authorization?.flow);
    // OpenAPI names the flows as the connector does; authorization code adds the sign-in page.
    const flows: JsonObject =
      flow === 'password' ? { password: { tokenUrl, scopes } }
      : flow === 'authorizationCode' ? { authorizationCode: { authorizationUrl: asString(authorization?.authorizationUrl) ?? '', tokenUrl, scopes } }
      : { clientCredentials: { tokenUrl, scopes } };
    return { key, scheme: { type: 'oauth2', flows } };
  }
  return undefined;
}

/** One operation as an OpenAPI operation; what OpenAPI cannot say is a note. */
function exportOperation(operation: JsonObject, notes: ImportNote[]): { path: string; method: string; value: JsonObject } {
  const id = asString(operation.id) ?? '';
  const note = (item: string, reason: string): void => void notes.push({ kind: 'changed', where: id, item, reason });
  let path = asString(operation.path) ?? '/';
  const headers = asObject(operation.headers) ?? {};
  const headerOf = (name: string): string | undefined => {
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
    return key ? asString(headers[key]) : undefined;
  };
  const contentType = headerOf('content-type');
  const accept = headerOf('accept');
  const parameters: JsonObject[] = [];
  const formProperties: JsonObject = {};
  const formRequired: string[] = [];
  const encoding: JsonObject = {};
  let requestBody: JsonObject | undefined;
  for (const value of asArray(operation.parameters)) {
    const parameter = asObject(value);
    if (!parameter) continue;
    const name = asString(parameter.name) ?? '';
    const location = asString(parameter.location) ?? '';
    const type = asString(parameter.type) ?? 'string';
    if (type === 'computed') {
      note(name, `Computed parameter '${name}' is built from a template, which OpenAPI cannot describe; it is left out.`);
      continue;
    }
    const schema = parameterSchema(parameter);
    const description = asString(parameter.description);
    const separation = type === 'array' ? (asString(parameter.separation) ?? 'csv') : undefined;
    const style = separation ? styleFor(location, separation) : undefined;
    if (separation && !style) note(name, `'${name}' separates items with ${separation}, which OpenAPI has no style for in ${location}; it is described with the default style.`);
    if (location === 'form') {
      formProperties[name] = description ? { ...schema, description } : schema;
      if (parameter.required === true) formRequired.push(name);
      // Written out even when it is the default: a multipart array's default differs from a url-encoded one's.
      if (style) encoding[name] = style;
      if (type === 'fileGallery') note(name, `'${name}' takes a file gallery record; OpenAPI describes it as a file.`);
      continue;
    }
    if (location === 'body') {
      const media = contentType ?? (type === 'stream' ? 'application/octet-stream' : 'application/json');
      const bodySchema = type === 'object' && asString(parameter.model) ? { $ref: `#/components/schemas/${asString(parameter.model) ?? ''}` } : schema;
      requestBody = { ...(description ? { description } : {}), content: { [media]: { schema: bodySchema } }, ...(parameter.required === true ? { required: true } : {}), 'x-codegen-request-body-name': name };
      continue;
    }
    const inPlace = location === 'matrix' ? 'path' : location;
    const out: JsonObject = { name, in: inPlace };
    if (description) out.description = description;
    if (inPlace === 'path') {
      if (location === 'matrix' && parameter.required !== true) note(name, `Matrix parameter '${name}' is optional; OpenAPI describes it as a path parameter, which is always required.`);
      out.required = true;
    } else if (parameter.required === true) out.required = true;
    if (location === 'matrix') {
      path += `{${name}}`;
      Object.assign(out, style ?? { style: 'matrix', explode: false });
    } else if (style && !(location === 'query' && style.style === 'form' && style.explode) && !(style.style === 'simple')) Object.assign(out, style);
    if (parameter.emptyValue === true) out.allowEmptyValue = true;
    out.schema = schema;
    parameters.push(out);
  }
  if (Object.keys(formProperties).length > 0) {
    const media = contentType ?? 'application/x-www-form-urlencoded';
    const schema: JsonObject = { type: 'object', properties: formProperties, ...(formRequired.length ? { required: formRequired } : {}) };
    requestBody = { content: { [media]: { schema, ...(Object.keys(encoding).length ? { encoding } : {}) } } };
  }
  for (const name of Object.keys(headers)) {
    if (['content-type', 'accept'].includes(name.toLowerCase())) continue;
    note(name, `The fixed header '${name}' is described as a header parameter whose only value is the connector's.`);
    parameters.push({ name, in: 'header', required: true, schema: { type: 'string', enum: [asString(headers[name]) ?? ''], default: asString(headers[name]) ?? '' } });
  }
  const value: JsonObject = { operationId: id };
  const summary = asString(operation.summary);
  const description = asString(operation.description);
  if (summary) value.summary = summary;
  if (description) value.description = description;
  if (parameters.length > 0) value.parameters = parameters;
  if (requestBody) value.requestBody = requestBody;
  value.responses = { default: { description: 'The response of the service.', ...(accept ? { content: { [accept]: {} } } : {}) } };
  return { path, method: (asString(operation.method) ?? 'GET').toLowerCase(), value };
}

/**
 * Writes a REST connector (as read from its file) as an OpenAPI 3.1 document, with notes on what OpenAPI cannot say.
 * Numbers kept with their own digits (as exactOfNode reads them) are copied as they are: write it with stringifyExact.
 */
export function exportOpenApi(connector: ExactJson): { document: JsonObject; notes: ImportNote[] } {
  // A kept number is carried as an opaque value: asObject, asArray and asString never take it for anything else.
  const source = asObject(connector as JsonValue) ?? {};
  const notes: ImportNote[] = [];
  const info: JsonObject = { title: asString(source.name) ?? 'Connector', version: '1.0.0' };
  const description = asString(source.description);
  if (description) info.description = description;
  const document: JsonObject = { openapi: '3.1.0', info, servers: [{ url: asString(source.baseUrl) ?? '/' }] };
  const paths: JsonObject = {};
  for (const value of asArray(source.operations)) {
    const operation = asObject(value);
    if (!operation) continue;
    const exported = exportOperation(operation, notes);
    let key = exported.path;
    if (asObject(paths[key])?.[exported.method]) {
      // OpenAPI holds one operation per method and path; a fragment (never sent, dropped again on import) keeps both.
      key = `${exported.path}#${asString(operation.id) ?? Object.keys(paths).length}`;
      notes.push({ kind: 'changed', where: asString(operation.id) ?? '', reason: `Another operation already is ${exported.method.toUpperCase()} ${exported.path}; this one is listed under '${key}', as OpenAPI holds one operation per method and path.` });
    }
    const item = asObject(paths[key]) ?? {};
    item[exported.method] = exported.value;
    paths[key] = item;
  }
  document.paths = paths;
  const components: JsonObject = {};
  const models = asObject(source.models);
  if (models && Object.keys(models).length > 0) components.schemas = Object.fromEntries(Object.entries(models).map(([name, model]) => [name, modelSchema(model)]));
  const security = securityScheme(asObject(source.authorization));
  if (security) {
    components.securitySchemes = { [security.key]: security.scheme };
    document.security = [{ [security.key]: [] }];
    if (source.authorization && asString(asObject(source.authorization)?.username)) notes.push({ kind: 'changed', where: 'connector', item: 'authorization', reason: 'The basic sign-in user name is not part of an OpenAPI document; it is left out.' });
  }
  if (asObject(source.advanced)?.enforceConstraints === true) notes.push({ kind: 'changed', where: 'connector', item: 'advanced', reason: 'Constraint enforcement is a connector setting; OpenAPI has no word for it.' });
  if (Object.keys(components).length > 0) document.components = components;
  return { document, notes };
}

// One captured request as a REST operation: the path (variables as path parameters), matrix and query parameters,
// fixed headers, header parameters, and the body; each parameter typed from its example, the examples kept for the
// values file. Credentials were taken out before (signIn.ts): what is left holds none.
import type { ImportNote } from '../importing/notes';
import type { ModelJson, OperationJson, ParameterJson } from '../openapi/types';
import { headerProblem } from '../http/headers';
import { encodeComponent } from '../http/url';
import type { ExactJson } from '../values/exactJson';
import { typeOfExampleText } from '../values/examples';
import { mapBody } from './bodies';
import type { CapturedRequest, Hole } from './captured';
import { TRANSPORT_HEADERS } from './curlRequest';
import { parameterFromTexts, parametersFromPairs, written } from './examples';
import { decodeLoosely } from './requestUrl';

/** The methods a REST connector operation can have. */
export const PLATFORM_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What the mapping of one request needs from the connector being made. */
export interface OperationContext {
  id: string;
  /** The path prefix the base URL holds (as written, no trailing slash), taken off the request's path. */
  basePath: string;
  /** A free model name for a wanted one. */
  modelName: (wanted: string) => string;
  filePath: (path: string) => string;
  /** Credentials the connector's authorization does not carry: parameters without an example. */
  otherCredentials: { location: 'header' | 'query'; name: string }[];
}

/** The operation, its examples and models, and what could not be taken as the source gave it. */
export interface MappedOperation {
  operation: OperationJson;
  examples: Record<string, ExactJson>;
  models: Record<string, ModelJson>;
  notes: ImportNote[];
}

/** A path parameter's name for a variable: letters, digits, `_`, `.` and `-`. */
function parameterName(hole: Hole): string {
  return hole.name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'value';
}

/** The path template of a request, the base path taken off, with a parameter for each variable. */
function pathOf(request: CapturedRequest, basePath: string, out: ReturnType<typeof written>): string {
  let path = '';
  let braces = false;
  for (const piece of request.path) {
    if ('text' in piece) {
      braces ||= /[{}]/.test(piece.text);
      path += piece.text.replace(/[{}]/g, (c) => encodeComponent(c));
      continue;
    }
    const name = parameterName(piece.hole);
    path += `{${name}}`;
    if (out.parameters.some((p) => p.name === name && p.location === 'path')) continue;
    const example = piece.hole.example;
    parameterFromTexts(out, name, 'path', example !== undefined ? [example] : [], { required: true });
  }
  if (braces) out.notes.push({ kind: 'changed', item: 'path', reason: 'The path holds { or }, which a connector path reads as a parameter; they are sent percent-encoded (%7B, %7D).' });
  if (basePath !== '' && path.startsWith(basePath)) path = path.slice(basePath.length);
  return path === '' || path.startsWith('/') ? path : `/${path}`;
}

/** Maps a request (its credentials already taken out) to an operation. */
export function operationOf(request: CapturedRequest, context: OperationContext): MappedOperation {
  const out = written();
  const models: Record<string, ModelJson> = {};
  const method = request.method.toUpperCase();
  if (method !== request.method) out.notes.push({ kind: 'changed', item: 'method', reason: `The method '${request.method}' is written ${method}, as the platform names methods.` });
  const path = pathOf(request, context.basePath, out);
  for (const matrix of request.matrix) {
    parameterFromTexts(out, matrix.name, 'matrix', [decodeLoosely(matrix.value)]);
    if (encodeComponent(decodeLoosely(matrix.value)) !== matrix.value) out.notes.push({ kind: 'changed', item: matrix.name, reason: `Matrix parameter '${matrix.name}' is sent encoded as the tool encodes it: ${encodeComponent(decodeLoosely(matrix.value))} (the same value).` });
  }
  parametersFromPairs(out, 'query', request.query, false);
  const headers: Record<string, string> = {};
  const transport: string[] = [];
  for (const header of request.headers) {
    if (header.disabled) continue;
    const lower = header.name.toLowerCase();
    if (TRANSPORT_HEADERS.includes(lower)) {
      transport.push(header.name);
      continue;
    }
    const problem = headerProblem(header.name, header.hole ? '' : header.value);
    if (problem) {
      out.notes.push({ kind: 'left-out', item: header.name, reason: `${problem.replace(/; remove it\.$|\.$/, '')}: the header is left out.` });
      continue;
    }
    if (header.hole) {
      const example = header.hole.example;
      parameterFromTexts(out, header.name, 'header', example !== undefined ? [example] : []);
      if (header.value !== `\${${header.hole.name}}`) out.notes.push({ kind: 'changed', item: header.name, reason: `Header '${header.name}' is '${header.value}'; the whole value becomes header parameter '${header.name}': supply it when sending.` });
      continue;
    }
    const existing = Object.keys(headers).find((n) => n.toLowerCase() === lower);
    if (existing) {
      headers[existing] = `${headers[existing] ?? ''}, ${header.value}`;
      out.notes.push({ kind: 'changed', item: header.name, reason: `Header '${header.name}' is given more than once; a connector sends it once, with the values joined by commas.` });
    } else headers[header.name] = header.value;
  }
  if (transport.length > 0) out.notes.push({ kind: 'left-out', item: 'headers', reason: `${transport.map((t) => `'${t}'`).join(', ')}: the HTTP client sets ${transport.length === 1 ? 'this header' : 'these headers'} itself.` });
  for (const other of context.otherCredentials) {
    out.parameters.push({ name: other.name, location: other.location, type: 'string' });
    out.notes.push({ kind: 'changed', item: other.name, reason: `${other.location === 'header' ? 'Header' : 'Query parameter'} '${other.name}' carries a credential besides the connector's sign-in; it is a parameter without an example (its value is not written to any file): supply it when sending.` });
  }
  const contentTypeName = Object.keys(headers).find((n) => n.toLowerCase() === 'content-type');
  let body = request.body;
  if (body?.kind === 'text' && body.text === '') body = undefined;
  if (body) {
    const formOnGet = method === 'GET' && (body.kind === 'urlencoded' || (body.kind === 'text' && /^application\/x-www-form-urlencoded/i.test(contentTypeName ? headers[contentTypeName] ?? '' : '')));
    if (!['POST', 'PUT', 'PATCH'].includes(method) && !formOnGet) {
      out.notes.push({ kind: 'left-out', item: 'body', reason: `The body is left out: the platform sends a body with POST, PUT and PATCH${method === 'GET' ? ' (and forms with GET)' : ''}, not ${method}.` });
      body = undefined;
    }
  }
  if (body) {
    const mapped = mapBody(body, out, {
      method,
      contentType: contentTypeName ? headers[contentTypeName] : undefined,
      modelName: () => context.modelName(`${context.id[0]?.toUpperCase() ?? ''}${context.id.slice(1)}Body`),
      filePath: context.filePath,
      secrets: request.secrets,
    });
    Object.assign(models, mapped.models);
    if (mapped.contentType !== undefined) {
      if (contentTypeName) delete headers[contentTypeName];
      if (mapped.contentType !== null) headers['Content-Type'] = mapped.contentType;
    }
  }
  // A name given in two places has one entry in the values file: the first place's example is kept.
  const seen = new Map<string, string>();
  for (const parameter of out.parameters) {
    const first = seen.get(parameter.name);
    if (first !== undefined && first !== parameter.location) out.notes.push({ kind: 'changed', item: parameter.name, reason: `'${parameter.name}' is both a ${first} and a ${parameter.location} parameter; values name them alike, so both take the same value.` });
    seen.set(parameter.name, first ?? parameter.location);
  }
  const operation: OperationJson = {
    id: context.id,
    ...(request.summary ? { summary: request.summary } : {}),
    ...(request.description ? { description: request.description } : {}),
    method,
    path,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    parameters: out.parameters as ParameterJson[],
  };
  return { operation, examples: out.examples, models, notes: [...request.notes, ...out.notes.map((n) => ({ ...n, where: context.id }))] };
}

/** The type a variable's example suggests (string when it has none), for callers that write one parameter themselves. */
export function typeOfHole(hole: Hole): string {
  return hole.example !== undefined ? typeOfExampleText(hole.example).type : 'string';
}

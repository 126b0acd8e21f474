import { headerEntry, mediaType, type RestConnector, type RestOperation } from '../model';
import { isJsonObject } from '../values/exactJson';
import { asText, joinArray, jsonText, pairsOf, plainText, scalarText, type Encode } from '../values/write';
import { MULTIPART_FORM, isOneOf, METHODS } from '../vocabulary';
import type { FoundFiles } from './files';
import { headerProblem, setContentLength, setHeader } from '../http/headers';
import { bodyLength } from '../http/body';
import type { ResolvedParameter } from './restValues';
import type { BuildOutcome, BuildProblem } from './types';
import type { FileRef, MultipartPart, RequestBody } from '../http/types';
import { appendQuery, encodeComponent, fillPath, joinBase, splitUrl } from '../http/url';
import { xmlOf } from './xml';

function queryParts(resolved: readonly ResolvedParameter[], encode: Encode): string[] {
  const parts: string[] = [];
  for (const r of resolved.filter((x) => x.location === 'query')) {
    if (r.parameter.emptyValue?.value === true) {
      // emptyValue: a boolean flag is sent bare when true and left out when false; any other type is sent
      // bare when its text is empty, and as name=value otherwise (a value is never dropped).
      if (r.type === 'boolean') {
        if (r.value === true) parts.push(encode(r.name));
        continue;
      }
      if (plainText(r.value, r.parameter.separation?.value, r.parameter.items) === '') {
        parts.push(encode(r.name));
        continue;
      }
    }
    for (const [name, value] of pairsOf(r.name, r.value, r.parameter.separation?.value, r.parameter.items, encode)) parts.push(`${encode(name)}=${value}`);
  }
  return parts;
}

function matrixText(resolved: readonly ResolvedParameter[], encode: Encode): string {
  return resolved
    .filter((r) => r.location === 'matrix')
    .flatMap((r) => pairsOf(r.name, r.value, r.parameter.separation?.value, r.parameter.items, encode).map(([n, v]) => `;${encode(n)}=${v}`))
    .join('');
}

/**
 * The request URL of an operation for resolved values: base, path (its own query kept apart), matrix on the
 * path, then one query. `encode` is encodeComponent on the wire and asText in previews.
 */
export function restUrl(connector: RestConnector, operation: RestOperation, resolved: readonly ResolvedParameter[], encode: Encode): string {
  const template = splitUrl(operation.path?.value ?? '');
  const path = fillPath(template.path, (name) => {
    const found = resolved.find((r) => r.location === 'path' && r.name === name);
    if (!found) return undefined;
    return Array.isArray(found.value) ? joinArray(found.value, found.parameter.separation?.value, found.parameter.items, encode) : encode(scalarText(found.value));
  });
  const withPathQuery = template.query !== undefined ? `${path}${matrixText(resolved, encode)}?${template.query}` : `${path}${matrixText(resolved, encode)}`;
  return appendQuery(joinBase(connector.baseUrl?.value ?? '', withPathQuery), queryParts(resolved, encode));
}

function fileRef(files: FoundFiles, given: string): FileRef {
  // The file step found every file before building; a missing entry is a bug, shown as a zero-length file.
  return files.get(given) ?? { given, path: given, size: 0, identity: '' };
}

function formBody(resolved: readonly ResolvedParameter[], contentType: string | undefined, files: FoundFiles, boundary: string): RequestBody {
  const form = resolved.filter((r) => r.location === 'form');
  if (mediaType(contentType) === MULTIPART_FORM) {
    const parts: MultipartPart[] = [];
    for (const r of form) {
      if (r.type === 'file') {
        // The platform names an uploaded file 'unknown'.
        parts.push({ kind: 'file', name: r.name, filename: 'unknown', file: fileRef(files, scalarText(r.value)), contentType: 'application/octet-stream' });
      } else if (r.type === 'fileGallery' && isJsonObject(r.value)) {
        parts.push({ kind: 'file', name: r.name, filename: scalarText(r.value.Filename ?? 'unknown'), file: fileRef(files, scalarText(r.value.Data ?? '')), contentType: 'application/octet-stream' });
      } else if (Array.isArray(r.value) && r.parameter.separation?.value === 'multi') {
        for (const item of r.value) parts.push({ kind: 'field', name: r.name, value: plainText(item, undefined, r.parameter.items?.items) });
      } else {
        parts.push({ kind: 'field', name: r.name, value: plainText(r.value, r.parameter.separation?.value, r.parameter.items) });
      }
    }
    return { kind: 'multipart', boundary, parts };
  }
  const pairs = form.flatMap((r) => pairsOf(r.name, r.value, r.parameter.separation?.value, r.parameter.items, encodeComponent).map(([n, v]) => `${encodeComponent(n)}=${v}`));
  return { kind: 'text', text: pairs.join('&') };
}

function bodyOf(body: ResolvedParameter, contentType: string | undefined, files: FoundFiles): RequestBody {
  if (body.type === 'stream') return { kind: 'file', file: fileRef(files, scalarText(body.value)) };
  const media = mediaType(contentType) ?? '';
  // An object is the model's element; an array (whose model names its items) is the parameter's.
  if (/[/+]xml$/.test(media) && (body.type === 'object' || body.type === 'array')) return { kind: 'text', text: xmlOf((body.type === 'object' ? body.parameter.model?.value : undefined) ?? body.name, body.value) };
  if (media.startsWith('text/') && typeof body.value === 'string') return { kind: 'text', text: body.value };
  return { kind: 'text', text: jsonText(body.value) };
}

/** The files a REST operation's resolved values name (file, stream, fileGallery), as given. */
export function restFilesNeeded(resolved: readonly ResolvedParameter[]): string[] {
  return resolved.flatMap((r) => {
    if ((r.type === 'file' || r.type === 'stream') && typeof r.value === 'string') return [r.value];
    if (r.type === 'fileGallery' && isJsonObject(r.value) && typeof r.value.Data === 'string') return [r.value.Data];
    return [];
  });
}

/** Builds a REST operation's request from resolved values and found files. Pure: no I/O, files are only named. */
export function buildRestRequest(connector: RestConnector, operation: RestOperation, resolved: readonly ResolvedParameter[], files: FoundFiles, boundary: string): BuildOutcome {
  const method = operation.method?.value;
  if (!isOneOf(METHODS, method)) {
    return { ok: false, problems: [{ code: 'invalid-connector', message: `Operation '${operation.id?.value ?? ''}' has no valid method; fix the file first.` }] };
  }
  const problems: BuildProblem[] = [];
  const url = restUrl(connector, operation, resolved, encodeComponent);
  if (splitUrl(url).fragment !== undefined || !URL.canParse(url)) {
    problems.push({ code: 'invalid-url', message: `The request URL ${JSON.stringify(url)} is not valid; check 'baseUrl' and 'path' (no '#', one '?').` });
  }
  const headers: [string, string][] = [];
  const addHeader = (name: string, value: string, parameter?: string): void => {
    const problem = headerProblem(name, value);
    if (problem) problems.push({ code: 'invalid-header', message: problem, ...(parameter ? { name: parameter } : {}) });
    else setHeader(headers, name, value);
  };
  for (const entry of operation.headers?.entries ?? []) if (entry.value !== undefined) addHeader(entry.name, entry.value);
  // A header parameter replaces a fixed header of the same name: one header goes out, and the preview shows it.
  for (const r of resolved.filter((x) => x.location === 'header')) addHeader(r.name, plainText(r.value, r.parameter.separation?.value, r.parameter.items), r.name);
  const contentType = headerEntry(operation.headers, 'Content-Type')?.value;
  const bodyParameter = resolved.find((r) => r.location === 'body');
  let body: RequestBody | undefined;
  if (resolved.some((r) => r.location === 'form')) body = formBody(resolved, contentType, files, boundary);
  else if (bodyParameter) body = bodyOf(bodyParameter, contentType, files);
  if (body?.kind === 'multipart') setHeader(headers, 'Content-Type', `${MULTIPART_FORM}; boundary=${body.boundary}`);
  setContentLength(headers, method, body ? bodyLength(body) : undefined);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, request: { method, url, headers, ...(body ? { body } : {}), secrets: [], warnings: [], shaping: { kind: 'rest' } } };
}

/** The request line an operation builds, with each value shown as `{name}`: `GET https://h/pets/{petId};lang={lang}?tags={tags}`. */
export function requestLinePreview(connector: RestConnector, operation: RestOperation): string {
  const resolved: ResolvedParameter[] = [];
  for (const parameter of operation.parameters) {
    const name = parameter.name?.value;
    const location = parameter.location?.value;
    if (!name || !location || !['path', 'query', 'matrix'].includes(location)) continue;
    const shown = `{${name}}`;
    const type = parameter.type?.value ?? 'string';
    const value = parameter.emptyValue?.value === true && type === 'boolean' ? true : type === 'array' && parameter.separation?.value === 'multi' ? [shown, shown] : shown;
    resolved.push({ parameter, name, location, type, value });
  }
  let url = restUrl(connector, operation, resolved, asText);
  const auth = connector.authorization;
  if (auth?.scheme?.value === 'apiKey' && auth.in?.value === 'query') url = appendQuery(url, [`${auth.name?.value ?? 'key'}=•••`]);
  return `${operation.method?.value ?? '?'} ${url}`;
}

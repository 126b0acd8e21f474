import { isAbsolute, resolve } from 'node:path';
import { XMLBuilder } from 'fast-xml-parser';
import { headerEntry, mediaType, type RestConnector, type RestOperation } from '../model';
import type { JsonValue } from '../tree';
import { MULTIPART_FORM } from '../vocabulary';
import { resolveValues, type ResolvedParameter } from './restValues';
import { encodeComponent, encodeHeader, encodePathSegment, joinArray, pairsOf, plainText } from './separation';
import type { BuildOutcome, MultipartPart, RequestBody, SuppliedValues } from './types';

function joinUrl(base: string, path: string): string {
  if (!path) return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function fillPath(path: string, resolved: ResolvedParameter[]): string {
  return path.replace(/(?<!\{)\{([^{}]*)\}(?!\})/g, (whole, raw: string) => {
    const found = resolved.find((r) => r.location === 'path' && r.name === raw.trim());
    if (!found) return whole;
    const { parameter, value } = found;
    return Array.isArray(value) ? joinArray(value, parameter.separation?.value, parameter.items, encodePathSegment) : encodePathSegment(plainText(value, undefined, undefined));
  });
}

function queryString(resolved: ResolvedParameter[]): string {
  const parts: string[] = [];
  for (const r of resolved.filter((x) => x.location === 'query')) {
    if (r.parameter.emptyValue) {
      // emptyValue: `true` sends the bare name, anything else leaves it out.
      if (r.value === true) parts.push(encodeComponent(r.name));
      continue;
    }
    for (const [name, value] of pairsOf(r.name, r.value, r.parameter.separation?.value, r.parameter.items, encodeComponent)) parts.push(`${encodeComponent(name)}=${value}`);
  }
  return parts.join('&');
}

function matrixString(resolved: ResolvedParameter[]): string {
  return resolved
    .filter((r) => r.location === 'matrix')
    .flatMap((r) => pairsOf(r.name, r.value, r.parameter.separation?.value, r.parameter.items, encodeComponent).map(([n, v]) => `;${encodeComponent(n)}=${v}`))
    .join('');
}

function fileFor(baseDir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

function formBody(resolved: ResolvedParameter[], contentType: string | undefined, baseDir: string): RequestBody {
  const form = resolved.filter((r) => r.location === 'form');
  if (mediaType(contentType) === MULTIPART_FORM) {
    const parts: MultipartPart[] = [];
    for (const r of form) {
      if (r.type === 'file') {
        // The platform names an uploaded file 'unknown'.
        parts.push({ kind: 'file', name: r.name, filename: 'unknown', path: fileFor(baseDir, String(r.value)), contentType: 'application/octet-stream' });
      } else if (r.type === 'fileGallery') {
        const record = (r.value ?? {}) as { Filename?: JsonValue; Data?: JsonValue };
        parts.push({ kind: 'file', name: r.name, filename: String(record.Filename ?? 'unknown'), path: fileFor(baseDir, String(record.Data ?? '')), contentType: 'application/octet-stream' });
      } else if (Array.isArray(r.value) && r.parameter.separation?.value === 'multi') {
        for (const item of r.value) parts.push({ kind: 'field', name: r.name, value: plainText(item, undefined, r.parameter.items?.items) });
      } else {
        parts.push({ kind: 'field', name: r.name, value: plainText(r.value, r.parameter.separation?.value, r.parameter.items) });
      }
    }
    return { kind: 'multipart', parts };
  }
  const pairs = form.flatMap((r) => pairsOf(r.name, r.value, r.parameter.separation?.value, r.parameter.items, encodeComponent).map(([n, v]) => `${encodeComponent(n)}=${v}`));
  return { kind: 'text', text: pairs.join('&') };
}

function xmlOf(root: string, value: JsonValue): string {
  const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false, arrayNodeName: 'item' });
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: value }) as string}`;
}

function bodyOf(body: ResolvedParameter, contentType: string | undefined, baseDir: string): RequestBody {
  if (body.type === 'stream') return { kind: 'file', path: fileFor(baseDir, String(body.value)) };
  const media = mediaType(contentType) ?? '';
  if (media.includes('xml') && body.type === 'object') return { kind: 'text', text: xmlOf(body.parameter.model?.value ?? body.name, body.value) };
  if (media.startsWith('text/') && typeof body.value === 'string') return { kind: 'text', text: body.value };
  return { kind: 'text', text: JSON.stringify(body.value) };
}

/** Builds a REST operation's request from supplied values (no I/O: files are named, and read when sent). */
export function buildRestRequest(connector: RestConnector, operation: RestOperation, values: SuppliedValues, baseDir: string): BuildOutcome {
  const { resolved, problems, warnings } = resolveValues(connector, operation, values);
  if (problems.length > 0) return { ok: false, problems };
  const method = operation.method?.value;
  if (!method || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    return { ok: false, problems: [{ code: 'invalid-connector', message: `Operation '${operation.id?.value ?? ''}' has no valid method; fix the file first.` }] };
  }
  const base = connector.baseUrl?.value ?? '';
  const path = fillPath(operation.path?.value ?? '', resolved) + matrixString(resolved);
  const query = queryString(resolved);
  const url = `${joinUrl(base, path)}${query ? `?${query}` : ''}`;
  try {
    new URL(url);
  } catch {
    return { ok: false, problems: [{ code: 'invalid-url', message: `The request URL ${JSON.stringify(url)} is not valid; check 'baseUrl' and 'path'.` }] };
  }
  const headers: [string, string][] = [];
  for (const entry of operation.headers?.entries ?? []) {
    if (entry.value !== undefined) headers.push([entry.name, entry.value]);
  }
  for (const r of resolved.filter((x) => x.location === 'header')) {
    headers.push([r.name, encodeHeader(plainText(r.value, r.parameter.separation?.value, r.parameter.items))]);
  }
  const contentType = headerEntry(operation.headers, 'Content-Type')?.value;
  const bodyParameter = resolved.find((r) => r.location === 'body');
  let body: RequestBody | undefined;
  if (resolved.some((r) => r.location === 'form')) body = formBody(resolved, contentType, baseDir);
  else if (bodyParameter) body = bodyOf(bodyParameter, contentType, baseDir);
  return {
    ok: true,
    request: { method: method as 'GET', url, headers, ...(body ? { body } : {}), secrets: [], warnings, shaping: { kind: 'rest' } },
  };
}

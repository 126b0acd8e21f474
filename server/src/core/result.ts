import type { ResultShaping, ConnectorResult, RedirectFollowed } from './request/types';
import { parseJsonValue } from './parse';
import type { JsonValue } from './tree';

/** A response as received: status, headers, body text (cut at the cap) and timing. */
export interface ReceivedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  /** The body was not valid UTF-8; invalid bytes were replaced. */
  invalidUtf8?: boolean;
  totalMs: number;
  /** Redirects followed before this response. */
  redirects?: RedirectFollowed[];
}

function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Keeps what a response structure lists, recursively; arrays are shaped by their first element's skeleton.
 * Entries the response lacks, or has with another JSON type, are listed as warnings.
 */
export function shapeByStructure(data: JsonValue, structure: JsonValue, path: string, warnings: string[]): JsonValue {
  if (structure === null || typeof structure !== 'object') {
    if (structure !== null && data !== null && jsonTypeOf(data) !== jsonTypeOf(structure)) {
      warnings.push(`'${path || '(root)'}' is ${jsonTypeOf(data)} in the response but ${jsonTypeOf(structure)} in the response structure.`);
    }
    return data;
  }
  if (Array.isArray(structure)) {
    if (!Array.isArray(data)) {
      warnings.push(`'${path || '(root)'}' is ${jsonTypeOf(data)} in the response but an array in the response structure.`);
      return data;
    }
    const skeleton = structure[0];
    return skeleton === undefined ? data : data.map((item, i) => shapeByStructure(item, skeleton, `${path}[${i}]`, i === 0 ? warnings : []));
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    warnings.push(`'${path || '(root)'}' is ${jsonTypeOf(data)} in the response but an object in the response structure.`);
    return data;
  }
  const out: Record<string, JsonValue> = {};
  for (const [key, sub] of Object.entries(structure)) {
    const child = path ? `${path}.${key}` : key;
    if (!(key in data)) {
      warnings.push(`'${child}' is in the response structure but not in the response.`);
      continue;
    }
    out[key] = shapeByStructure(data[key] as JsonValue, sub, child, warnings);
  }
  return out;
}

function isJsonMedia(headers: Record<string, string>): boolean {
  return /\bjson\b/i.test(headers['content-type'] ?? '');
}

function odataErrors(body: JsonValue): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const error = (body as Record<string, JsonValue>).error;
  if (!error || typeof error !== 'object' || Array.isArray(error)) return [];
  const e = error as Record<string, JsonValue>;
  const main = `${typeof e.code === 'string' ? `${e.code}: ` : ''}${typeof e.message === 'string' ? e.message : JSON.stringify(e.message ?? '')}`;
  const details = Array.isArray(e.details) ? e.details.map((d) => (d && typeof d === 'object' && !Array.isArray(d) && typeof d.message === 'string' ? d.message : '')).filter(Boolean) : [];
  return [main, ...details];
}

function restErrorMessage(body: JsonValue): string | undefined {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of ['message', 'error_description', 'detail', 'title', 'error']) {
      const value = (body as Record<string, JsonValue>)[key];
      if (typeof value === 'string') return value;
    }
  }
  return undefined;
}

/** The result a workflow would receive for a response (the format page's 'Result of sending'). */
export function shapeResult(shaping: ResultShaping, response: ReceivedResponse, buildWarnings: readonly string[]): ConnectorResult {
  const errors: string[] = [];
  const warnings = [...buildWarnings];
  const ok = response.status >= 200 && response.status < 300;
  const parsed = response.body === '' ? undefined : parseJsonValue(response.body);
  let data: JsonValue | undefined;
  if (parsed?.ok) data = parsed.value;
  else if (response.body !== '') data = response.body;
  for (const redirect of response.redirects ?? []) {
    if (redirect.credentialsWithheld) warnings.push(`Redirected (${redirect.status}) to ${new URL(redirect.to).origin}, another origin than the request's: the credentials were not sent there.`);
  }
  const redirects = response.redirects?.length ? { redirects: response.redirects } : {};
  if (response.truncated) warnings.push('The response was cut at the size limit; data holds its beginning only.');
  if (response.invalidUtf8) warnings.push('The response is not valid UTF-8 text; invalid bytes were replaced with \uFFFD.');

  if (parsed?.ok === false && parsed.tooDeep) warnings.push(`The response has ${parsed.tooDeep}; it is kept as text, not read as JSON.`);
  if (shaping.kind === 'odata') {
    if (parsed?.ok === false && parsed.tooDeep) {
      errors.push(`The service's answer has ${parsed.tooDeep}; Custom request does not read JSON nested this deep.`);
      data = undefined;
    } else if (response.body !== '' && !parsed?.ok) {
      errors.push(`The service answered with ${response.headers['content-type'] ?? 'no Content-Type'}, not JSON. Custom request handles JSON only; binary downloads need the projection's own binary-download operation.`);
      data = undefined;
    }
    if (!ok) {
      const messages = data !== undefined ? odataErrors(data) : [];
      errors.push(...(messages.length ? messages : [`HTTP ${response.status} ${response.statusText}`.trim()]));
    }
    const result: ConnectorResult = { status: response.status, errors, warnings, timing: { totalMs: response.totalMs }, ...(response.truncated ? { truncated: true } : {}), ...redirects };
    if (ok && data !== undefined) {
      if (shaping.includeEntityDescriptor && shaping.operation === 'create' && data && typeof data === 'object' && !Array.isArray(data)) {
        const descriptor: Record<string, JsonValue> = {};
        for (const [key, value] of Object.entries(data)) if (key.startsWith('@odata.')) descriptor[key] = value as JsonValue;
        result.entityDescriptor = descriptor;
      }
      result.data = shaping.responseStructure !== undefined ? shapeByStructure(data, shaping.responseStructure, '', warnings) : data;
    }
    if (shaping.includeHeaders) result.headers = response.headers;
    return result;
  }

  if (!ok) {
    const message = data !== undefined ? restErrorMessage(data) : undefined;
    errors.push(`HTTP ${response.status} ${response.statusText}${message ? `: ${message}` : ''}`.trim());
  }
  if (parsed && !parsed.ok && !parsed.tooDeep && isJsonMedia(response.headers)) warnings.push('The response says it is JSON but does not parse; data holds its text.');
  return {
    status: response.status,
    errors,
    warnings,
    ...(data !== undefined ? { data } : {}),
    timing: { totalMs: response.totalMs },
    ...(response.truncated ? { truncated: true } : {}),
    ...redirects,
  };
}

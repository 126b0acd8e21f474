import type { JsonValue } from '../tree';
import { isJsonObject, JsonNumber, setMember, stringifyExact, type ExactJson } from '../values/exactJson';
import { parseExact } from '../values/exactParse';
import type { ConnectorResult, ReceivedResponse, ResultShaping } from './types';

/** A value's JSON type as messages name it: a kept number is a number. */
function jsonTypeOf(value: ExactJson): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return value instanceof JsonNumber ? 'number' : typeof value;
}

/**
 * Keeps what a response structure lists, recursively; arrays are shaped by their first element's skeleton.
 * Entries the response lacks, or has with another JSON type, are listed as warnings.
 */
export function shapeByStructure(data: ExactJson, structure: JsonValue, path: string, warnings: string[]): ExactJson {
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
  if (!isJsonObject(data)) {
    warnings.push(`'${path || '(root)'}' is ${jsonTypeOf(data)} in the response but an object in the response structure.`);
    return data;
  }
  const out: { [key: string]: ExactJson } = {};
  for (const [key, sub] of Object.entries(structure)) {
    const child = path ? `${path}.${key}` : key;
    const value = Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
    if (value === undefined) {
      warnings.push(`'${child}' is in the response structure but not in the response.`);
      continue;
    }
    setMember(out, key, shapeByStructure(value, sub, child, warnings));
  }
  return out;
}

function isJsonMedia(headers: Record<string, string>): boolean {
  return /\bjson\b/i.test(headers['content-type'] ?? '');
}

function odataErrors(body: ExactJson): string[] {
  const e = isJsonObject(body) ? body.error : undefined;
  if (!isJsonObject(e)) return [];
  const main = `${typeof e.code === 'string' ? `${e.code}: ` : ''}${typeof e.message === 'string' ? e.message : stringifyExact(e.message ?? '')}`;
  const details = Array.isArray(e.details) ? e.details.map((d) => (isJsonObject(d) && typeof d.message === 'string' ? d.message : '')).filter(Boolean) : [];
  return [main, ...details];
}

function restErrorMessage(body: ExactJson): string | undefined {
  if (!isJsonObject(body)) return undefined;
  for (const key of ['message', 'error_description', 'detail', 'title', 'error']) {
    const value = Object.prototype.hasOwnProperty.call(body, key) ? body[key] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The body of a response as read: undefined when empty. */
export type ParsedBody = ReturnType<typeof parseExact> | undefined;

/** Reads a response's body exactly: the one reading of an answer, every number keeping its digits to every view of the result. */
export function parseBody(body: string): ParsedBody {
  return body === '' ? undefined : parseExact(body);
}

/**
 * The result a workflow would receive for a response (the format page's 'Result of sending'); `parsed` is the body
 * as read, when the caller read it already (every page of a paged answer joined into one).
 */
export function shapeResult(shaping: ResultShaping, response: ReceivedResponse, buildWarnings: readonly string[], parsed: ParsedBody = parseBody(response.body)): ConnectorResult {
  const errors: string[] = [];
  const warnings = [...buildWarnings];
  const ok = response.status >= 200 && response.status < 300;
  let data: ExactJson | undefined;
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
      if (shaping.includeEntityDescriptor && shaping.operation === 'create' && isJsonObject(data)) {
        const descriptor: Record<string, ExactJson> = {};
        for (const [key, value] of Object.entries(data)) if (key.startsWith('@odata.')) descriptor[key] = value;
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

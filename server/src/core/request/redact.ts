import { JsonNumber } from '../values/exactJson';
import type { BuiltRequest, ConnectorResult, RequestBody } from './types';

/** What a secret is replaced by wherever a request or result is shown. */
export const REDACTED = '•••';

/** Replaces every secret (and its encoded forms) in a text. Longest first, so a secret inside another is not left half-shown. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  for (const form of [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length)) out = out.split(form).join(REDACTED);
  return out;
}

function redactBody(body: RequestBody, r: (t: string) => string): RequestBody {
  if (body.kind === 'text') return { ...body, text: r(body.text) };
  if (body.kind === 'multipart') return { ...body, parts: body.parts.map((p) => (p.kind === 'field' ? { ...p, value: r(p.value) } : p)) };
  return body;
}

/** A copy of a request safe to show: secrets redacted in the url, headers and text body. */
export function redactRequest(request: BuiltRequest): BuiltRequest {
  const r = (t: string): string => redactText(t, request.secrets);
  return {
    ...request,
    url: r(request.url),
    headers: request.headers.map(([n, v]) => [n, r(v)]),
    ...(request.body ? { body: redactBody(request.body, r) } : {}),
    warnings: request.warnings.map(r),
    // The values themselves must not travel with the copy that is shown.
    secrets: [],
    ...(request.signIn ? { signIn: { tokenUrl: request.signIn.tokenUrl, clientId: request.signIn.clientId, fromCache: request.signIn.fromCache, refreshAt: request.signIn.refreshAt } } : {}),
  };
}

/** A JSON value with every string (and object key) redacted: the service's data, headers and descriptor. */
export function redactJson<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (typeof value === 'string') return redactText(value, secrets) as T;
  if (value === null || typeof value !== 'object' || value instanceof JsonNumber || depth > 512) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redactJson(v, secrets, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [redactText(k, secrets), redactJson(v, secrets, depth + 1)])) as T;
}

/**
 * A copy of a result safe to show or store: secrets redacted in errors, warnings, redirects and everything the
 * service sent (data, headers, descriptor). The result's own structure is left alone, so no secret, however
 * short, can break it.
 */
export function redactResult(result: ConnectorResult, secrets: readonly string[]): ConnectorResult {
  if (secrets.length === 0) return result;
  const r = (t: string): string => redactText(t, secrets);
  return {
    ...result,
    errors: result.errors.map(r),
    warnings: result.warnings.map(r),
    ...(result.data !== undefined ? { data: redactJson(result.data, secrets) } : {}),
    ...(result.headers ? { headers: redactJson(result.headers, secrets) } : {}),
    ...(result.entityDescriptor ? { entityDescriptor: redactJson(result.entityDescriptor, secrets) } : {}),
    ...(result.redirects ? { redirects: result.redirects.map((x) => ({ ...x, from: r(x.from), to: r(x.to) })) } : {}),
  };
}

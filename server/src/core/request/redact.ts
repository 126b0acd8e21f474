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

/** A copy of a result safe to show or store: secrets redacted in errors, warnings, headers and data. */
export function redactResult(result: ConnectorResult, secrets: readonly string[]): ConnectorResult {
  if (secrets.length === 0) return result;
  const text = JSON.stringify(result);
  return JSON.parse(redactText(text, secrets.map((s) => JSON.stringify(s).slice(1, -1)))) as ConnectorResult;
}

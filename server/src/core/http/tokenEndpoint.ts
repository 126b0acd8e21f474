// The token request of the OAuth2 client credentials grant (RFC 6749, section 4.4), sent with the one HTTP client
// every request uses. The client secret goes to the token endpoint only: a POST follows no redirect, and the
// endpoint's answer is read here and never shown (only its error fields are quoted).
import { tokenUrlProblem } from '../oauth2/tokenUrl';
import type { TokenRequest } from '../oauth2/types';
import { headerProblem } from './headers';
import { sendRequest, type SendOptions } from './send';
import type { BuiltRequest, SecretPlacement } from './types';
import { encodeComponent } from './url';

/** A token as the endpoint issued it: the value and how long it lives (undefined when the endpoint does not say). */
export type FetchedToken = { ok: true; token: string; expiresInMs?: number } | { ok: false; message: string };

/** The token request as it goes on the wire; its secrets (the client secret in each form it takes) are listed for redaction. */
export function tokenHttpRequest(request: TokenRequest): BuiltRequest {
  const form = ['grant_type=client_credentials'];
  if (request.scope !== undefined && request.scope.trim() !== '') form.push(`scope=${encodeComponent(request.scope.trim())}`);
  const headers: [string, string][] = [
    ['Content-Type', 'application/x-www-form-urlencoded'],
    ['Accept', 'application/json'],
  ];
  const secrets = [request.clientSecret, encodeComponent(request.clientSecret)];
  let secretPlacement: SecretPlacement;
  if (request.clientAuthentication === 'body') {
    form.push(`client_id=${encodeComponent(request.clientId)}`, `client_secret=${encodeComponent(request.clientSecret)}`);
    secretPlacement = { kind: 'form', field: 'client_secret', secretName: request.secretName };
  } else {
    // RFC 6749, 2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    const basic = Buffer.from(`${encodeComponent(request.clientId)}:${encodeComponent(request.clientSecret)}`).toString('base64');
    headers.push(['Authorization', `Basic ${basic}`]);
    secrets.push(basic);
    secretPlacement = { kind: 'basic', username: encodeComponent(request.clientId), secretName: request.secretName };
  }
  const body = form.join('&');
  headers.push(['Content-Length', String(Buffer.byteLength(body))]);
  return { method: 'POST', url: request.tokenUrl, headers, body: { kind: 'text', text: body }, secrets, secretPlacement, warnings: [], shaping: { kind: 'rest' } };
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A field of the endpoint's answer, quoted for a message: one line, at most 300 characters. */
function quotedField(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** What to check, by the endpoint's `error` code (RFC 6749, 5.2). */
function advice(error: string | undefined, request: TokenRequest): string {
  if (error === 'invalid_client' || error === 'unauthorized_client') return ` Check the client id '${request.clientId}' and the secret '${request.secretName}'.`;
  if (error === 'invalid_scope') return ` Check 'scope'${request.scope ? ` ("${request.scope}")` : ''}: the client may not ask for it.`;
  if (error === 'unsupported_grant_type') return ' The client is not allowed the client credentials grant: enable it for the client at the identity provider.';
  return '';
}

/** Fetches a token; every failure is a message naming the endpoint, never a throw, never the secret. */
export async function fetchToken(request: TokenRequest, options: SendOptions): Promise<FetchedToken> {
  const problem = tokenUrlProblem(request.tokenUrl);
  if (problem) return { ok: false, message: `The token endpoint cannot be used: ${problem}` };
  const where = `The token endpoint ${request.tokenUrl}`;
  const built = tokenHttpRequest(request);
  const bad = built.headers.find(([name, value]) => headerProblem(name, value));
  if (bad) return { ok: false, message: `The client id or the secret '${request.secretName}' holds a line break or a character beyond Latin-1, which a token request cannot carry.` };
  const outcome = await sendRequest(built, options);
  if (!outcome.ok) return { ok: false, message: `No token: ${outcome.failure.message}` };
  const { status, body, headers } = outcome.response;
  const json = jsonObject(body);
  if (status < 200 || status >= 300) {
    const error = quotedField(json?.error);
    const description = quotedField(json?.error_description);
    const detail = error ? `: ${error}${description ? ` (${description})` : ''}` : '';
    return { ok: false, message: `${where} refused the token request with ${status}${detail}.${advice(error, request)}` };
  }
  if (!json) return { ok: false, message: `${where} answered ${status} with ${headers['content-type'] ?? 'no Content-Type'}, not a JSON token response.` };
  const token = json.access_token;
  if (typeof token !== 'string' || token === '') return { ok: false, message: `${where} answered ${status} without an access_token.` };
  const type = typeof json.token_type === 'string' ? json.token_type : '';
  if (type.toLowerCase() !== 'bearer') return { ok: false, message: `${where} issued a token of type '${quotedField(type) ?? '(none)'}'; only Bearer tokens can be sent.` };
  const expires = typeof json.expires_in === 'number' ? json.expires_in : typeof json.expires_in === 'string' ? Number(json.expires_in) : NaN;
  return { ok: true, token, ...(Number.isFinite(expires) && expires > 0 ? { expiresInMs: expires * 1000 } : {}) };
}

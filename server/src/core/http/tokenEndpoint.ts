// The token requests of the OAuth2 grants (RFC 6749: client credentials 4.4, password 4.3, authorization code
// 4.1.3 with PKCE, refresh 6), sent with the one HTTP client every request uses. The secrets go to the token
// endpoint only: a POST follows no redirect, and the endpoint's answer is read here and never shown (only its
// error fields are quoted).
import { mediaType } from '../mediaType';
import { tokenUrlProblem } from '../oauth2/tokenUrl';
import type { NamedSecret, TokenRequest } from '../oauth2/types';
import { headerProblem } from './headers';
import { sendRequest, type SendOptions } from './send';
import type { BuiltRequest } from './types';
import { encodeComponent } from './url';

/** What one token request trades for a token. */
export type Grant =
  | { type: 'client_credentials' }
  | { type: 'password'; username: string; password: NamedSecret }
  | { type: 'authorization_code'; code: string; redirectUri: string; verifier: string }
  | { type: 'refresh_token'; refreshToken: string };

/** A token as the endpoint issued it: the value, how long it lives (undefined when the endpoint does not say) and a refresh token when one was given. */
export type FetchedToken = { ok: true; token: string; expiresInMs?: number; refreshToken?: string } | { ok: false; message: string };

/** What a preview shows in place of the browser's code and the PKCE verifier: they exist only once the user signs in. */
export const PREVIEW_CODE = '(code from the browser sign-in)';
export const PREVIEW_REDIRECT = 'http://127.0.0.1:<port>/callback';
export const PREVIEW_VERIFIER = '(PKCE verifier)';

/** The grant a request's first token request uses (an authorization code one with stand-ins: a preview). */
export function firstGrant(request: TokenRequest): Grant {
  if (request.flow === 'password') return { type: 'password', username: request.username, password: request.password };
  if (request.flow === 'authorizationCode') return { type: 'authorization_code', code: PREVIEW_CODE, redirectUri: PREVIEW_REDIRECT, verifier: PREVIEW_VERIFIER };
  return { type: 'client_credentials' };
}

/** The grant's own form fields, and which of them are secrets. */
function grantFields(grant: Grant): { fields: [string, string][]; secret: string[] } {
  switch (grant.type) {
    case 'client_credentials':
      return { fields: [['grant_type', 'client_credentials']], secret: [] };
    case 'password':
      return { fields: [['grant_type', 'password'], ['username', grant.username], ['password', grant.password.value]], secret: ['password'] };
    case 'authorization_code':
      return { fields: [['grant_type', 'authorization_code'], ['code', grant.code], ['redirect_uri', grant.redirectUri], ['code_verifier', grant.verifier]], secret: ['code', 'code_verifier'] };
    case 'refresh_token':
      return { fields: [['grant_type', 'refresh_token'], ['refresh_token', grant.refreshToken]], secret: ['refresh_token'] };
  }
}

/** The token request as it goes on the wire; its secrets (in each form they take) are listed for redaction. */
export function tokenHttpRequest(request: TokenRequest, grant: Grant = firstGrant(request)): BuiltRequest {
  const { fields, secret } = grantFields(grant);
  // A refresh repeats the scope only implicitly (RFC 6749, 6): the token keeps the scope it was granted with.
  if (grant.type !== 'refresh_token' && grant.type !== 'authorization_code' && request.scope !== undefined && request.scope.trim() !== '') fields.push(['scope', request.scope.trim()]);
  const headers: [string, string][] = [
    ['Content-Type', 'application/x-www-form-urlencoded'],
    ['Accept', 'application/json'],
  ];
  const secretFields = new Set(secret);
  const { clientId, secret: clientSecret, authentication } = request.client;
  let basic = false;
  if (clientSecret && authentication === 'basic') {
    // RFC 6749, 2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    headers.push(['Authorization', `Basic ${Buffer.from(`${encodeComponent(clientId)}:${encodeComponent(clientSecret.value)}`).toString('base64')}`]);
    basic = true;
  } else {
    // A public client (no secret) names itself in the body (RFC 6749, 4.1.3, 4.3.2).
    fields.push(['client_id', clientId]);
    if (clientSecret) {
      fields.push(['client_secret', clientSecret.value]);
      secretFields.add('client_secret');
    }
  }
  const secretValues = fields.filter(([name]) => secretFields.has(name)).map(([, value]) => value);
  const basicValue = headers.find(([name]) => name === 'Authorization')?.[1].slice(6);
  const body = fields.map(([name, value]) => `${name}=${encodeComponent(value)}`).join('&');
  headers.push(['Content-Length', String(Buffer.byteLength(body))]);
  return {
    method: 'POST',
    url: request.tokenUrl,
    headers,
    body: { kind: 'text', text: body },
    secrets: [...secretValues.flatMap((v) => [v, encodeComponent(v)]), ...(clientSecret ? [clientSecret.value, encodeComponent(clientSecret.value)] : []), ...(basicValue ? [basicValue] : [])],
    secretPlacement: { kind: 'tokenForm', fields: [...secretFields], basic },
    warnings: [],
    shaping: { kind: 'rest' },
  };
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
  const line = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

const GRANT_NAMES: Record<Grant['type'], string> = {
  client_credentials: 'client credentials',
  password: 'password (direct access)',
  authorization_code: 'authorization code',
  refresh_token: 'refresh token',
};

/** The client's secret as messages name it. */
function clientNamed(request: TokenRequest): string {
  const secret = request.client.secret;
  return secret ? `the client id '${request.client.clientId}' and the client secret '${secret.name}'` : `the client id '${request.client.clientId}' (a public client: no client secret is sent)`;
}

/** What to check, by the endpoint's `error` code (RFC 6749, 5.2). */
function advice(error: string | undefined, request: TokenRequest, grant: Grant): string {
  if (error === 'invalid_client' || error === 'unauthorized_client') return ` Check ${clientNamed(request)}.`;
  if (error === 'invalid_scope') return ` Check 'scope'${request.scope ? ` ("${request.scope}")` : ''}: the client may not ask for it.`;
  if (error === 'unsupported_grant_type') return ` The client is not allowed the ${GRANT_NAMES[grant.type]} grant: enable it for the client at the identity provider${grant.type === 'password' ? " (Keycloak: 'Direct access grants')" : ''}.`;
  if (error === 'invalid_grant') {
    if (grant.type === 'password') return ` Check the user name '${grant.username}' and the password in the secret '${grant.password.name}' (and that the account is not locked or asked to change its password).`;
    if (grant.type === 'refresh_token') return ' The sign-in has expired or was ended at the identity provider: sign in again.';
    if (grant.type === 'authorization_code') return ' The code from the browser sign-in was refused (expired, used twice, or issued for another redirect): sign in again.';
  }
  return '';
}

/** Fetches a token with a grant (by default the request's own); every failure is a message naming the endpoint and the cause, never a throw, never a secret. */
export async function fetchToken(request: TokenRequest, options: SendOptions, grant: Grant = firstGrant(request)): Promise<FetchedToken> {
  const problem = tokenUrlProblem(request.tokenUrl);
  if (problem) return { ok: false, message: `The token endpoint cannot be used: ${problem}` };
  const where = `The token endpoint ${request.tokenUrl}`;
  const built = tokenHttpRequest(request, grant);
  const bad = built.headers.find(([name, value]) => headerProblem(name, value));
  if (bad) return { ok: false, message: `The token request to ${request.tokenUrl} cannot carry its '${bad[0]}' header: ${clientNamed(request)} holds a line break or a character beyond Latin-1.` };
  const outcome = await sendRequest(built, options);
  if (!outcome.ok) return { ok: false, message: `No token from ${request.tokenUrl}: ${outcome.failure.message}` };
  const { status, body, headers } = outcome.response;
  const json = jsonObject(body);
  const type = mediaType(headers['content-type']) ?? '';
  if (!json && (type === 'text/html' || /^\s*<(!doctype|html)/i.test(body))) {
    return { ok: false, message: `${where} answered ${status} with an HTML page (a sign-in or error page), not a JSON token response. Check 'tokenUrl': it is the token endpoint (Keycloak: .../protocol/openid-connect/token), not the sign-in page or the service.` };
  }
  if (status < 200 || status >= 300) {
    const error = quotedField(json?.error);
    const description = quotedField(json?.error_description);
    const detail = error ? `: ${error}${description ? ` (${description})` : ''}` : '';
    return { ok: false, message: `${where} refused the ${GRANT_NAMES[grant.type]} token request with ${status}${detail}.${advice(error, request, grant)}` };
  }
  if (!json) return { ok: false, message: `${where} answered ${status} with ${headers['content-type'] ?? 'no Content-Type'}, not a JSON token response.` };
  const token = json.access_token;
  if (typeof token !== 'string' || token === '') return { ok: false, message: `${where} answered ${status} without an access_token.` };
  const tokenType = typeof json.token_type === 'string' ? json.token_type : '';
  if (tokenType.toLowerCase() !== 'bearer') return { ok: false, message: `${where} issued a token of type '${quotedField(tokenType) ?? '(none)'}'; only Bearer tokens can be sent.` };
  const expires = typeof json.expires_in === 'number' ? json.expires_in : typeof json.expires_in === 'string' ? Number(json.expires_in) : NaN;
  const refresh = typeof json.refresh_token === 'string' && json.refresh_token !== '' ? json.refresh_token : undefined;
  return { ok: true, token, ...(Number.isFinite(expires) && expires > 0 ? { expiresInMs: expires * 1000 } : {}), ...(refresh ? { refreshToken: refresh } : {}) };
}

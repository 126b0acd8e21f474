// The parts of an authorization code sign-in the client makes up: the PKCE verifier and its S256 challenge
// (RFC 7636), the state that ties the browser's answer to this sign-in, and the address the browser opens.
import { createHash, randomBytes } from 'node:crypto';
import { appendQuery, encodeComponent } from '../http/url';

/** The path the loopback listener answers on: `http://127.0.0.1:<port>/callback`. */
export const CALLBACK_PATH = '/callback';

/** A PKCE pair: the verifier kept here (sent only in the token request) and the challenge the browser carries. */
export interface Pkce {
  verifier: string;
  challenge: string;
}

function base64Url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** A new verifier of 43 characters from 32 random bytes (RFC 7636, 4.1), and its S256 challenge. */
export function newPkce(): Pkce {
  const verifier = base64Url(randomBytes(32));
  return { verifier, challenge: s256Challenge(verifier) };
}

/** The S256 challenge of a verifier: BASE64URL(SHA256(verifier)) (RFC 7636, 4.2). */
export function s256Challenge(verifier: string): string {
  return base64Url(createHash('sha256').update(verifier, 'ascii').digest());
}

/** A new state value: 128 random bits, unguessable by a page that would forge the browser's answer. */
export function newState(): string {
  return base64Url(randomBytes(16));
}

/** What the address the browser opens carries (RFC 6749, 4.1.1; RFC 7636, 4.3). */
export interface AuthorizationParameters {
  clientId: string;
  redirectUri: string;
  scope?: string;
  state: string;
  challenge: string;
}

/** The authorization endpoint's address with the sign-in's parameters appended (its own query, such as a tenant hint, kept). */
export function authorizationRequestUrl(authorizationUrl: string, p: AuthorizationParameters): string {
  const pairs: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', p.clientId],
    ['redirect_uri', p.redirectUri],
    ...(p.scope?.trim() ? [['scope', p.scope.trim()] as [string, string]] : []),
    ['state', p.state],
    ['code_challenge', p.challenge],
    ['code_challenge_method', 'S256'],
  ];
  return appendQuery(authorizationUrl, pairs.map(([k, v]) => `${k}=${encodeComponent(v)}`));
}

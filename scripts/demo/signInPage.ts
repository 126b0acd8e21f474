// The demo realm's authorization endpoint, shaped like Keycloak's: GET shows a sign-in form, POST checks the user
// name and password and sends the browser on to the code step, which redirects to the client's redirect URI with
// a code. As in a Keycloak realm whose public client enforces PKCE: only known clients, only loopback redirects
// to /callback, and S256 required. Every error page is plain text built from fixed words, never from the request.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './http';

/** The parameters of an authorization request that the form carries on to the code step. */
const CARRIED = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'nonce'] as const;

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// No form-action in the policy: the browser follows the form's answer on to the client's loopback redirect,
// another origin, which form-action would block.
function page(response: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1>${body}</body></html>`;
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", 'Cache-Control': 'no-store' });
  response.end(html);
}

/** Whether a redirect URI is a loopback listener's callback: http://127.0.0.1:<port>/callback (RFC 8252, 7.3). */
export function isLoopbackCallback(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.port !== '' && url.pathname === '/callback' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

export interface SignInPageOptions {
  /** Clients allowed to ask for a code (public clients with PKCE). */
  clients: readonly string[];
  /** User name → password. */
  users: Readonly<Record<string, string>>;
  /**
   * Where the code step is (the OAuth2 server's own authorize handler, which issues the code), relative to the
   * sign-in page: the page also works behind a path-prefixing proxy, as code-server opens localhost pages.
   */
  codeLocation: string;
}

/** The sign-in page: the handler for GET and POST on the authorization endpoint, and the one-time tickets the code step checks. */
export function signInPage(options: SignInPageOptions): { handle(request: IncomingMessage, response: ServerResponse): Promise<void>; takeTicket(ticket: unknown): boolean } {
  const tickets = new Set<string>();
  const redirectWithError = (response: ServerResponse, redirectUri: string, state: string | undefined, error: string, description: string): void => {
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state !== undefined) url.searchParams.set('state', state);
    response.writeHead(302, { Location: url.href }).end();
  };
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let params: URLSearchParams;
    if (request.method === 'GET') params = new URL(request.url ?? '/', 'http://x').searchParams;
    else if (request.method === 'POST') {
      const body = await readBody(request, 64 * 1024);
      if (!body) return page(response, 413, 'Too large', '<p>The form is too large.</p>');
      params = new URLSearchParams(body.toString('utf8'));
    } else return page(response, 405, 'Not allowed', '<p>Use GET or POST.</p>');
    const value = (name: string): string | undefined => params.get(name) ?? undefined;
    const clientId = value('client_id');
    const redirectUri = value('redirect_uri');
    // As Keycloak: an unknown client or redirect URI gets an error page, never a redirect (it could be anyone's).
    if (!clientId || !options.clients.includes(clientId)) return page(response, 400, 'Sign-in error', '<p>Client not found.</p>');
    if (!redirectUri || !isLoopbackCallback(redirectUri)) return page(response, 400, 'Sign-in error', '<p>Invalid parameter: redirect_uri (only http://127.0.0.1:&lt;port&gt;/callback is allowed).</p>');
    const state = value('state');
    if (value('response_type') !== 'code') return redirectWithError(response, redirectUri, state, 'unsupported_response_type', 'Only the authorization code flow is enabled.');
    if (value('code_challenge_method') !== 'S256' || !value('code_challenge')) return redirectWithError(response, redirectUri, state, 'invalid_request', 'Missing parameter: code_challenge_method (PKCE S256 is required).');
    const hidden: [string, string][] = CARRIED.flatMap((name) => { const v = value(name); return v === undefined ? [] : [[name, v] as [string, string]]; });
    const form = (message: string): void =>
      page(response, message ? 401 : 200, 'Sign in to demo', `${message ? `<p role="alert">${escape(message)}</p>` : ''}<form method="post">${hidden.map(([n, v]) => `<input type="hidden" name="${escape(n)}" value="${escape(v)}">`).join('')}<label>User name <input name="username" autocomplete="username"></label> <label>Password <input name="password" type="password" autocomplete="current-password"></label> <button type="submit">Sign in</button> <button type="submit" name="cancel" value="1">Cancel</button></form>`);
    if (request.method === 'GET') return form('');
    if (value('cancel') !== undefined) return redirectWithError(response, redirectUri, state, 'access_denied', 'The user cancelled the sign-in.');
    const username = value('username') ?? '';
    if (options.users[username] === undefined || options.users[username] !== value('password')) return form('Invalid username or password.');
    const ticket = randomBytes(16).toString('base64url');
    tickets.add(ticket);
    const next = new URLSearchParams([...hidden, ['ticket', ticket]]);
    response.writeHead(302, { Location: `${options.codeLocation}?${next.toString()}` }).end();
  };
  return { handle, takeTicket: (ticket) => typeof ticket === 'string' && tickets.delete(ticket) };
}

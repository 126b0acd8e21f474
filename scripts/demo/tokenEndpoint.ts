// The demo's sign-in service: a real OAuth2 server from the npm registry (oauth2-mock-server) at Keycloak-shaped
// addresses of a realm 'demo', issuing signed tokens. The mock issues a token to anyone; here it checks what a
// Keycloak realm checks and answers with Keycloak's errors: the confidential client's id and secret (client
// credentials), a user's name and password (direct access grants), and for a browser sign-in the public client,
// its loopback redirect, PKCE S256, a code used once and for the redirect it was issued to, and known refresh tokens.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { signInPage } from './signInPage';

/** The client the demo OData service trusts, and its secret (set it as the connector's secret 'ifs'). */
export const DEMO_CLIENT_ID = 'workflow';
export const DEMO_CLIENT_SECRET = 'demo-client-secret';
/** The realm's public client for users who sign in as themselves (password or browser sign-in; no client secret). */
export const DEMO_PUBLIC_CLIENT_ID = 'connector-tools';
/** The realm's user, and the password (set it as the connector's secret 'demo-password' for the password flow). */
export const DEMO_USER = 'alice';
export const DEMO_PASSWORD = 'demo-password';
/** Keycloak's paths for a realm's token and authorization endpoints. */
export const TOKEN_PATH = '/realms/demo/protocol/openid-connect/token';
export const AUTHORIZATION_PATH = '/realms/demo/protocol/openid-connect/auth';
/** Where the sign-in page sends the browser once the user is signed in: the mock's own handler issues the code there. */
const CODE_PATH = `${AUTHORIZATION_PATH}/code`;

export interface TokenEndpointOptions {
  /** Client id → secret of confidential clients; default: the demo client. */
  clients?: Readonly<Record<string, string>>;
  /** How long a token lives, in seconds (default 300). */
  lifetimeSeconds?: number;
}

export interface RunningTokenEndpoint {
  /** The token endpoint's URL. */
  tokenUrl: string;
  /** The authorization endpoint's URL (the sign-in page a browser opens). */
  authorizationUrl: string;
  /** Whether a bearer token was issued here, is unexpired and was issued to one of the clients. */
  verify(token: string): Promise<boolean>;
  /** How many tokens were issued so far. */
  issued(): number;
  /** Every token request's body and Authorization header, in order (tests look at what reached the endpoint). */
  requests: { authorization: string | undefined; body: Record<string, string> }[];
  /** Ends every user's session, as an administrator would: refresh tokens issued so far are refused. */
  endSessions(): void;
  close(): Promise<void>;
}

type TokenRequestMessage = IncomingMessage & { body?: Record<string, unknown> };

/** The client id (and secret, when given) of a token request, from the Basic header (form-decoded, RFC 6749 2.3.1) or the body. */
function clientOf(request: TokenRequestMessage): { id: string; secret?: string } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at < 0) return undefined;
    const formDecode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));
    try {
      return { id: formDecode(decoded.slice(0, at)), secret: formDecode(decoded.slice(at + 1)) };
    } catch {
      return undefined;
    }
  }
  const id = request.body?.client_id;
  const secret = request.body?.client_secret;
  if (typeof id !== 'string') return undefined;
  return typeof secret === 'string' ? { id, secret } : { id };
}

/** Starts the realm on 127.0.0.1 (`port` 0 picks a free port). */
export async function startTokenEndpoint(port = 0, options: TokenEndpointOptions = {}): Promise<RunningTokenEndpoint> {
  const clients = options.clients ?? { [DEMO_CLIENT_ID]: DEMO_CLIENT_SECRET };
  const users: Record<string, string> = { [DEMO_USER]: DEMO_PASSWORD };
  const lifetime = options.lifetimeSeconds ?? 300;
  const mock = new OAuth2Server(undefined, undefined, { endpoints: { token: TOKEN_PATH, authorize: CODE_PATH } });
  await mock.issuer.keys.generate('RS256');
  const page = signInPage({ clients: [DEMO_PUBLIC_CLIENT_ID, ...Object.keys(clients)], users, codeLocation: 'auth/code' });
  /** Codes issued, with the client and redirect they were issued for; a code is taken when it is used. */
  const codes = new Map<string, { clientId: string; redirectUri: string }>();
  const refreshTokens = new Map<string, string>();
  let issued = 0;
  const requests: RunningTokenEndpoint['requests'] = [];

  mock.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, request: IncomingMessage) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const code = redirect.url.searchParams.get('code');
    // Only a browser that signed in on the sign-in page comes here with a ticket; anyone else gets no code.
    if (!page.takeTicket(query.get('ticket')) || code === null) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      return;
    }
    codes.set(code, { clientId: query.get('client_id') ?? '', redirectUri: query.get('redirect_uri') ?? '' });
  });
  mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, request: TokenRequestMessage) => {
    token.payload.exp = Math.floor(Date.now() / 1000) + lifetime;
    token.payload.azp = clientOf(request)?.id;
  });
  mock.service.on('beforeResponse', (response: { statusCode: number; body: Record<string, unknown> | '' }, request: TokenRequestMessage) => {
    const body = Object.fromEntries(Object.entries(request.body ?? {}).map(([k, v]) => [k, String(v)]));
    requests.push({ authorization: request.headers.authorization, body });
    const refuse = (status: number, error: string, description: string): void => {
      response.statusCode = status;
      response.body = { error, error_description: description };
    };
    const client = clientOf(request);
    const grant = body.grant_type;
    const confidential = client !== undefined && clients[client.id] !== undefined && clients[client.id] === client.secret;
    const isPublic = client !== undefined && client.id === DEMO_PUBLIC_CLIENT_ID && client.secret === undefined;
    if (!confidential && !(isPublic && grant !== 'client_credentials')) return refuse(401, 'invalid_client', 'Invalid client or Invalid client credentials');
    if (grant === 'password' && (users[body.username ?? ''] === undefined || users[body.username ?? ''] !== body.password)) return refuse(401, 'invalid_grant', 'Invalid user credentials');
    if (grant === 'authorization_code') {
      const code = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      if (!code || code.clientId !== client?.id) return refuse(400, 'invalid_grant', 'Code not valid');
      if (code.redirectUri !== body.redirect_uri) return refuse(400, 'invalid_grant', 'Incorrect redirect_uri');
      if (!body.code_verifier) return refuse(400, 'invalid_grant', 'PKCE code verifier not specified');
    }
    if (grant === 'refresh_token') {
      const owner = refreshTokens.get(body.refresh_token ?? '');
      refreshTokens.delete(body.refresh_token ?? '');
      if (owner === undefined || owner !== client?.id) return refuse(400, 'invalid_grant', 'Invalid refresh token');
    }
    if (response.statusCode === 200 && typeof response.body === 'object') {
      response.body.expires_in = lifetime;
      if (typeof response.body.refresh_token === 'string' && client) refreshTokens.set(response.body.refresh_token, client.id);
      issued++;
    }
  });

  const handler = mock.service.requestHandler;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === AUTHORIZATION_PATH) {
      page.handle(request, response).catch(() => response.destroy());
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mock.issuer.url = origin;
  const keys = createLocalJWKSet({ keys: mock.issuer.keys.toJSON() as never });
  const verifiedClients = new Set([...Object.keys(clients), DEMO_PUBLIC_CLIENT_ID]);
  return {
    tokenUrl: `${origin}${TOKEN_PATH}`,
    authorizationUrl: `${origin}${AUTHORIZATION_PATH}`,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: origin });
        return typeof payload.azp === 'string' && verifiedClients.has(payload.azp);
      } catch {
        return false;
      }
    },
    issued: () => issued,
    requests,
    endSessions: () => refreshTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The demo's sign-in service: a real OAuth2 server from the npm registry (oauth2-mock-server) at a Keycloak-shaped
// address, issuing signed tokens for the client credentials grant. The mock issues a token to anyone; here it
// checks the client id and secret as Keycloak does, and answers a wrong one with Keycloak's error.
import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';

/** The client the demo OData service trusts, and its secret (set it as the connector's secret 'ifs'). */
export const DEMO_CLIENT_ID = 'workflow';
export const DEMO_CLIENT_SECRET = 'demo-client-secret';
/** Keycloak's path for a realm's token endpoint. */
export const TOKEN_PATH = '/realms/demo/protocol/openid-connect/token';

export interface TokenEndpointOptions {
  /** Client id → secret; default: the demo client. */
  clients?: Readonly<Record<string, string>>;
  /** How long a token lives, in seconds (default 300). */
  lifetimeSeconds?: number;
}

export interface RunningTokenEndpoint {
  /** The token endpoint's URL. */
  tokenUrl: string;
  /** Whether a bearer token was issued here, is unexpired and was issued to one of the clients. */
  verify(token: string): Promise<boolean>;
  /** How many tokens were issued so far. */
  issued(): number;
  /** Every token request's body and Authorization header, in order (tests look at what reached the endpoint). */
  requests: { authorization: string | undefined; body: Record<string, string> }[];
  close(): Promise<void>;
}

/** The client id and secret of a token request, from the Basic header (form-decoded, RFC 6749 2.3.1) or the body. */
function clientOf(request: IncomingMessage & { body?: Record<string, unknown> }): { id: string; secret: string } | undefined {
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
  return typeof id === 'string' && typeof secret === 'string' ? { id, secret } : undefined;
}

/** Starts the token endpoint on 127.0.0.1 (`port` 0 picks a free port). */
export async function startTokenEndpoint(port = 0, options: TokenEndpointOptions = {}): Promise<RunningTokenEndpoint> {
  const clients = options.clients ?? { [DEMO_CLIENT_ID]: DEMO_CLIENT_SECRET };
  const lifetime = options.lifetimeSeconds ?? 300;
  const server = new OAuth2Server(undefined, undefined, { endpoints: { token: TOKEN_PATH } });
  await server.issuer.keys.generate('RS256');
  let issued = 0;
  const requests: RunningTokenEndpoint['requests'] = [];
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, request: IncomingMessage & { body?: Record<string, unknown> }) => {
    token.payload.exp = Math.floor(Date.now() / 1000) + lifetime;
    token.payload.azp = clientOf(request)?.id;
  });
  server.service.on('beforeResponse', (response: { statusCode: number; body: Record<string, unknown> | '' }, request: IncomingMessage & { body?: Record<string, unknown> }) => {
    requests.push({ authorization: request.headers.authorization, body: Object.fromEntries(Object.entries(request.body ?? {}).map(([k, v]) => [k, String(v)])) });
    const client = clientOf(request);
    if (!client || clients[client.id] === undefined || clients[client.id] !== client.secret) {
      response.statusCode = 401;
      response.body = { error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' };
      return;
    }
    if (response.statusCode === 200 && typeof response.body === 'object') {
      response.body.expires_in = lifetime;
      issued++;
    }
  });
  await server.start(port, '127.0.0.1');
  const origin = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = origin;
  const keys = createLocalJWKSet({ keys: server.issuer.keys.toJSON() as never });
  return {
    tokenUrl: `${origin}${TOKEN_PATH}`,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: origin });
        return typeof payload.azp === 'string' && clients[payload.azp] !== undefined;
      } catch {
        return false;
      }
    },
    issued: () => issued,
    requests,
    close: () => server.stop(),
  };
}

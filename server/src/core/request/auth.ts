import type { Connector } from '../model';
import { tokenUrlProblem } from '../oauth2/tokenUrl';
import { tokenHttpRequest } from '../http/tokenEndpoint';
import type { TokenRequest, TokenSource } from '../oauth2/types';
import { headerProblem, setHeader } from '../http/headers';
import type { BuildOutcome, BuildProblem, SecretProvider } from './types';
import type { BuiltRequest, SecretPlacement, SignIn } from '../http/types';
import { appendQuery, encodeComponent, originOf } from '../http/url';

/** How authorization finds its secrets and tokens. */
export interface AuthorizationOptions {
  /** The secret's name in storage for the name the connector gives (an environment can map it); default: the same. */
  secretName?: (name: string) => string;
  /** Where OAuth2 tokens come from. Absent for previews: no token is fetched, a stand-in (redacted like a token) is shown. */
  tokens?: TokenSource;
}

function problem(code: BuildProblem['code'], message: string, name?: string): BuildOutcome {
  return { ok: false, problems: [{ code, message, ...(name !== undefined ? { name } : {}) }] };
}

/** An OAuth2 request: the client secret to the token endpoint, the token it yields as Bearer to the request's origin. */
async function oauth2Token(connector: Connector, request: BuiltRequest, secretName: string, secrets: SecretProvider, options: AuthorizationOptions): Promise<{ ok: true; token: string; placement: SecretPlacement; used: string[]; signIn?: SignIn; tokenRequest?: BuiltRequest } | { ok: false; outcome: BuildOutcome }> {
  const authorization = connector.authorization;
  const tokenUrl = authorization?.tokenUrl?.value ?? '';
  const clientId = authorization?.clientId?.value ?? '';
  const scope = authorization?.scope?.value;
  const clientAuthentication = authorization?.clientAuthentication?.value === 'body' ? 'body' : 'basic';
  if (authorization?.flow?.value !== 'clientCredentials' || !tokenUrl || !clientId) {
    return { ok: false, outcome: problem('invalid-connector', "Authorization 'oauth2' needs \"flow\": \"clientCredentials\", 'tokenUrl' and 'clientId'; fix the file first.") };
  }
  const urlProblem = tokenUrlProblem(tokenUrl);
  if (urlProblem) return { ok: false, outcome: problem('invalid-connector', `'tokenUrl': ${urlProblem}`) };
  // The client secret is asked for the token endpoint's origin, naming where the token it yields will go.
  const clientSecret = await secrets(secretName, originOf(tokenUrl), originOf(request.url));
  if (clientSecret === undefined || clientSecret === '') return { ok: false, outcome: problem('missing-secret', `The secret '${secretName}' (the OAuth2 client secret) is not set.`, secretName) };
  const placement: SecretPlacement = { kind: 'oauth2', tokenUrl, clientId, ...(scope !== undefined ? { scope } : {}), clientAuthentication, secretName };
  const tokenRequest: TokenRequest = { tokenUrl, clientId, clientSecret, secretName, clientAuthentication, ...(scope !== undefined ? { scope } : {}) };
  // What goes to the token endpoint, made as the token cache makes it, for every view to show.
  const signInRequest = tokenHttpRequest(tokenRequest);
  if (!options.tokens) return { ok: true, token: `(token from ${tokenUrl})`, placement, used: [clientSecret, `(token from ${tokenUrl})`], tokenRequest: signInRequest };
  const outcome = await options.tokens.token(tokenRequest);
  if (!outcome.ok) return { ok: false, outcome: problem('token-endpoint', outcome.message, secretName) };
  const tokens = options.tokens;
  const signIn: SignIn = { tokenUrl, clientId, fromCache: outcome.fromCache, refreshAt: outcome.refreshAt, forget: () => tokens.forget(tokenRequest, outcome.token) };
  // A token from memory was fetched for an earlier request: nothing went to the token endpoint for this one.
  return { ok: true, token: outcome.token, placement, used: [clientSecret, outcome.token], signIn, ...(outcome.fromCache ? {} : { tokenRequest: signInRequest }) };
}

/** Adds the connector's authorization to a built request, reading secret values by name (and fetching an OAuth2 token). */
export async function applyAuthorization(connector: Connector, request: BuiltRequest, secrets: SecretProvider, options: AuthorizationOptions = {}): Promise<BuildOutcome> {
  const authorization = connector.authorization;
  const scheme = authorization?.scheme?.value ?? 'none';
  if (scheme === 'none' || !authorization) return { ok: true, request };
  const givenName = authorization.secret?.value;
  if (!givenName) return problem('invalid-connector', `Authorization '${scheme}' names no 'secret'; fix the file first.`);
  const secretName = options.secretName?.(givenName) ?? givenName;
  const headers: [string, string][] = request.headers.map(([n, v]) => [n, v]);
  let url = request.url;
  let placement: SecretPlacement | undefined;
  let header: [string, string] | undefined;
  let signIn: SignIn | undefined;
  let tokenRequest: BuiltRequest | undefined;
  const used: string[] = [];
  if (scheme === 'oauth2') {
    const got = await oauth2Token(connector, request, secretName, secrets, options);
    if (!got.ok) return got.outcome;
    header = ['Authorization', `Bearer ${got.token}`];
    placement = got.placement;
    used.push(...got.used);
    signIn = got.signIn;
    tokenRequest = got.tokenRequest;
  } else {
    // The secret is asked for the origin it goes to: the editor binds each secret to the origins the user confirmed.
    const secret = await secrets(secretName, originOf(request.url));
    if (secret === undefined || secret === '') return problem('missing-secret', `The secret '${secretName}' is not set.`, secretName);
    used.push(secret);
    if (scheme === 'apiKey') {
      const name = authorization.name?.value ?? 'X-Api-Key';
      if (authorization.in?.value === 'query') {
        url = appendQuery(url, [`${encodeComponent(name)}=${encodeComponent(secret)}`]);
        used.push(encodeComponent(secret));
        placement = { kind: 'query', parameter: name, secretName };
      } else {
        header = [name, secret];
        placement = { kind: 'header', header: name, prefix: '', secretName };
      }
    } else if (scheme === 'basic') {
      const username = authorization.username?.value ?? '';
      const token = Buffer.from(`${username}:${secret}`).toString('base64');
      header = ['Authorization', `Basic ${token}`];
      used.push(token);
      placement = { kind: 'basic', username, secretName };
    } else if (scheme === 'bearer') {
      header = ['Authorization', `Bearer ${secret}`];
      placement = { kind: 'header', header: 'Authorization', prefix: 'Bearer ', secretName };
    }
  }
  if (header && headerProblem(header[0], header[1])) {
    // The problem names the header, never the secret's text.
    const what = scheme === 'oauth2' ? `The token from ${authorization.tokenUrl?.value ?? 'the token endpoint'}` : `The secret '${secretName}'`;
    return problem('invalid-header', `${what} cannot be sent in the '${header[0]}' header: it holds a line break or a character beyond Latin-1.`, secretName);
  }
  if (header) setHeader(headers, header[0], header[1]);
  return {
    ok: true,
    request: { ...request, url, headers, secrets: [...request.secrets, ...used], ...(placement ? { secretPlacement: placement } : {}), ...(signIn ? { signIn } : {}), ...(tokenRequest ? { tokenRequest } : {}) },
  };
}

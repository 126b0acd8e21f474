import type { Connector } from '../model';
import { authorizationUrlProblem, tokenUrlProblem } from '../oauth2/tokenUrl';
import { tokenHttpRequest } from '../http/tokenEndpoint';
import { OAUTH2_FLOWS, type NamedSecret, type OAuth2Flow, type TokenRequest, type TokenSource } from '../oauth2/types';
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

type Resolved<T> = { ok: true; value: T } | { ok: false; outcome: BuildOutcome };

/** A named secret's value for the token endpoint, asked for its origin and naming where the token will go. */
async function tokenSecret(given: string, what: string, tokenUrl: string, apiOrigin: string, secrets: SecretProvider, options: AuthorizationOptions): Promise<Resolved<NamedSecret>> {
  const name = options.secretName?.(given) ?? given;
  const value = await secrets(name, originOf(tokenUrl), apiOrigin);
  if (value === undefined || value === '') return { ok: false, outcome: problem('missing-secret', `The secret '${name}' (${what}) is not set.`, name) };
  return { ok: true, value: { name, value } };
}

/** The token request a connector's oauth2 authorization makes, by flow, with its secrets read; or why it cannot be made. */
async function tokenRequestOf(connector: Connector, apiOrigin: string, secrets: SecretProvider, options: AuthorizationOptions): Promise<Resolved<TokenRequest>> {
  const authorization = connector.authorization;
  const flow = authorization?.flow?.value;
  const tokenUrl = authorization?.tokenUrl?.value ?? '';
  const clientId = authorization?.clientId?.value ?? '';
  const scope = authorization?.scope?.value;
  const authentication = authorization?.clientAuthentication?.value === 'body' ? 'body' : 'basic';
  if (!OAUTH2_FLOWS.includes(flow as OAuth2Flow) || !tokenUrl || !clientId) {
    return { ok: false, outcome: problem('invalid-connector', `Authorization 'oauth2' needs a 'flow' (${OAUTH2_FLOWS.map((f) => `"${f}"`).join(', ')}), 'tokenUrl' and 'clientId'; fix the file first.`) };
  }
  const urlProblem = tokenUrlProblem(tokenUrl);
  if (urlProblem) return { ok: false, outcome: problem('invalid-connector', `'tokenUrl': ${urlProblem}`) };
  const common = { tokenUrl, ...(scope !== undefined ? { scope } : {}) };
  const secretName = authorization?.secret?.value;
  if (flow === 'password') {
    const username = authorization?.username?.value;
    if (!username || !secretName) return { ok: false, outcome: problem('invalid-connector', "The password flow needs 'username' and 'secret' (the name of the secret holding the password); fix the file first.") };
    const clientSecretName = authorization?.clientSecret?.value;
    const clientSecret = clientSecretName ? await tokenSecret(clientSecretName, 'the OAuth2 client secret', tokenUrl, apiOrigin, secrets, options) : undefined;
    if (clientSecret && !clientSecret.ok) return clientSecret;
    const password = await tokenSecret(secretName, `the password of '${username}'`, tokenUrl, apiOrigin, secrets, options);
    if (!password.ok) return password;
    return { ok: true, value: { flow, ...common, username, password: password.value, client: { clientId, authentication, ...(clientSecret ? { secret: clientSecret.value } : {}) } } };
  }
  const clientSecret = secretName ? await tokenSecret(secretName, 'the OAuth2 client secret', tokenUrl, apiOrigin, secrets, options) : undefined;
  if (clientSecret && !clientSecret.ok) return clientSecret;
  const client = { clientId, authentication, ...(clientSecret ? { secret: clientSecret.value } : {}) } as const;
  if (flow === 'authorizationCode') {
    const authorizationUrl = authorization?.authorizationUrl?.value ?? '';
    const pageProblem = authorizationUrl ? authorizationUrlProblem(authorizationUrl) : "The authorization code flow needs 'authorizationUrl' (the identity provider's sign-in page); fix the file first.";
    if (pageProblem) return { ok: false, outcome: problem('invalid-connector', authorizationUrl ? `'authorizationUrl': ${pageProblem}` : pageProblem) };
    return { ok: true, value: { flow, ...common, authorizationUrl, tokenFor: apiOrigin, client } };
  }
  if (!clientSecret) return { ok: false, outcome: problem('invalid-connector', "The client credentials flow needs 'secret' (the name of the client secret); fix the file first.") };
  return { ok: true, value: { flow: 'clientCredentials', ...common, client } };
}

/** Where an OAuth2 request's credentials go, by name, for previews and copied commands. */
function oauth2Placement(request: TokenRequest): SecretPlacement {
  return {
    kind: 'oauth2',
    flow: request.flow,
    tokenUrl: request.tokenUrl,
    clientId: request.client.clientId,
    ...(request.scope !== undefined ? { scope: request.scope } : {}),
    clientAuthentication: request.client.authentication,
    ...(request.client.secret ? { secretName: request.client.secret.name } : {}),
    ...(request.flow === 'password' ? { password: { username: request.username, secretName: request.password.name } } : {}),
    ...(request.flow === 'authorizationCode' ? { authorizationUrl: request.authorizationUrl } : {}),
  };
}

/** An OAuth2 request: the secrets to the token endpoint, the token it yields as Bearer to the request's origin. */
async function oauth2Token(connector: Connector, request: BuiltRequest, secrets: SecretProvider, options: AuthorizationOptions): Promise<{ ok: true; token: string; placement: SecretPlacement; used: string[]; signIn?: SignIn; tokenRequest?: BuiltRequest } | { ok: false; outcome: BuildOutcome }> {
  const resolved = await tokenRequestOf(connector, originOf(request.url), secrets, options);
  if (!resolved.ok) return resolved;
  const tokenRequest = resolved.value;
  const { tokenUrl } = tokenRequest;
  const placement = oauth2Placement(tokenRequest);
  const secretValues = [tokenRequest.client.secret?.value, tokenRequest.flow === 'password' ? tokenRequest.password.value : undefined].filter((v): v is string => v !== undefined);
  // What goes to the token endpoint, made as the token cache makes it, for every view to show.
  const signInRequest = tokenHttpRequest(tokenRequest);
  if (!options.tokens) return { ok: true, token: `(token from ${tokenUrl})`, placement, used: [...secretValues, `(token from ${tokenUrl})`], tokenRequest: signInRequest };
  const outcome = await options.tokens.token(tokenRequest);
  if (!outcome.ok) return { ok: false, outcome: problem('token-endpoint', outcome.message, tokenRequest.client.secret?.name) };
  const tokens = options.tokens;
  const signIn: SignIn = { tokenUrl, clientId: tokenRequest.client.clientId, fromCache: outcome.fromCache, refreshAt: outcome.refreshAt, forget: () => tokens.forget(tokenRequest, outcome.token) };
  // A token from memory was fetched for an earlier request, and a browser sign-in's code is not shown: nothing of either is this request's to show.
  const shownTokenRequest = outcome.fromCache || tokenRequest.flow === 'authorizationCode' ? {} : { tokenRequest: signInRequest };
  return { ok: true, token: outcome.token, placement, used: [...secretValues, outcome.token], signIn, ...shownTokenRequest };
}

/** Adds the connector's authorization to a built request, reading secret values by name (and fetching an OAuth2 token). */
export async function applyAuthorization(connector: Connector, request: BuiltRequest, secrets: SecretProvider, options: AuthorizationOptions = {}): Promise<BuildOutcome> {
  const authorization = connector.authorization;
  const scheme = authorization?.scheme?.value ?? 'none';
  if (scheme === 'none' || !authorization) return { ok: true, request };
  const givenName = authorization.secret?.value;
  // An authorization code client may be public (no secret); each oauth2 flow checks its own secrets.
  if (!givenName && scheme !== 'oauth2') return problem('invalid-connector', `Authorization '${scheme}' names no 'secret'; fix the file first.`);
  const secretName = givenName ? (options.secretName?.(givenName) ?? givenName) : '';
  const headers: [string, string][] = request.headers.map(([n, v]) => [n, v]);
  let url = request.url;
  let placement: SecretPlacement | undefined;
  let header: [string, string] | undefined;
  let signIn: SignIn | undefined;
  let tokenRequest: BuiltRequest | undefined;
  const used: string[] = [];
  if (scheme === 'oauth2') {
    const got = await oauth2Token(connector, request, secrets, options);
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

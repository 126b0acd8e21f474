// Credentials in a request (an Authorization header, an API key in a header or the query, a cookie, a sign-in the
// source declares) become the connector's authorization with a secret NAME: the value never goes into a file. What
// the connector's one authorization cannot carry stays a parameter without an example, and is reported.
import { looksLikeCredential } from '../credentialNames';
import type { AuthorizationJson } from '../openapi/types';
import type { CapturedAuth, CapturedRequest, Hole } from './captured';
import { decodeLoosely } from './requestUrl';

/** A connector's authorization as the import writes it (OAuth2 with its token endpoint and client). */
export interface SignInJson extends AuthorizationJson {
  flow?: string;
  tokenUrl?: string;
  clientId?: string;
  scope?: string;
  clientAuthentication?: string;
}

/** How one request signs in. */
export interface RequestSignIn {
  authorization: SignInJson;
  /** Where the request carried it, for the report: `header Authorization (Bearer)`. */
  carried: string;
}

/** The secret name a variable stands for: `CONNECTOR_SECRET_PETSTORE` → `petstore`, `{{accessToken}}` → `accesstoken`. */
export function secretNameOf(hole: Hole): string {
  return hole.name.replace(/^CONNECTOR_SECRET_/i, '').toLowerCase();
}

/** Whether a variable is a connector secret's (`$CONNECTOR_SECRET_NAME`, as Copy as cURL writes secrets). */
function namesSecret(hole: Hole | undefined): boolean {
  return hole !== undefined && /^CONNECTOR_SECRET_/i.test(hole.name);
}

/** A request's credentials taken out of it: the sign-in, and what else carried one (names only). */
export interface TakenCredentials {
  signIn?: RequestSignIn;
  /** Header and query names that carried a credential the sign-in does not: parameters without an example. */
  others: { location: 'header' | 'query'; name: string }[];
  /** A scheme the platform does not offer (digest, OAuth 1.0, ...), when the source declared one. */
  unsupported?: string;
}

function fromAuth(auth: CapturedAuth, secret: (hole?: Hole) => string): RequestSignIn | undefined {
  switch (auth.kind) {
    case 'basic':
      return { authorization: { scheme: 'basic', username: auth.username, secret: secret(auth.passwordHole) }, carried: 'basic credentials' };
    case 'bearer':
      return { authorization: { scheme: 'bearer', secret: secret(auth.tokenHole) }, carried: 'a bearer token' };
    case 'apiKey':
      return { authorization: { scheme: 'apiKey', in: auth.in, name: auth.name, secret: secret(auth.valueHole) }, carried: `an API key in ${auth.in} '${auth.name}'` };
    case 'oauth2':
      return {
        authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: auth.tokenUrl, clientId: auth.clientId, ...(auth.scope ? { scope: auth.scope } : {}), ...(auth.clientAuthentication === 'body' ? { clientAuthentication: 'body' } : {}), secret: secret(auth.secretHole) },
        carried: `OAuth2 client credentials from ${auth.tokenUrl}`,
      };
    default:
      return undefined;
  }
}

/** The sign-in an Authorization header's value makes: Bearer, Basic (its user name read), or the whole value as a key. */
function fromAuthorizationHeader(value: string, hole: Hole | undefined, secret: (hole?: Hole) => string, secrets: string[]): RequestSignIn {
  const bearer = /^bearer\s+(.*)$/i.exec(value);
  if (bearer) {
    if (!hole) secrets.push(bearer[1] ?? '');
    return { authorization: { scheme: 'bearer', secret: secret(hole) }, carried: "header 'Authorization' (Bearer)" };
  }
  const basic = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(value);
  if (basic && !hole) {
    const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) {
      secrets.push(basic[1] ?? '', decoded.slice(colon + 1));
      return { authorization: { scheme: 'basic', username: decoded.slice(0, colon), secret: secret() }, carried: "header 'Authorization' (Basic)" };
    }
  }
  if (!hole) secrets.push(value);
  return { authorization: { scheme: 'apiKey', in: 'header', name: 'Authorization', secret: secret(hole) }, carried: "header 'Authorization' (the secret is the whole value)" };
}

/**
 * Takes the credentials out of a request (its headers and query lose them; their values are added to `secrets`).
 * `secret` names the secret: a variable's own name when the source used one, else the connector's default name.
 */
export function takeCredentials(request: CapturedRequest, secret: (hole?: Hole) => string): TakenCredentials {
  const secrets = request.secrets;
  let signIn: RequestSignIn | undefined;
  let unsupported: string | undefined;
  if (request.auth?.kind === 'unsupported') unsupported = request.auth.scheme;
  else if (request.auth) {
    signIn = fromAuth(request.auth, secret);
    const auth = request.auth;
    for (const value of [auth.kind === 'basic' ? auth.password : auth.kind === 'bearer' ? auth.token : auth.kind === 'apiKey' ? auth.value : auth.kind === 'oauth2' ? auth.clientSecret : undefined]) if (value) secrets.push(value);
  }
  const others: TakenCredentials['others'] = [];
  request.headers = request.headers.filter((header) => {
    const lower = header.name.toLowerCase();
    if (header.disabled || !(lower === 'authorization' || looksLikeCredential(header.name) || namesSecret(header.hole))) return true;
    if (lower === 'authorization' && !signIn) signIn = fromAuthorizationHeader(header.value, header.hole, secret, secrets);
    else if (!signIn) {
      if (!header.hole) secrets.push(header.value);
      signIn = { authorization: { scheme: 'apiKey', in: 'header', name: header.name, secret: secret(header.hole) }, carried: `header '${header.name}'` };
    } else {
      if (!header.hole) secrets.push(header.value);
      if (!others.some((o) => o.location === 'header' && o.name.toLowerCase() === lower)) others.push({ location: 'header', name: header.name });
    }
    return false;
  });
  request.query = request.query.filter((query) => {
    if (query.disabled || query.value === undefined || !(looksLikeCredential(query.name) || namesSecret(query.hole))) return true;
    const value = decodeLoosely(query.value);
    if (!query.hole && value !== '') secrets.push(value, query.value);
    if (!signIn) signIn = { authorization: { scheme: 'apiKey', in: 'query', name: query.name, secret: secret(query.hole) }, carried: `query parameter '${query.name}'` };
    else if (!others.some((o) => o.location === 'query' && o.name === query.name)) others.push({ location: 'query', name: query.name });
    return false;
  });
  return { ...(signIn ? { signIn } : {}), others, ...(unsupported ? { unsupported } : {}) };
}

/** Whether two sign-ins are the same (the same scheme, place and client); secret names may differ. */
export function sameSignIn(a: SignInJson, b: SignInJson): boolean {
  return a.scheme === b.scheme && (a.in ?? '') === (b.in ?? '') && (a.name ?? '').toLowerCase() === (b.name ?? '').toLowerCase()
    && (a.username ?? '') === (b.username ?? '') && (a.tokenUrl ?? '') === (b.tokenUrl ?? '') && (a.clientId ?? '') === (b.clientId ?? '');
}

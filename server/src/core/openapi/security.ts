import { asArray, asObject, asString } from './document';
import type { AuthorizationJson, JsonObject, OpenApiVersion } from './types';

/** A security scheme as the connector's authorization, exact or nearest, with the reason when not exact. */
interface SchemeMapping {
  authorization?: AuthorizationJson;
  exact: boolean;
  reason?: string;
}

/** The secret name for a scheme: its key in the document, with characters a secret name cannot hold as '-'. */
export function secretNameOf(schemeKey: string): string {
  return schemeKey.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'api';
}

/** One security scheme → authorization: apiKey in header or query, HTTP basic and bearer; OAuth2 and OpenID as bearer. */
export function mapScheme(key: string, scheme: JsonObject, version: OpenApiVersion): SchemeMapping {
  const type = asString(scheme.type);
  const secret = secretNameOf(key);
  if (type === 'apiKey') {
    const where = asString(scheme.in);
    const name = asString(scheme.name);
    if ((where === 'header' || where === 'query') && name) return { exact: true, authorization: { scheme: 'apiKey', in: where, name, secret } };
    return { exact: false, reason: `API key '${key}' is sent in ${where ?? 'an unknown place'}; the platform sends API keys in a header or the query` };
  }
  const httpScheme = version === '2.0' ? (type === 'basic' ? 'basic' : undefined) : type === 'http' ? asString(scheme.scheme)?.toLowerCase() : undefined;
  if (httpScheme === 'basic') return { exact: true, authorization: { scheme: 'basic', username: '', secret } };
  if (httpScheme === 'bearer') return { exact: true, authorization: { scheme: 'bearer', secret } };
  if (type === 'oauth2' || type === 'openIdConnect') {
    const flows = version === '2.0' ? [asString(scheme.flow) ?? ''] : Object.keys(asObject(scheme.flows) ?? {});
    const what = type === 'openIdConnect' ? 'OpenID Connect' : `OAuth2 (${flows.join(', ')})`;
    // The flows a connector can run itself need a client id the document cannot give: the import says what to set.
    const has = (...names: string[]): boolean => type === 'oauth2' && names.some((n) => flows.includes(n));
    const advice = has('clientCredentials', 'application')
      ? `; to have the token fetched for you, set "scheme": "oauth2", "flow": "clientCredentials", the document's tokenUrl and your client id (the secret is then the client secret)`
      : has('authorizationCode', 'accessCode')
        ? `; to sign in in the browser instead, set "scheme": "oauth2", "flow": "authorizationCode", the document's authorizationUrl and tokenUrl and your client id`
        : has('password')
          ? `; to sign in with your password instead, set "scheme": "oauth2", "flow": "password", the document's tokenUrl, your client id and "username" (the secret is then your password)`
          : ', which a connector cannot sign in with itself';
    return {
      exact: false,
      authorization: { scheme: 'bearer', secret },
      reason: `'${key}' signs in with ${what}; the token it gives is sent as a bearer token from secret '${secret}'${advice}`,
    };
  }
  return { exact: false, reason: `'${key}' is ${httpScheme ? `HTTP ${httpScheme}` : (type ?? 'an unknown scheme')}, which the platform's authorization does not offer` };
}

/** The security requirements that apply to an operation: its own, else the document's. */
export function requirementsOf(operation: JsonObject, document: JsonObject): JsonObject[] | undefined {
  const own = operation.security;
  if (Array.isArray(own)) return own.map((r) => asObject(r) ?? {});
  const global = document.security;
  return Array.isArray(global) ? global.map((r) => asObject(r) ?? {}) : undefined;
}

/** The scheme definitions of a document: 2.0's `securityDefinitions`, 3.x's `components.securitySchemes`. */
export function schemesOf(document: JsonObject, version: OpenApiVersion): JsonObject {
  return (version === '2.0' ? asObject(document.securityDefinitions) : asObject(asObject(document.components)?.securitySchemes)) ?? {};
}

/** An operation as the choice of a scheme sees it: its id, its object and the names of its header parameters. */
export interface OperationForScheme {
  id: string;
  operation: JsonObject;
  headers: readonly string[];
}

/** The scheme chosen for the connector, and a scheme passed over because its header is an operation's own parameter. */
export interface SchemeChoice {
  key?: string;
  passedOver?: { key: string; header: string; operationId: string };
}

/** Whether an operation signs in with the scheme `key` (alone or with others, in one of its requirements). */
export function signsInWith(operation: JsonObject, document: JsonObject, key: string): boolean {
  return (requirementsOf(operation, document) ?? []).some((r) => Object.prototype.hasOwnProperty.call(r, key));
}

/**
 * The one scheme the connector authenticates with: among those the imported operations use, the one most of
 * them can use, preferring schemes the platform holds exactly; ties go to the document's order. An API key sent in
 * a header is passed over when an operation that does not sign in with it has a header parameter of that name (the
 * connector would send the key in its place), unless no other scheme can be used.
 */
export function chooseScheme(operations: readonly OperationForScheme[], document: JsonObject, version: OpenApiVersion): SchemeChoice {
  const schemes = schemesOf(document, version);
  const keys = Object.keys(schemes);
  const score = new Map<string, number>();
  for (const { operation } of operations) {
    for (const requirement of requirementsOf(operation, document) ?? []) {
      const names = Object.keys(requirement);
      // A requirement of several schemes at once cannot be met by one authorization.
      if (names.length !== 1) continue;
      const name = names[0] ?? '';
      if (keys.includes(name)) score.set(name, (score.get(name) ?? 0) + 1);
    }
  }
  const mappingOf = (key: string): ReturnType<typeof mapScheme> => mapScheme(key, asObject(schemes[key]) ?? {}, version);
  const exactness = (key: string): number => (mappingOf(key).exact ? 1 : 0);
  const usable = keys.filter((k) => score.has(k) && mappingOf(k).authorization);
  usable.sort((a, b) => exactness(b) - exactness(a) || (score.get(b) ?? 0) - (score.get(a) ?? 0) || keys.indexOf(a) - keys.indexOf(b));
  let passedOver: SchemeChoice['passedOver'];
  for (const key of usable) {
    const authorization = mappingOf(key).authorization;
    const header = authorization?.scheme === 'apiKey' && authorization.in === 'header' ? authorization.name : undefined;
    const owner = header === undefined ? undefined : operations.find((o) => !signsInWith(o.operation, document, key) && o.headers.some((h) => h.toLowerCase() === header.toLowerCase()));
    if (!owner || header === undefined) return { key, ...(passedOver ? { passedOver } : {}) };
    passedOver ??= { key, header, operationId: owner.id };
  }
  // Every usable scheme sends a header some operation has of its own: the first is still the best there is.
  return usable[0] === undefined ? {} : { key: usable[0] };
}

/** The document's scheme that signs in as `authorization` does (the same kind, place and header name), if one does. */
export function schemeSigningInAs(authorization: AuthorizationJson, document: JsonObject, version: OpenApiVersion): string | undefined {
  const schemes = schemesOf(document, version);
  return Object.keys(schemes).find((key) => {
    const mapped = mapScheme(key, asObject(schemes[key]) ?? {}, version).authorization;
    return mapped?.scheme === authorization.scheme && mapped.in === authorization.in && mapped.name?.toLowerCase() === authorization.name?.toLowerCase();
  });
}

/** Whether an operation's requirements are met by the chosen scheme alone (or need none). */
export function operationAccepts(operation: JsonObject, document: JsonObject, chosen: string | undefined): { needsNone: boolean; accepted: boolean; wanted: string[] } {
  const requirements = requirementsOf(operation, document);
  if (!requirements || requirements.length === 0) return { needsNone: true, accepted: chosen === undefined, wanted: [] };
  const wanted = requirements.map((r) => Object.keys(r).join(' + ') || '(none)');
  const needsNone = requirements.some((r) => Object.keys(r).length === 0);
  const accepted = requirements.some((r) => (chosen ? Object.keys(r).length === 1 && Object.keys(r)[0] === chosen : Object.keys(r).length === 0));
  return { needsNone, accepted, wanted: asArray(wanted).filter((w): w is string => typeof w === 'string') };
}

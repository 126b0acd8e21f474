// Captured requests (from curl, Postman or a HAR file) as one REST connector: the requests of one origin, the base
// URL their common origin and path prefix, one authorization with a secret name, an operation per request with its
// examples for the values file. Requests to other origins, and what the platform cannot hold, are reported.
import { withoutTrailingSlashes } from '../http/url';
import { IdAllocator } from '../importing/names';
import type { ImportNote } from '../importing/notes';
import { generatedId } from '../openapi/operationIds';
import type { ModelJson, OperationJson, RestConnectorJson } from '../openapi/types';
import { JsonNumber, type ExactJson } from '../values/exactJson';
import { sameJson } from '../importing/connectorText';
import type { JsonValue } from '../tree';
import type { CapturedRequest, Hole } from './captured';
import { operationOf, PLATFORM_METHODS } from './operation';
import { decodeLoosely } from './requestUrl';
import { secretVariable } from '../request/secretVariable';
import { sameSignIn, secretNameOf, takeCredentials, type RequestSignIn, type SignInJson } from './signIn';

/** What the user chose for an import of requests. */
export interface RequestImportOptions {
  /** The connector's name; the source's (a collection's name, the host) when absent. */
  name?: string;
  /** The one origin to import (`https://api.example.com`); the one most requests go to when absent. */
  origin?: string;
  /** Origins imported into connectors of their own at the same time: not reported as left out. */
  importedElsewhere?: readonly string[];
  /** The base URL to use instead of the common origin and path prefix. */
  baseUrl?: string;
  /** The id of the operation, for a source of one request (`--id`). */
  id?: string;
  /** The connector being updated: its base URL and authorization are kept, its model names taken. */
  existing?: { baseUrl?: string; authorization?: SignInJson; modelNames?: readonly string[] };
  /** A file a request names, as the values file names it (relative to the connector's folder when inside it). */
  filePath?: (path: string) => string;
}

/** A secret the connector needs, and what carried it in the source. */
export interface SecretToSet {
  name: string;
  carried: string;
  /** The environment variable the command line reads it from. */
  variable: string;
}

/** The connector, its examples by operation id, and everything the report says. */
export interface RequestImportResult {
  connector: RestConnectorJson & { authorization?: SignInJson };
  values: Record<string, Record<string, ExactJson>>;
  notes: ImportNote[];
  /** The secret the connector's authorization names, for the report to say how to set it. */
  secretsToSet: SecretToSet[];
  /** Origins whose requests were not imported, with how many each had. */
  otherOrigins: { origin: string; count: number }[];
  /** Every credential value the source held: no written file, report or output may contain one. */
  secrets: string[];
}

/** Why nothing can be imported. */
export interface RequestImportFailure {
  code: 'no-requests' | 'unknown-origin' | 'unreadable';
  message: string;
}

/** The placeholder base URL when the source gives none (its URLs start with a variable that has no value). */
export const PLACEHOLDER_BASE_URL = 'https://api.example.invalid';

/** camelCase words: `Pets / Get pet by id` → `petsGetPetById`. */
export function camelId(text: string): string {
  const words = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  const id = words.map((w, i) => (i === 0 ? `${w[0]?.toLowerCase() ?? ''}${w.slice(1)}` : `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`)).join('');
  return /^[0-9]/.test(id) ? `op${id}` : id;
}

/** The literal text of a request's path up to its first variable. */
function literalPath(request: CapturedRequest): string {
  let text = '';
  for (const piece of request.path) {
    if (!('text' in piece)) break;
    text += piece.text;
  }
  return text;
}

/** The longest run of whole path segments every request's path starts with (their last segments excluded). */
function commonPrefix(requests: readonly CapturedRequest[]): string {
  const folders = requests.map((r) => {
    const text = literalPath(r);
    const whole = r.path.every((p) => 'text' in p);
    return (whole ? text.slice(0, text.lastIndexOf('/')) : text.slice(0, text.lastIndexOf('/'))).split('/');
  });
  const first = folders[0] ?? [];
  let length = first.length;
  for (const folder of folders.slice(1)) {
    let same = 0;
    while (same < Math.min(length, folder.length) && folder[same] === first[same]) same++;
    length = same;
  }
  return withoutTrailingSlashes(first.slice(0, length).join('/'));
}

/** The path of an absolute URL (no trailing slash), or empty. */
function pathOfUrl(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url);
  return withoutTrailingSlashes(match?.[1] ?? '');
}

/** The origin of an absolute URL as the import writes origins (scheme and host lower-case). */
function originOfUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url);
  return (match?.[1] ?? '').toLowerCase();
}

/** Counts per origin, most requests first (then in the order first seen). */
function originCounts(requests: readonly CapturedRequest[]): { origin: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.origin, (counts.get(r.origin) ?? 0) + 1);
  return [...counts].map(([origin, count]) => ({ origin, count })).sort((a, b) => b.count - a.count);
}

/** A name for the connector's secret: its name's words, lower-case, joined by `-` (`api.example.com` → `api-example-com`). */
function defaultSecretName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'api';
}

/** The file name of the connector for the requests to another origin, beside the main one: `stats.example.com-8443.connector.json`. */
export function connectorFileNameFor(origin: string): string {
  return `${origin.replace(/^[a-z]+:\/\//i, '').replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^\.+/, '') || 'origin'}.connector.json`;
}

/** The origins of a source's requests, with how many requests each has (most first), for choosing one. */
export function listOrigins(requests: readonly CapturedRequest[]): { origin: string; count: number }[] {
  return originCounts(requests.filter((r) => PLATFORM_METHODS.includes(r.method.toUpperCase())));
}

/**
 * Makes a connector of captured requests. `sourceName` names the connector when the options do not; `sourceNotes`
 * are what reading the source found. Requests are changed (their credentials taken out).
 */
export function importRequests(captured: CapturedRequest[], sourceName: string, options: RequestImportOptions = {}, sourceNotes: readonly ImportNote[] = []): { ok: true; result: RequestImportResult } | { ok: false; failure: RequestImportFailure } {
  const notes: ImportNote[] = [...sourceNotes];
  const secrets = captured.flatMap((r) => r.secrets);
  const usable = captured.filter((r) => {
    if (PLATFORM_METHODS.includes(r.method.toUpperCase())) return true;
    notes.push({ kind: 'left-out', where: r.source, reason: `The platform's operations use GET, POST, PUT, PATCH or DELETE, not ${r.method}; the request is left out.` });
    return false;
  });
  if (usable.length === 0) {
    const why = notes.filter((n) => n.kind === 'left-out').map((n) => `${n.where}: ${n.reason}`);
    const message = captured.length === 0 ? 'The source holds no request that can be imported.' : 'The source holds no request the platform can send (GET, POST, PUT, PATCH or DELETE).';
    return { ok: false, failure: { code: 'no-requests', message: `${message}${why.length ? ` ${why.slice(0, 5).join(' ')}` : ''}` } };
  }
  const counts = originCounts(usable);
  const existingOrigin = options.existing?.baseUrl ? originOfUrl(options.existing.baseUrl) : undefined;
  const wanted = options.origin === undefined ? undefined : withoutTrailingSlashes(options.origin).toLowerCase();
  if (wanted !== undefined && !counts.some((c) => c.origin === wanted)) {
    return { ok: false, failure: { code: 'unknown-origin', message: `No request goes to ${options.origin}. The requests go to ${counts.map((c) => `${c.origin || '(a URL from a variable)'} (${c.count})`).join(', ')}.` } };
  }
  const origin = wanted ?? (existingOrigin && counts.some((c) => c.origin === existingOrigin) ? existingOrigin : counts[0]?.origin ?? '');
  const chosen = usable.filter((r) => r.origin === origin);
  const otherOrigins = counts.filter((c) => c.origin !== origin && !(options.importedElsewhere ?? []).includes(c.origin));
  for (const other of otherOrigins) {
    const how = other.origin ? `Import ${other.count === 1 ? 'it' : 'them'} into another connector file with --origin ${other.origin}, or every origin with --all-origins.` : 'Give the variable a value (a Postman environment: --environment) to import them.';
    notes.push({ kind: 'left-out', where: 'connector', reason: `${other.count} request${other.count === 1 ? '' : 's'} to ${other.origin || 'a URL from a variable'} ${other.count === 1 ? 'is' : 'are'} not imported: a connector has one base URL. ${how}` });
  }
  // Another origin than the one most requests go to is another service: its name, and so its secret's, names its host,
  // so that a credential set for the main service is not sent to it.
  const hostOf = (o: string): string => o.replace(/^[a-z]+:\/\//i, '');
  const mainOrigin = counts[0]?.origin ?? '';
  const another = origin !== '' && origin !== mainOrigin;
  const name = options.name ?? (!another ? sourceName : sourceName === hostOf(mainOrigin) ? hostOf(origin) : `${sourceName} (${hostOf(origin)})`);
  // The base URL: given, the connector's own, else the common origin and path prefix.
  let baseUrl: string;
  let basePath: string;
  if (options.baseUrl ?? options.existing?.baseUrl) {
    baseUrl = withoutTrailingSlashes(options.baseUrl ?? options.existing?.baseUrl ?? '');
    basePath = pathOfUrl(baseUrl);
    if (origin !== '' && originOfUrl(baseUrl) !== origin && options.baseUrl === undefined) {
      notes.push({ kind: 'changed', where: 'connector', item: 'baseUrl', reason: `The requests go to ${origin}; the connector's base URL ${baseUrl} is kept, so they are sent there.` });
    }
  } else if (origin === '') {
    baseUrl = PLACEHOLDER_BASE_URL;
    basePath = '';
    notes.push({ kind: 'changed', where: 'connector', item: 'baseUrl', reason: `The URLs start with a variable that has no value here; baseUrl is ${PLACEHOLDER_BASE_URL}. Set the real one (or import with --base-url).` });
  } else {
    basePath = chosen.length > 1 ? commonPrefix(chosen) : '';
    baseUrl = `${origin}${basePath}`;
  }
  // Sign-in: the connector's, else the one most requests use.
  const fallbackSecret = defaultSecretName(name);
  const secretFor = (hole?: Hole): string => (hole ? secretNameOf(hole) : fallbackSecret);
  const taken = chosen.map((request) => ({ request, credentials: takeCredentials(request, secretFor) }));
  secrets.push(...chosen.flatMap((r) => r.secrets));
  const signIns = taken.map((t) => t.credentials.signIn).filter((s): s is RequestSignIn => s !== undefined);
  const kept = options.existing?.authorization;
  const popular = signIns.map((s) => ({ s, n: signIns.filter((o) => sameSignIn(o.authorization, s.authorization)).length })).sort((a, b) => b.n - a.n)[0]?.s;
  const authorization = kept ?? popular?.authorization;
  for (const { request, credentials } of taken) {
    if (credentials.unsupported) notes.push({ kind: 'changed', where: request.source, item: 'authorization', reason: `The request signs in with ${credentials.unsupported}, which the platform does not offer (it offers API keys, basic, bearer and OAuth2 client credentials); ${authorization ? `it signs in as the connector does (${authorization.scheme})` : 'it is imported without a sign-in'}.` });
    const own = credentials.signIn;
    if (own && authorization && !sameSignIn(own.authorization, authorization)) {
      // An API key of its own can still be sent: as a parameter without an example, supplied when sending.
      const key = own.authorization;
      const asParameter = key.scheme === 'apiKey' && (key.in === 'header' || key.in === 'query') && key.name !== undefined && key.name.toLowerCase() !== 'authorization' ? { location: key.in as 'header' | 'query', name: key.name } : undefined;
      if (asParameter && !credentials.others.some((o) => o.location === asParameter.location && o.name.toLowerCase() === asParameter.name.toLowerCase())) credentials.others.push(asParameter);
      notes.push({ kind: 'changed', where: request.source, item: 'authorization', reason: `The request signs in with ${own.carried} (${own.authorization.scheme}); the connector signs every request in with ${authorization.scheme}${authorization.name ? ` '${authorization.name}'` : ''}.` });
    }
  }
  // Operations.
  const ids = new IdAllocator();
  const modelNames = new IdAllocator(options.existing?.modelNames ?? []);
  const operations: OperationJson[] = [];
  const idOfSource = new Map<string, string | null>();
  const values: Record<string, Record<string, ExactJson>> = {};
  const models: Record<string, ModelJson> = {};
  for (const { request, credentials } of taken) {
    const template = request.path.map((p) => ('text' in p ? p.text : `{${p.hole.name}}`)).join('');
    const relative = basePath !== '' && template.startsWith(basePath) ? template.slice(basePath.length) : template;
    const wantedId = chosen.length === 1 && options.id ? options.id : request.name ? camelId(request.name) : generatedId(request.method, decodeLoosely(relative));
    const id = ids.allocate(wantedId || generatedId(request.method, '/'));
    const mapped = operationOf(request, {
      id,
      basePath,
      modelName: (w) => modelNames.allocate(w),
      filePath: options.filePath ?? ((p) => p),
      otherCredentials: credentials.others,
    });
    operations.push(mapped.operation);
    idOfSource.set(request.source, idOfSource.has(request.source) ? null : id);
    notes.push(...mapped.notes.map((n) => (n.where === request.source ? { ...n, where: id } : n)));
    for (const [modelName, model] of Object.entries(mapped.models)) {
      if (models[modelName] !== undefined && !sameJson(models[modelName] as JsonValue, model as JsonValue)) notes.push({ kind: 'changed', where: id, item: modelName, reason: `Model '${modelName}' is the XML root element of two bodies of different shape; the first one's is kept.` });
      models[modelName] ??= model;
    }
    const examples = withoutSecrets(mapped.examples, secrets, id, notes);
    if (Object.keys(examples).length > 0) values[id] = examples;
  }
  // Credentials found in bodies while mapping them.
  secrets.push(...chosen.flatMap((r) => r.secrets));
  const connector: RequestImportResult['connector'] = {
    kind: 'rest',
    name,
    baseUrl,
    ...(authorization && !kept ? { authorization } : kept ? { authorization: kept } : {}),
    ...(Object.keys(models).length > 0 ? { models } : {}),
    operations,
  };
  const secretsToSet = authorization?.secret ? [{ name: authorization.secret, carried: popular?.carried ?? 'the connector\'s authorization', variable: secretVariable(authorization.secret) }] : [];
  // Each note about a request under its operation's id, as the connector names it (a name two requests share stays).
  const underIds = notes.map((n) => {
    const id = n.where === 'connector' ? undefined : idOfSource.get(n.where);
    return id ? { ...n, where: id } : n;
  });
  return { ok: true, result: { connector, values, notes: underIds, secretsToSet, otherOrigins, secrets: [...new Set(secrets.filter((s) => s !== ''))] } };
}

/** Examples with every value that holds a credential of the source left out (and said so). */
function withoutSecrets(examples: Record<string, ExactJson>, secrets: readonly string[], id: string, notes: ImportNote[]): Record<string, ExactJson> {
  const strong = secrets.filter((s) => s.length >= 4);
  const out: Record<string, ExactJson> = {};
  for (const [name, value] of Object.entries(examples)) {
    if (strong.length > 0 && holdsSecret(value, strong)) {
      notes.push({ kind: 'changed', where: id, item: name, reason: `The example of '${name}' holds a credential; it is not written to the values file: supply it when sending.` });
      continue;
    }
    out[name] = value;
  }
  return out;
}

/** Whether a string or number anywhere in a value holds one of the secrets (property names are the source's words, not values). */
function holdsSecret(value: ExactJson, secrets: readonly string[], depth = 0): boolean {
  if (depth > 64 || value === null || typeof value === 'boolean') return false;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof JsonNumber) {
    const text = value instanceof JsonNumber ? value.text : String(value);
    return secrets.some((s) => text.includes(s));
  }
  return Object.values(value).some((member) => holdsSecret(member, secrets, depth + 1));
}

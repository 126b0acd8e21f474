// A Postman collection (format v2.0 or v2.1) as requests: folders walked in order (a request's id is made of its
// folders' and its own names), sign-in inherited from collection to folder to request, variables read: a {{name}}
// before the path (`{{baseUrl}}/pets`) is replaced by its value, so the base URL is real; elsewhere (`:id` and
// `{{id}}` path segments, query values, headers, form fields) it becomes a parameter whose example is the value.
// Credentials, whether written out or in a variable, become the connector's sign-in; their values are never written.
import { looksLikeCredential } from '../credentialNames';
import { withoutTrailingSlashes } from '../http/url';
import type { ImportNote } from '../importing/notes';
import type { CapturedAuth, CapturedBody, CapturedPart, CapturedQuery, CapturedRequest, Hole } from './captured';
import { MarkedText } from './marked';
import { queryOf, splitUrl } from './requestUrl';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const asObject = (v: Json | undefined): JsonObject | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : undefined);
const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const asString = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** What reading a collection gives. */
export type PostmanOutcome = { ok: true; requests: CapturedRequest[]; notes: ImportNote[]; name: string } | { ok: false; message: string };

/** Folders nested deeper than this are not walked (a collection is a tree a person made; this is far beyond one). */
const MAX_FOLDER_DEPTH = 64;
/** The fields of a sign-in that hold a secret. */
const SECRET_FIELDS = new Set(['password', 'token', 'value', 'clientSecret', 'accessToken']);
const RAW_LANGUAGES: Record<string, string> = { json: 'application/json', xml: 'application/xml', text: 'text/plain', html: 'text/html', javascript: 'application/javascript' };

/** Postman's key/value lists (v2.1) and plain objects (v2.0) alike, as a map. */
function keyValues(value: Json | undefined): Map<string, Json> {
  const out = new Map<string, Json>();
  if (Array.isArray(value)) {
    for (const item of value) {
      const o = asObject(item);
      const key = asString(o?.key);
      if (key !== undefined) out.set(key, o?.value ?? null);
    }
  } else {
    for (const [key, v] of Object.entries(asObject(value) ?? {})) out.set(key, v);
  }
  return out;
}

/** A description as text: a string, or v2.1's `{ content }`. */
function descriptionOf(value: Json | undefined): string | undefined {
  const text = asString(value) ?? asString(asObject(value)?.content);
  return text?.trim() ? text.trim() : undefined;
}

/** A URL object without `raw`, put together from its parts (host and path as text or lists; the query apart). */
function rawOfParts(url: JsonObject): string {
  const host = Array.isArray(url.host) ? url.host.map(asString).join('.') : asString(url.host) ?? '';
  const path = Array.isArray(url.path) ? url.path.map((p) => asString(p) ?? asString(asObject(p)?.value) ?? '').join('/') : asString(url.path) ?? '';
  const protocol = asString(url.protocol);
  const port = asString(url.port);
  // `https`, `https:` and `https://` alike: the slashes, then one colon, come off.
  const scheme = protocol === undefined ? '' : withoutTrailingSlashes(protocol).replace(/:$/, '');
  return `${protocol ? `${scheme}://` : ''}${withoutTrailingSlashes(host)}${port ? `:${port}` : ''}/${path.replace(/^\/+/, '')}`;
}

/** Whether a list item is switched off (v2.1 `disabled: true`, v2.0 `enabled: false`). */
function isOff(item: JsonObject | undefined): boolean {
  return item?.disabled === true || item?.enabled === false;
}

class CollectionReader {
  readonly notes: ImportNote[] = [];
  readonly requests: CapturedRequest[] = [];
  private readonly dynamic = new Set<string>();
  private readonly unknown = new Set<string>();

  constructor(private readonly variables: ReadonlyMap<string, string>) {}

  /** Text with `{{name}}` variables as holes (their values as examples). */
  marked(text: string): MarkedText {
    const parts: ({ text: string } | { hole: Hole })[] = [];
    let at = 0;
    for (const match of text.matchAll(/\{\{([^{}]+)\}\}/g)) {
      if (match.index > at) parts.push({ text: text.slice(at, match.index) });
      parts.push({ hole: this.hole(match[1]?.trim() ?? '') });
      at = match.index + match[0].length;
    }
    if (at < text.length) parts.push({ text: text.slice(at) });
    return MarkedText.of(parts);
  }

  hole(name: string): Hole {
    if (name.startsWith('$')) this.dynamic.add(name);
    const example = this.variables.get(name);
    if (example === undefined && !name.startsWith('$')) this.unknown.add(name);
    return { name: name.replace(/^\$/, ''), ...(example !== undefined ? { example } : {}) };
  }

  /** Text with each variable replaced by its value (an unknown one kept as `{{name}}`). */
  filled(text: string): string {
    return this.marked(text).shown((h) => h.example ?? `{{${h.name}}}`);
  }

  auth(value: Json | undefined): CapturedAuth | undefined {
    const auth = asObject(value);
    if (!auth) return undefined;
    const type = asString(auth.type) ?? '';
    if (type === 'inherit') return undefined;
    if (type === 'noauth' || type === '') return { kind: 'none' };
    const fields = keyValues(auth[type]);
    const field = (key: string): { value?: string; hole?: Hole } => {
      const text = asString(fields.get(key) ?? undefined);
      if (text === undefined) return {};
      const marked = this.marked(text);
      // A variable a sign-in uses holds a secret: its value is kept out of every file, wherever else it is used.
      if (SECRET_FIELDS.has(key)) for (const h of marked.holesIn()) if (h.example) this.secretsSeen.push(h.example);
      const hole = marked.soleHole();
      return hole ? { hole: { name: hole.name } } : { value: marked.shown((h) => h.example ?? '') };
    };
    if (type === 'basic') {
      const password = field('password');
      return { kind: 'basic', username: field('username').value ?? '', ...(password.hole ? { passwordHole: password.hole } : password.value !== undefined ? { password: password.value } : {}) };
    }
    if (type === 'bearer') {
      const token = field('token');
      return { kind: 'bearer', ...(token.hole ? { tokenHole: token.hole } : token.value !== undefined ? { token: token.value } : {}) };
    }
    if (type === 'apikey') {
      const key = field('value');
      return { kind: 'apiKey', in: field('in').value === 'query' ? 'query' : 'header', name: field('key').value ?? 'X-Api-Key', ...(key.hole ? { valueHole: key.hole } : key.value !== undefined ? { value: key.value } : {}) };
    }
    if (type === 'oauth2') {
      const grant = field('grant_type').value ?? 'authorization_code';
      const secret = field('clientSecret');
      const tokenUrl = field('accessTokenUrl').value ?? '';
      if (grant === 'client_credentials' && /^https?:\/\//i.test(tokenUrl)) {
        const scope = field('scope').value;
        return {
          kind: 'oauth2', tokenUrl, clientId: field('clientId').value ?? '', ...(scope ? { scope } : {}),
          clientAuthentication: field('client_authentication').value === 'body' ? 'body' : 'basic',
          ...(secret.hole ? { secretHole: secret.hole } : secret.value !== undefined ? { clientSecret: secret.value } : {}),
        };
      }
      // Another grant: the token it yields is what requests carry. A token given (or in a variable) signs in as bearer.
      const token = field('accessToken');
      if (secret.value) this.secretsSeen.push(secret.value);
      const where = field('addTokenTo').value === 'queryParams' ? 'query' : 'header';
      this.notes.push({ kind: 'changed', where: 'connector', item: 'authorization', reason: `OAuth2 with the '${grant}' grant${tokenUrl ? ` at ${tokenUrl}` : ''} is not a sign-in a connector holds here (it holds client credentials); the token it yields is taken as a ${where === 'query' ? "query parameter 'access_token'" : 'bearer token'}: set it as the secret.` });
      if (where === 'query') return { kind: 'apiKey', in: 'query', name: 'access_token', ...(token.hole ? { valueHole: token.hole } : token.value !== undefined ? { value: token.value } : {}) };
      return { kind: 'bearer', ...(token.hole ? { tokenHole: token.hole } : token.value !== undefined ? { token: token.value } : {}) };
    }
    const names: Record<string, string> = { digest: 'Digest', oauth1: 'OAuth 1.0', hawk: 'Hawk', awsv4: 'AWS Signature Version 4', ntlm: 'NTLM', akamai: 'Akamai EdgeGrid', edgegrid: 'Akamai EdgeGrid', jwt: 'JWT bearer signing', asap: 'ASAP' };
    for (const [key, v] of fields) if ((looksLikeCredential(key) || /secret|key/i.test(key)) && typeof v === 'string' && v !== '' && !v.includes('{{')) this.secretsSeen.push(v);
    return { kind: 'unsupported', scheme: names[type] ?? type };
  }

  /** Values of the sign-in fields of schemes that are not taken, so no file holds them. */
  readonly secretsSeen: string[] = [];

  walk(items: Json | undefined, folders: string[], auth: CapturedAuth | undefined, depth: number): void {
    if (depth > MAX_FOLDER_DEPTH) {
      this.notes.push({ kind: 'left-out', where: folders.join(' / '), reason: `Folders nested deeper than ${MAX_FOLDER_DEPTH} levels are not read.` });
      return;
    }
    for (const value of asArray(items)) {
      const item = asObject(value);
      if (!item) continue;
      const name = asString(item.name) ?? '';
      const own = this.auth(item.auth);
      const inherited = own ?? auth;
      if (Array.isArray(item.item)) {
        this.walk(item.item, [...folders, name], inherited, depth + 1);
        continue;
      }
      if (item.request === undefined) continue;
      const request = this.request(item.request, [...folders, name], inherited);
      if (request) this.requests.push(request);
    }
  }

  request(value: Json, names: string[], inheritedAuth: CapturedAuth | undefined): CapturedRequest | undefined {
    const source = names.filter((n) => n !== '').join(' / ') || `request ${this.requests.length + 1}`;
    const request = typeof value === 'string' ? { url: value, method: 'GET' } as JsonObject : asObject(value);
    if (!request) return undefined;
    const notes: ImportNote[] = [];
    const urlObject = asObject(request.url);
    const raw = asString(request.url) ?? asString(urlObject?.raw) ?? (urlObject ? rawOfParts(urlObject) : '');
    if (raw.trim() === '') {
      this.notes.push({ kind: 'left-out', where: source, reason: 'The request has no URL; it is left out.' });
      return undefined;
    }
    // Variables before the path give the base URL: they are replaced by their values.
    const start = /^(?:\{\{[^{}]+\}\}|[^/?#{])*(?:\/\/[^/?#]*)?/.exec(raw)?.[0] ?? '';
    const resolvedStart = this.filled(start);
    const url = splitUrl(this.marked(`${resolvedStart.includes('{{') ? start : resolvedStart}${raw.slice(start.length)}`));
    const pathValues = new Map<string, string>();
    for (const v of asArray(urlObject?.variable)) {
      const o = asObject(v);
      const key = asString(o?.key);
      const example = asString(o?.value);
      if (key !== undefined && example !== undefined) pathValues.set(key, this.filled(example));
    }
    // `:name` path segments are path variables.
    const path = url.path.flatMap((piece): CapturedRequest['path'] => {
      if (!('text' in piece)) return [piece];
      return piece.text.split(/(?<=\/)(:[A-Za-z0-9_.-]+)(?=\/|$)/).filter((t) => t !== '').map((t): CapturedRequest['path'][number] => {
        if (!t.startsWith(':') || t.length < 2) return { text: t };
        const name = t.slice(1);
        const example = pathValues.get(name);
        return { hole: { name, ...(example !== undefined ? { example } : {}) } };
      });
    });
    let query: CapturedQuery[] = url.query;
    if (urlObject && Array.isArray(urlObject.query)) {
      query = asArray(urlObject.query).flatMap((q) => {
        const o = asObject(q);
        const key = asString(o?.key);
        if (key === undefined || key === null) return [];
        const text = asString(o?.value);
        const parsed = text === undefined || o?.value === null ? [{ name: key }] : queryOf(this.marked(`${encodeURIComponent(key)}=${text}`));
        const description = descriptionOf(o?.description);
        return parsed.map((p) => ({ ...p, ...(isOff(o) ? { disabled: true } : {}), ...(description ? { description } : {}) }));
      });
    }
    const headers: CapturedRequest['headers'] = [];
    const headerItems = typeof request.header === 'string'
      ? request.header.split(/\r?\n/).filter((l) => l.includes(':')).map((l) => ({ key: l.slice(0, l.indexOf(':')).trim(), value: l.slice(l.indexOf(':') + 1).trim() }) as JsonObject)
      : asArray(request.header).map(asObject).filter((h): h is JsonObject => h !== undefined);
    for (const header of headerItems) {
      const name = asString(header.key);
      if (!name) continue;
      const marked = this.marked(asString(header.value) ?? '');
      const hole = marked.soleHole();
      // A header that is one variable stays a parameter; with its value known and part of other text, the value is written in.
      const known = marked.holesIn().every((h) => h.example !== undefined);
      headers.push({ name, value: hole ? `\${${hole.name}}` : known ? marked.shown((h) => h.example ?? '') : marked.shown((h) => `\${${h.name}}`), ...(hole ? { hole } : !known ? { hole: marked.holesIn()[0] as Hole } : {}), ...(isOff(header) ? { disabled: true } : {}) });
    }
    const body = this.body(asObject(request.body), headers, source, notes);
    const auth = this.auth(request.auth) ?? inheritedAuth;
    const description = descriptionOf(request.description);
    const summary = names[names.length - 1];
    return {
      source,
      name: names.filter((n) => n !== '').join(' '),
      ...(summary ? { summary } : {}),
      ...(description ? { description } : {}),
      method: (asString(request.method) ?? 'GET').toUpperCase(),
      origin: url.origin,
      path,
      matrix: url.matrix,
      query,
      headers,
      ...(body ? { body } : {}),
      ...(auth && auth.kind !== 'none' ? { auth } : {}),
      notes,
      secrets: [],
    };
  }

  body(body: JsonObject | undefined, headers: CapturedRequest['headers'], source: string, notes: ImportNote[]): CapturedBody | undefined {
    if (!body || body.disabled === true) return undefined;
    const mode = asString(body.mode);
    const setType = (type: string): void => {
      if (!headers.some((h) => h.name.toLowerCase() === 'content-type' && !h.disabled)) headers.push({ name: 'Content-Type', value: type });
    };
    if (mode === 'raw') {
      const text = asString(body.raw) ?? '';
      if (text === '') return undefined;
      // Postman sends raw text as text/plain unless the body's language says otherwise.
      const language = asString(asObject(asObject(body.options)?.raw)?.language) ?? 'text';
      if (RAW_LANGUAGES[language]) setType(RAW_LANGUAGES[language]);
      const marked = this.marked(text);
      const filled = marked.shown((h) => h.example ?? `{{${h.name}}}`);
      const unknown = marked.holesIn().filter((h) => h.example === undefined);
      if (marked.hasHoles) notes.push({ kind: 'changed', where: source, item: 'body', reason: `The body's variables are written in with their values${unknown.length ? `; ${unknown.map((h) => `{{${h.name}}}`).join(', ')} ha${unknown.length === 1 ? 's' : 've'} none and stay${unknown.length === 1 ? 's' : ''} as written` : ''}: edit the example in the values file.` });
      return { kind: 'text', text: filled };
    }
    if (mode === 'urlencoded') {
      setType('application/x-www-form-urlencoded');
      const fields = asArray(body.urlencoded).map(asObject).filter((f): f is JsonObject => f !== undefined && !isOff(f) && asString(f.key) !== undefined);
      return { kind: 'urlencoded', fields: fields.map((f) => ({ name: asString(f.key) ?? '', value: this.filled(asString(f.value) ?? '') })) };
    }
    if (mode === 'formdata') {
      setType('multipart/form-data');
      const parts: CapturedPart[] = [];
      for (const f of asArray(body.formdata).map(asObject)) {
        const name = asString(f?.key);
        if (!f || name === undefined || isOff(f)) continue;
        if (asString(f.type) === 'file') {
          const src = Array.isArray(f.src) ? asString(f.src[0]) : asString(f.src);
          if (Array.isArray(f.src) && f.src.length > 1) notes.push({ kind: 'changed', where: source, item: name, reason: `File part '${name}' names ${f.src.length} files; the first is the example.` });
          // Postman names the part by the file's own name.
          const filename = src?.split(/[\\/]/).pop();
          parts.push({ kind: 'file', name, ...(src ? { path: src } : {}), ...(filename ? { filename } : {}), ...(asString(f.contentType) ? { contentType: asString(f.contentType) } : {}) });
        } else {
          const marked = this.marked(asString(f.value) ?? '');
          const hole = marked.soleHole();
          parts.push({ kind: 'field', name, value: marked.shown((h) => h.example ?? `{{${h.name}}}`), ...(hole ? { hole } : {}) });
        }
      }
      return { kind: 'multipart', parts };
    }
    if (mode === 'file') {
      const src = asString(asObject(body.file)?.src);
      if (!src) return undefined;
      return { kind: 'file', path: src };
    }
    if (mode === 'graphql') {
      const graphql = asObject(body.graphql);
      const query = this.filled(asString(graphql?.query) ?? '');
      const variablesText = this.filled(asString(graphql?.variables) ?? '');
      let variables: unknown;
      try {
        variables = variablesText.trim() ? JSON.parse(variablesText) : undefined;
      } catch {
        variables = undefined;
      }
      setType('application/json');
      notes.push({ kind: 'changed', where: source, item: 'body', reason: 'A GraphQL body is not something the platform holds as such; the operation sends the JSON Postman sends for it ({"query": ..., "variables": ...}) as an object body.' });
      return { kind: 'text', text: JSON.stringify({ query, ...(variables !== undefined ? { variables } : {}) }) };
    }
    if (mode) notes.push({ kind: 'left-out', where: source, item: 'body', reason: `The body's mode '${mode}' is not one Postman documents; the body is left out.` });
    return undefined;
  }

  /** Notes about variables: dynamic ones and ones without a value. */
  variableNotes(): void {
    if (this.dynamic.size > 0) this.notes.push({ kind: 'changed', where: 'connector', reason: `Postman's dynamic variables (${[...this.dynamic].map((d) => `{{${d}}}`).join(', ')}) have no value here: their parameters have no example; supply one when sending.` });
    if (this.unknown.size > 0) this.notes.push({ kind: 'changed', where: 'connector', reason: `Variables without a value in the collection (${[...this.unknown].map((d) => `{{${d}}}`).join(', ')}): their parameters have no example. Import with --environment ENV.json to take the values of a Postman environment.` });
  }
}

/** The variables of a collection (v2.1 `variable`, v2.0 `variables`), with an environment's values (enabled ones) over them. */
function variablesOf(collection: JsonObject, environment: JsonObject | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const list of [collection.variable, collection.variables, environment?.values]) {
    for (const item of asArray(list)) {
      const o = asObject(item);
      const key = asString(o?.key);
      const value = asString(o?.value) ?? asString(o?.currentValue);
      if (key !== undefined && value !== undefined && !isOff(o) && o?.enabled !== false) out.set(key, value);
    }
  }
  return out;
}

/** Whether a parsed JSON document is a Postman collection (v2: `info` and `item`; v1: `requests`). */
export function isPostmanCollection(value: unknown): boolean {
  const o = asObject(value as Json);
  return !!o && ((asObject(o.info) !== undefined && Array.isArray(o.item)) || (Array.isArray(o.requests) && typeof o.name === 'string'));
}

/** Reads a collection (and, optionally, a Postman environment export whose values fill its variables). */
export function readPostmanCollection(value: unknown, environment?: unknown): PostmanOutcome {
  const collection = asObject(value as Json);
  if (!collection) return { ok: false, message: 'The file is not a Postman collection: its top level is not an object.' };
  const info = asObject(collection.info);
  if (!info || !Array.isArray(collection.item)) {
    if (Array.isArray(collection.requests)) return { ok: false, message: 'This is a Postman collection in format v1, which the import does not read; export it from Postman as Collection v2.1.' };
    return { ok: false, message: "The file is not a Postman collection: it has no 'info' and 'item'." };
  }
  const schema = asString(info.schema) ?? '';
  if (schema && !/v2\.[01]\.\d/.test(schema)) return { ok: false, message: `The collection's format is ${schema}; the import reads Postman collections v2.0 and v2.1.` };
  const reader = new CollectionReader(variablesOf(collection, asObject(environment as Json)));
  reader.walk(collection.item, [], reader.auth(collection.auth), 0);
  const scripts = JSON.stringify(collection).includes('"listen"');
  if (scripts) reader.notes.push({ kind: 'left-out', where: 'connector', reason: "The collection's pre-request and test scripts are not run: each operation sends its request as written." });
  reader.variableNotes();
  for (const request of reader.requests) request.secrets.push(...reader.secretsSeen);
  return { ok: true, requests: reader.requests, notes: reader.notes, name: asString(info.name)?.trim() || 'Imported collection' };
}

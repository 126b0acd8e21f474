// What a secret looks like wherever a request or its result is shown. A secret is hidden at the place the request
// put it (the header, the query parameter, the Basic token, the token request's form field), whatever its length,
// and in the forms it can take where it comes back (a service echoing it, a value repeating it) when it is long
// enough to be told from ordinary text. Nothing else is rewritten: a one-letter secret leaves "raw" as it is.
import { encodeComponent } from './url';
import { MAX_NESTING } from '../parse/nesting';
import { JsonNumber } from '../values/exactJson';
import type { BuiltRequest, ConnectorResult, RequestBody, SecretPlacement } from './types';

/** What a secret is replaced by wherever a request or result is shown. */
export const REDACTED = '•••';

/** Shorter forms of a secret are hidden only where the request put them: in other text they cannot be told from ordinary words. */
export const ECHO_MIN_LENGTH = 8;
/** Forms this long are hidden wherever they stand, also inside a longer word (an address encoded twice): no ordinary text holds them by chance. */
export const ANYWHERE_MIN_LENGTH = 12;

/** What redaction knows of a request: its secrets' values (and the encoded forms it sent), and where authorization put one. */
export type Redaction = Pick<BuiltRequest, 'secrets' | 'secretPlacement'>;

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Each secret in every form it can take on the wire or in an answer: as is, URL-encoded, JSON-escaped and base64; longest first. */
export function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of [secret, encodeURIComponent(secret), encodeComponent(secret), JSON.stringify(secret).slice(1, -1), base64(secret)]) forms.add(form);
  }
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

const WORD_START = /^[\p{L}\p{N}_]/u;
const WORD_END = /[\p{L}\p{N}_]$/u;

/** Whether the form at `start` stands as a whole word: no letter, digit or underscore continues it on either side. */
function standsAlone(text: string, start: number, form: string): boolean {
  const end = start + form.length;
  const before = WORD_START.test(form) && WORD_END.test(text.slice(Math.max(0, start - 2), start));
  const after = WORD_END.test(form) && WORD_START.test(text.slice(end, end + 2));
  return !before && !after;
}

function hideForm(text: string, form: string): string {
  if (form.length >= ANYWHERE_MIN_LENGTH) return text.split(form).join(REDACTED);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    if (at < from || !standsAlone(text, at, form)) continue;
    out += text.slice(from, at) + REDACTED;
    from = at + form.length;
  }
  return out + text.slice(from);
}

/** The names a placement puts a secret under (lower case: a header, a query or form field) and what precedes it there. */
function placedNames(placement: SecretPlacement | undefined): { names: string[]; prefix: string; pairs: boolean } | undefined {
  if (placement?.kind === 'header') return { names: [placement.header.toLowerCase()], prefix: placement.prefix, pairs: false };
  if (placement?.kind === 'basic') return { names: ['authorization'], prefix: 'Basic ', pairs: false };
  if (placement?.kind === 'oauth2') return { names: ['authorization'], prefix: 'Bearer ', pairs: false };
  const fields = placement?.kind === 'query' ? [placement.parameter] : placement?.kind === 'tokenForm' ? placement.fields : [];
  return fields.length === 0 ? undefined : { names: [...new Set(fields.flatMap((field) => [field.toLowerCase(), encodeComponent(field).toLowerCase()]))], prefix: '', pairs: true };
}

/** Text as a literal in a Unicode-mode pattern. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern matching the text in either case (names of headers and parameters, `Bearer`). */
function caseless(text: string): string {
  return [...escapeRegExp(text)].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('');
}

/**
 * Where the request put a secret, as it can come back in text: `key=value` for a query or form field; the header
 * line or a JSON property of the header's name (`X-Api-Key: value`, `"x-api-key":"value"`); `Bearer value`
 * anywhere. Group 1 is what precedes the secret.
 */
function placedShapes(redaction: Redaction, forms: readonly string[]): RegExp | undefined {
  const placed = placedNames(redaction.secretPlacement);
  if (!placed || forms.length === 0) return undefined;
  const values = `(?:${forms.map(escapeRegExp).join('|')})`;
  const names = `(?:${placed.names.map(caseless).join('|')})`;
  const prefix = caseless(placed.prefix);
  const lead = placed.pairs ? `${names}=` : `${names}"?\\s*:\\s*"?${prefix}${placed.prefix ? `|${prefix}` : ''}`;
  return new RegExp(`(?<![\\p{L}\\p{N}_.-])(${lead})${values}(?![\\p{L}\\p{N}_])`, 'gu');
}

/** Hides a request's secrets where they come back in text and in JSON (a service's answer, a value repeating one). */
interface EchoRedactor {
  text(text: string): string;
  json<T>(value: T): T;
}

/**
 * The echo rule for one request: every form of a secret where it stands in the shape the request put it (see
 * placedShapes), however short; elsewhere each form of at least ECHO_MIN_LENGTH characters as a whole word, and
 * from ANYWHERE_MIN_LENGTH on wherever it stands. Longest first, so a secret inside another is not left half-shown.
 */
function echoRedactor(redaction: Redaction): EchoRedactor {
  const forms = secretForms(redaction.secrets);
  const long = forms.filter((f) => f.length >= ECHO_MIN_LENGTH);
  const shapes = placedShapes(redaction, forms);
  const placed = placedNames(redaction.secretPlacement);
  const text = (input: string): string => {
    let out = shapes ? input.replace(shapes, (_whole, lead: string) => `${lead}${REDACTED}`) : input;
    for (const form of long) if (out.includes(form)) out = hideForm(out, form);
    return out;
  };
  const json = <T>(value: T, key?: string, depth = 0): T => {
    if (typeof value === 'string') {
      // A value under the name the request gave the secret (an echoed header or query map) is hidden however short.
      if (placed && key !== undefined && placed.names.includes(key.toLowerCase()) && placedValue(value, placed.prefix, forms)) return `${value.slice(0, placed.prefix.length)}${REDACTED}` as T;
      return text(value) as T;
    }
    // A number's digits are judged as text would be (a numeric API key echoed as a number); one holding a secret is
    // hidden whole, any other kept as the service's digits, never taken apart as an object.
    if (typeof value === 'number' || value instanceof JsonNumber) {
      const digits = typeof value === 'number' ? String(value) : value.text;
      if (placed && key !== undefined && placed.names.includes(key.toLowerCase()) && placedValue(digits, placed.prefix, forms)) return REDACTED as T;
      return text(digits) === digits ? value : (REDACTED as T);
    }
    if (value === null || typeof value !== 'object' || depth > MAX_NESTING) return value;
    if (Array.isArray(value)) return value.map((v: unknown) => json(v, undefined, depth + 1)) as T;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [text(k), json(v, k, depth + 1)])) as T;
  };
  return { text, json: (value) => json(value) };
}

/** Hides a request's secrets where they come back in a text (an answer, a message): see echoRedactor. */
export function redactText(text: string, redaction: Redaction): string {
  return echoRedactor(redaction).text(text);
}

/** Whether a value (after a prefix such as `Bearer `) is one of the secrets as the request sent it. */
function placedValue(value: string, prefix: string, forms: readonly string[]): boolean {
  return value.toLowerCase().startsWith(prefix.toLowerCase()) && forms.includes(value.slice(prefix.length));
}

/** The header a placement puts a secret in, and what precedes the secret there. */
function placedHeader(placement: SecretPlacement | undefined): { name: string; prefix: string } | undefined {
  const placed = placedNames(placement);
  return placed && !placed.pairs ? { name: placed.names[0] ?? '', prefix: placed.prefix } : undefined;
}

/** `name=value` pairs (a query, a form body) with the pairs of `fields` hidden when their value is a secret as sent. */
function redactPairs(pairs: string, fields: readonly string[], forms: readonly string[]): string {
  const names = fields.map(encodeComponent);
  return pairs
    .split('&')
    .map((pair) => {
      const name = names.find((n) => pair.startsWith(`${n}=`));
      return name !== undefined && forms.includes(pair.slice(name.length + 1)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A URL with the query parameter a placement put a secret in hidden. */
function redactPlacedUrl(url: string, redaction: Redaction, forms: readonly string[]): string {
  const placement = redaction.secretPlacement;
  if (placement?.kind !== 'query') return url;
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  return `${url.slice(0, query + 1)}${redactPairs(url.slice(query + 1, end), [placement.parameter], forms)}${url.slice(end)}`;
}

function redactBody(body: RequestBody, r: (t: string) => string): RequestBody {
  if (body.kind === 'text') return { ...body, text: r(body.text) };
  if (body.kind === 'multipart') return { ...body, parts: body.parts.map((p) => (p.kind === 'field' ? { ...p, value: r(p.value) } : p)) };
  return body;
}

/** A copy of a request safe to show: each secret hidden where it was put, and where it stands elsewhere (url, headers, body, warnings). */
export function redactRequest(request: BuiltRequest): BuiltRequest {
  const forms = secretForms(request.secrets);
  const r = echoRedactor(request).text;
  const placement = request.secretPlacement;
  const header = placedHeader(placement);
  let body = request.body;
  let lengthTellsSecret = false;
  if (placement?.kind === 'tokenForm' && body?.kind === 'text') {
    const text = redactPairs(body.text, placement.fields, forms);
    lengthTellsSecret = text !== body.text;
    body = { ...body, text };
  }
  const headers = request.headers.map(([n, v]): [string, string] => {
    const lower = n.toLowerCase();
    if (header && lower === header.name && placedValue(v, header.prefix, forms)) return [n, `${v.slice(0, header.prefix.length)}${REDACTED}`];
    // The client's Basic authorization of a token request, however short.
    if (placement?.kind === 'tokenForm' && placement.basic && lower === 'authorization' && placedValue(v, 'Basic ', forms)) return [n, `Basic ${REDACTED}`];
    // A form body's length tells the length of the secret in it.
    if (lengthTellsSecret && lower === 'content-length') return [n, REDACTED];
    return [n, r(v)];
  });
  return {
    ...request,
    url: r(redactPlacedUrl(request.url, request, forms)),
    headers,
    ...(body ? { body: redactBody(body, r) } : {}),
    warnings: request.warnings.map(r),
    // The values themselves must not travel with the copy that is shown.
    secrets: [],
    ...(request.tokenRequest ? { tokenRequest: redactRequest(request.tokenRequest) } : {}),
    ...(request.signIn ? { signIn: { tokenUrl: request.signIn.tokenUrl, clientId: request.signIn.clientId, fromCache: request.signIn.fromCache, refreshAt: request.signIn.refreshAt } } : {}),
  };
}

/**
 * Text showing a request (its address, a header, its body) with values hidden that may be credentials without being
 * secrets, such as what a user typed for a header: each in every form, wherever it stands as a whole word however
 * short, and from ANYWHERE_MIN_LENGTH characters on inside a word too. For what the editor keeps on disk.
 */
export function hideValues(text: string, values: readonly string[]): string {
  let out = text;
  for (const form of secretForms(values)) if (out.includes(form)) out = hideForm(out, form);
  return out;
}

/** A JSON value with every string (and object key) redacted: the service's data, headers and descriptor. */
export function redactJson<T>(value: T, redaction: Redaction): T {
  return echoRedactor(redaction).json(value);
}

/**
 * A copy of a result safe to show or store: secrets hidden where they come back in errors, warnings, redirects and
 * everything the service sent (data, headers, descriptor), and in the redirects' addresses where the request put
 * one. The result's own structure is left alone, so no secret, however short, can break it.
 */
export function redactResult(result: ConnectorResult, redaction: Redaction): ConnectorResult {
  if (redaction.secrets.length === 0) return result;
  const forms = secretForms(redaction.secrets);
  const echoes = echoRedactor(redaction);
  const r = echoes.text;
  const url = (u: string): string => r(redactPlacedUrl(u, redaction, forms));
  return {
    ...result,
    errors: result.errors.map(r),
    warnings: result.warnings.map(r),
    ...(result.data !== undefined ? { data: echoes.json(result.data) } : {}),
    ...(result.headers ? { headers: echoes.json(result.headers) } : {}),
    ...(result.entityDescriptor ? { entityDescriptor: echoes.json(result.entityDescriptor) } : {}),
    ...(result.redirects ? { redirects: result.redirects.map((x) => ({ ...x, from: url(x.from), to: url(x.to) })) } : {}),
  };
}

// A browser's network log (HAR 1.2, as Chrome, Firefox, Edge and Playwright export it) as requests. By default only
// API calls are taken: requests whose answer is JSON, XML, a form or plain text, or that the browser made with
// fetch or XMLHttpRequest; pages, scripts, styles, images and fonts are not. `--include` globs choose by URL instead.
// The same call made several times is one operation, also when only the ids in its path differ (they become path
// parameters); what the browser adds on its own (its headers) is left out.
import { globsMatcher } from '../importing/names';
import type { ImportNote } from '../importing/notes';
import { mediaType } from '../mediaType';
import type { CapturedBody, CapturedRequest } from './captured';
import { MarkedText } from './marked';
import { splitUrl } from './requestUrl';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const asObject = (v: Json | undefined): JsonObject | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : undefined);
const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const asString = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** What reading a HAR file gives. */
export type HarOutcome = { ok: true; requests: CapturedRequest[]; notes: ImportNote[]; name: string } | { ok: false; message: string };

/** Headers a browser sends on its own, which are no part of an API's operation. */
const BROWSER_HEADERS = /^(:.*|user-agent|accept-language|sec-.*|referer|origin|dnt|priority|pragma|cache-control|upgrade-insecure-requests|if-none-match|if-modified-since|x-client-data|purpose|sec-purpose|save-data|viewport-width|device-memory|rtt|downlink|ect)$/i;
/** Answers that are an API's: JSON, XML, forms and plain text. */
const API_ANSWER = /^(application\/(.+\+)?(json|xml)|text\/(xml|plain|csv)|application\/x-www-form-urlencoded|application\/problem\+json)$/i;
/** The browser's own kinds of request that are API calls. */
const API_RESOURCE_TYPES = new Set(['xhr', 'fetch']);
const STATIC = /\.(js|mjs|css|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|map|mp4|webm|mp3|wasm|html?)$/i;

/** A path segment that is an id a recording happened to use: a number, a UUID, a long hex key (not a word or a slug). */
const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[a-f]*\d)[0-9a-f]{16,})$/i;

/** The parameter an id segment becomes, named after the segment before it: `orders/7` → `orderId`, else `id`. */
function idName(previous: string | undefined, taken: Set<string>): string {
  const words = previous && /^[A-Za-z][A-Za-z0-9_-]*$/.test(previous) ? previous.replace(/[-_]+([A-Za-z0-9])/g, (_m, c: string) => c.toUpperCase()) : '';
  const singular = words.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
  const base = singular ? `${singular}Id` : 'id';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/**
 * A recorded path with its id segments as path parameters (the recorded ids their examples), and the key of its
 * shape, so that calls differing only in ids are one operation. `/api/orders/1042/lines/7` →
 * `/api/orders/{orderId}/lines/{lineId}`.
 */
function withIdParameters(path: CapturedRequest['path']): { path: CapturedRequest['path']; shape: string } {
  const text = path.map((p) => ('text' in p ? p.text : '')).join('');
  const segments = text.split('/');
  const taken = new Set<string>();
  const out: CapturedRequest['path'] = [];
  let shape = '';
  let pending = '';
  for (const [i, segment] of segments.entries()) {
    if (i > 0) pending += '/';
    if (i > 0 && ID_SEGMENT.test(segment)) {
      if (pending) out.push({ text: pending });
      pending = '';
      out.push({ hole: { name: idName(segments[i - 1], taken), example: segment } });
      shape += '/{}';
    } else {
      pending += segment;
      shape += `${i > 0 ? '/' : ''}${segment}`;
    }
  }
  if (pending) out.push({ text: pending });
  return { path: out, shape };
}

/** Whether an entry is an API call: the browser says so, or its answer is data, or it sent data. */
function isApiCall(entry: JsonObject, request: JsonObject, url: string): boolean {
  const resourceType = asString(entry._resourceType)?.toLowerCase();
  if (resourceType !== undefined) return API_RESOURCE_TYPES.has(resourceType);
  const path = url.replace(/[?#].*$/, '');
  if (STATIC.test(path)) return false;
  const answer = mediaType(asString(asObject(asObject(entry.response)?.content)?.mimeType));
  if (answer !== undefined) return API_ANSWER.test(answer);
  return (asString(request.method) ?? 'GET').toUpperCase() !== 'GET';
}

function bodyOf(postData: JsonObject | undefined, headers: CapturedRequest['headers'], notes: ImportNote[], source: string): CapturedBody | undefined {
  if (!postData) return undefined;
  const mimeType = asString(postData.mimeType) ?? '';
  const params = asArray(postData.params).map(asObject).filter((p): p is JsonObject => p !== undefined);
  if (!headers.some((h) => h.name.toLowerCase() === 'content-type') && mimeType) headers.push({ name: 'Content-Type', value: mimeType });
  if (/^multipart\/form-data/i.test(mimeType) && params.length > 0) {
    return {
      kind: 'multipart',
      parts: params.map((p) => {
        const name = asString(p.name) ?? '';
        const fileName = asString(p.fileName);
        if (fileName !== undefined) {
          notes.push({ kind: 'changed', where: source, item: name, reason: `File part '${name}' (${fileName}): the recording does not hold the file; name one in the values file.` });
          return { kind: 'file' as const, name, filename: fileName, ...(asString(p.contentType) ? { contentType: asString(p.contentType) } : {}) };
        }
        return { kind: 'field' as const, name, value: asString(p.value) ?? '' };
      }),
    };
  }
  const text = asString(postData.text);
  if (text !== undefined && text !== '') return { kind: 'text', text };
  if (params.length > 0) return { kind: 'urlencoded', fields: params.map((p) => ({ name: decodeURIComponent(asString(p.name) ?? ''), value: decodeURIComponent((asString(p.value) ?? '').replace(/\+/g, ' ')) })) };
  return undefined;
}

/** A HAR request object alone (`{ method, url, httpVersion }`) or one entry (`{ request }`), as a log of that one entry. */
function asLog(value: JsonObject | undefined): JsonObject | undefined {
  const log = asObject(value?.log);
  if (log) return log;
  if (asObject(value?.request)) return { entries: [value as JsonObject], single: true };
  if (typeof value?.method === 'string' && typeof value.url === 'string' && typeof value.httpVersion === 'string') return { entries: [{ request: value }], single: true };
  return undefined;
}

/** Whether a parsed JSON document is a HAR file (or one request or entry of one). */
export function isHar(value: unknown): boolean {
  return Array.isArray(asLog(asObject(value as Json))?.entries);
}

/** Reads a HAR file's API calls (or, with `include`, the requests whose URL a glob matches). */
export function readHar(value: unknown, include?: string): HarOutcome {
  const log = asLog(asObject(value as Json));
  if (!log || !Array.isArray(log.entries)) return { ok: false, message: "The file is not a HAR file: it has no 'log' with 'entries'." };
  // One request given on its own is taken whatever it asks for.
  const matches = include ? globsMatcher(include) : log.single === true ? () => true : undefined;
  const notes: ImportNote[] = [];
  const requests: CapturedRequest[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  const browserHeaders = new Set<string>();
  for (const [index, entryValue] of log.entries.entries()) {
    const entry = asObject(entryValue);
    const request = asObject(entry?.request);
    const url = asString(request?.url) ?? '';
    if (!entry || !request || !/^https?:\/\//i.test(url)) continue;
    if (matches ? !matches(url) : !isApiCall(entry, request, url)) {
      skipped++;
      continue;
    }
    const method = (asString(request.method) ?? 'GET').toUpperCase();
    const source = `entry ${index + 1} (${method} ${url.replace(/[?#].*$/, '')})`;
    const split = splitUrl(MarkedText.of([{ text: url }]));
    const ids = withIdParameters(split.path);
    const key = `${method} ${split.origin}${ids.shape}`;
    if (seen.has(key)) {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      continue;
    }
    seen.set(key, 1);
    const headers: CapturedRequest['headers'] = [];
    for (const h of asArray(request.headers).map(asObject)) {
      const name = asString(h?.name);
      if (!name) continue;
      if (BROWSER_HEADERS.test(name)) {
        browserHeaders.add(name.toLowerCase());
        continue;
      }
      headers.push({ name, value: asString(h?.value) ?? '' });
    }
    const requestNotes: ImportNote[] = [];
    const body = bodyOf(asObject(request.postData), headers, requestNotes, source);
    requests.push({ source, method, origin: split.origin, path: ids.path, matrix: split.matrix, query: split.query, headers, ...(body ? { body } : {}), notes: requestNotes, secrets: [] });
  }
  const repeated = [...seen.values()].reduce((n, c) => n + c - 1, 0);
  if (repeated > 0) notes.push({ kind: 'left-out', where: 'connector', reason: `${repeated} repeated call${repeated === 1 ? '' : 's'} of a method and URL path already taken ${repeated === 1 ? 'is' : 'are'} left out: the first call of each gives its operation and examples.` });
  if (skipped > 0) notes.push({ kind: 'left-out', where: 'connector', reason: matches ? `${skipped} request${skipped === 1 ? '' : 's'} whose URL no --include glob matches ${skipped === 1 ? 'is' : 'are'} left out.` : `${skipped} request${skipped === 1 ? '' : 's'} for pages, scripts, styles, images and fonts ${skipped === 1 ? 'is' : 'are'} left out (only API calls are imported; choose others with --include URLGLOB).` });
  if (browserHeaders.size > 0) notes.push({ kind: 'left-out', where: 'connector', item: 'headers', reason: `Headers the browser sends on its own are left out: ${[...browserHeaders].sort().join(', ')}.` });
  if (requests.length === 0) return { ok: false, message: matches ? `No request's URL matches ${include}.` : `The HAR file holds no API calls (JSON, XML, form or text answers)${skipped ? ` among its ${skipped} requests` : ''}; choose requests with --include URLGLOB.` };
  const name = requests[0]?.origin.replace(/^[a-z]+:\/\//, '') || 'Recorded API';
  return { ok: true, requests, notes, name };
}

// Paging: where an answer says its next page is (OData's @odata.nextLink, else an HTTP Link rel="next"), whether
// that page may be read with the request's credentials, and the rows of a page, concatenated into one answer.
import { isJsonObject, type ExactJson } from '../values/exactJson';
import { parseBody } from './result';
import { redactText } from './redact';
import type { BuiltRequest } from './types';
import { appendQuery, encodeComponent, splitUrl } from './url';

/** Pages read when a request or case names no limit. */
export const DEFAULT_MAX_PAGES = 100;
/** The most pages a limit may name: every page's rows are held at once (the tests file schema says the same). */
export const MAX_PAGES_LIMIT = 10_000;

const NEXT_LINK = '@odata.nextLink';

/** The `rel="next"` target of an HTTP Link header, when it has one (RFC 8288: `<url>; rel="next"`, several links comma-separated). */
export function linkHeaderNext(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  // Targets are in angle brackets, so a comma inside one does not split links.
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return match[1];
  }
  return undefined;
}

/**
 * Where the answer says its next page is: OData's `@odata.nextLink` in the JSON body, else the Link header's
 * `rel="next"`; `{ notText }` when the body's next link is there but no string (null means there is no next page).
 */
export function nextLinkOf(body: ExactJson | undefined, headers: Record<string, string>): string | { notText: true } | undefined {
  if (isJsonObject(body) && Object.prototype.hasOwnProperty.call(body, NEXT_LINK)) {
    const link = body[NEXT_LINK];
    if (link === null) return undefined;
    return typeof link === 'string' ? link : { notText: true };
  }
  return linkHeaderNext(headers.link);
}

/** The rows of a page: an OData collection's `value`, or a top-level array; undefined when the answer has neither. */
export function rowsOf(body: ExactJson | undefined): ExactJson[] | undefined {
  if (Array.isArray(body)) return body;
  if (isJsonObject(body) && Array.isArray(body.value)) return body.value;
  return undefined;
}

/** The first page's answer holding every page's rows; the next link is dropped, the rest of the first page is kept. */
export function withAllRows(first: ExactJson, rows: ExactJson[]): ExactJson {
  if (Array.isArray(first)) return rows;
  if (!isJsonObject(first)) return first;
  const out: { [key: string]: ExactJson } = {};
  for (const [key, value] of Object.entries(first)) if (key !== NEXT_LINK) out[key] = key === 'value' ? rows : value;
  return out;
}

/** A next link resolved, or why it is not followed (nothing is sent to it). */
export type NextPage = { ok: true; url: string } | { ok: false; message: string };

/**
 * Resolves a next link against the URL that returned it and decides whether it is read: only on the request's own
 * origin (the credentials go with every page), never an address seen before (a loop), never past `maxPages`.
 */
export function nextPage(link: string, pageUrl: string, firstUrl: string, seen: ReadonlySet<string>, pagesRead: number, maxPages: number): NextPage {
  const shown = JSON.stringify(link.length > 200 ? `${link.slice(0, 200)}…` : link);
  // The URL parser would silently drop tabs and line breaks, so a link with them would not be the link given.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(link)) return { ok: false, message: `Page ${pagesRead} links to its next page with control characters (${shown}); the link was not followed.` };
  let next: URL;
  try {
    next = new URL(link, pageUrl);
  } catch {
    return { ok: false, message: `Page ${pagesRead} links to ${shown} as its next page, which is not an address; the link was not followed.` };
  }
  const first = new URL(firstUrl);
  if (next.origin !== first.origin || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
    return { ok: false, message: `Page ${pagesRead} links to its next page on ${next.protocol === 'http:' || next.protocol === 'https:' ? next.origin : `a ${next.protocol} address`}, not on ${first.origin}; it was not read, so the request's credentials stay with ${first.origin}.` };
  }
  if (seen.has(next.href)) return { ok: false, message: `Page ${pagesRead} links back to a page already read (${next.href}); the service pages in a loop, so paging stopped.` };
  if (pagesRead >= maxPages) return { ok: false, message: `Paging stopped at the limit of ${maxPages} pages; the service has more. Raise maxPages (--max-pages) to read further.` };
  // A fragment is never sent; without it, the same page is the same address.
  next.hash = '';
  return { ok: true, url: next.href };
}

/**
 * The next page's URL with the API key the connector puts in the query (`parameter`), as the first request carried
 * it, when the service's link leaves it out: every page is read with the request's credentials.
 */
export function withQueryCredential(next: string, firstUrl: string, parameter: string | undefined): string {
  if (parameter === undefined) return next;
  const key = `${encodeComponent(parameter)}=`;
  const pair = (splitUrl(firstUrl).query ?? '').split('&').findLast((part) => part.startsWith(key));
  if (pair === undefined || (splitUrl(next).query ?? '').split('&').some((part) => part.startsWith(key))) return next;
  return appendQuery(next, [pair]);
}

/** A page of the request: the same request at `url` (a page nextPage allowed), with a query API key carried over. */
export function requestAtPage(request: BuiltRequest, url: string): BuiltRequest {
  const queryKey = request.secretPlacement?.kind === 'query' ? request.secretPlacement.parameter : undefined;
  return { ...request, url: withQueryCredential(url, request.url, queryKey) };
}

/** The request sent again at a page its answer linked (the result panel's Next page), or why not: GET only, on the request's own origin. */
export function pageOfRequest(request: BuiltRequest, pageUrl: string): { ok: true; request: BuiltRequest } | { ok: false; message: string } {
  if (request.method !== 'GET') return { ok: false, message: `Next page follows next links of GET requests; this request is ${request.method}, so nothing was sent.` };
  const next = nextPage(pageUrl, request.url, request.url, new Set(), 1, 2);
  return next.ok ? { ok: true, request: requestAtPage(request, next.url) } : next;
}

/** The next page an answer links, resolved against the request, when it may be read and holds no secret (the panel's Next page). */
export function nextPageUrl(request: BuiltRequest, rawText: string, headers: Record<string, string>): string | undefined {
  if (request.method !== 'GET') return undefined;
  const parsed = parseBody(rawText);
  const link = nextLinkOf(parsed?.ok ? parsed.value : undefined, headers);
  if (typeof link !== 'string') return undefined;
  const next = nextPage(link, request.url, request.url, new Set([new URL(request.url).href]), 1, 2);
  return next.ok && redactText(next.url, request) === next.url ? next.url : undefined;
}

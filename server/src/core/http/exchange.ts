// One exchange with a service: a built request sent (with all its pages when asked), its answer shaped into the
// result a workflow would receive, and everything that leaves (the request, the result, the raw body, the headers)
// redacted.
import { nextLinkOf, nextPage, requestAtPage, rowsOf, withAllRows } from './pages';
import { redactJson, redactRequest, redactResult, redactText } from './redact';
import { shapeBatchResult } from './batchResult';
import { parseBody, shapeResult } from './result';
import { sendRequest, type SendOptions, type SendOutcome } from './send';
import type { BuiltRequest, ConnectorResult, ReceivedResponse } from './types';
import type { ExactJson } from '../values/exactJson';

/** A finished run: what was sent (redacted), and the result and raw body (redacted). */
export interface SentRequest {
  request: BuiltRequest;
  result: ConnectorResult;
  rawText: string;
  /** Every response header as received (redacted), whatever the result keeps: for the result panel and expectations. */
  responseHeaders: Record<string, string>;
}

/** Paging asked for: follow next links, at most `maxPages` pages in all. */
export interface PagingOptions {
  maxPages: number;
}

function failedResult(request: BuiltRequest, outcome: Extract<SendOutcome, { ok: false }>): ConnectorResult {
  return { status: 0, errors: [outcome.failure.message], warnings: [...request.warnings], timing: { totalMs: outcome.totalMs }, ...(outcome.redirects ? { redirects: outcome.redirects } : {}) };
}

function forgetRefusedToken(request: BuiltRequest, response: ReceivedResponse, result: ConnectorResult): void {
  if (response.status === 401 && request.signIn?.forget) {
    // A refused token (revoked, or expired early) must not be offered again.
    request.signIn.forget();
    if (request.signIn.fromCache) result.warnings.push('The service refused the token that was reused from memory (401); it is forgotten, and the next request fetches a new one.');
  }
}

function redacted(request: BuiltRequest, result: ConnectorResult, rawText: string, responseHeaders: Record<string, string>): SentRequest {
  return { request: redactRequest(request), result: redactResult(result, request), rawText: redactText(rawText, request), responseHeaders: redactJson(responseHeaders, request) };
}

/** Sends a prepared request and shapes its result; secrets never leave in the outcome. With `paging`, every page is read (sendPages). */
export async function sendPrepared(request: BuiltRequest, options: SendOptions, paging?: PagingOptions): Promise<SentRequest> {
  if (paging) return sendPages(request, options, paging);
  const outcome = await sendRequest(request, options);
  if (!outcome.ok) return redacted(request, failedResult(request, outcome), '', {});
  const result = request.shaping.kind === 'odataBatch' ? shapeBatchResult(request.shaping, outcome.response, request.warnings) : shapeResult(request.shaping, outcome.response, request.warnings);
  forgetRefusedToken(request, outcome.response, result);
  return redacted(request, result, outcome.response.body, outcome.response.headers);
}

/** The URL that answered: the last redirect's target, or the request's own. */
function answeredAt(url: string, response: ReceivedResponse): string {
  return response.redirects?.at(-1)?.to ?? url;
}

/**
 * Sends a GET request and every page its answers link to, each through sendRequest with the same headers and
 * credentials, on the request's origin only. The rows are concatenated into one result that says how many pages
 * were read; a link elsewhere, a loop, the page limit or a failing page stop with an error (the rows read so far
 * are kept). Only the rows are kept between pages, not the pages' text.
 */
async function sendPages(request: BuiltRequest, options: SendOptions, paging: PagingOptions): Promise<SentRequest> {
  if (request.method !== 'GET') {
    return redacted(request, { status: 0, errors: [`All pages follows next links of GET requests; this request is ${request.method}, so nothing was sent.`], warnings: [...request.warnings], timing: { totalMs: 0 } }, '', {});
  }
  const firstOutcome = await sendRequest(request, options);
  if (!firstOutcome.ok) return redacted(request, { ...failedResult(request, firstOutcome), pages: 1 }, '', {});
  const first = firstOutcome.response;
  const firstParsed = parseBody(first.body);
  let totalMs = first.totalMs;
  let pages = 1;
  const stop: string[] = [];
  const seen = new Set<string>([new URL(request.url).href, new URL(answeredAt(request.url, first)).href]);
  let rows: ExactJson[] | undefined = firstParsed?.ok ? rowsOf(firstParsed.value) : undefined;
  // Copied: the first page's own array stays as it came.
  rows = rows ? [...rows] : undefined;
  let page = first;
  let parsed = firstParsed;
  let pageUrl = answeredAt(request.url, first);
  let failedPage: ConnectorResult | undefined;
  while (page.status >= 200 && page.status < 300) {
    const link = parsed?.ok ? nextLinkOf(parsed.value, page.headers) : nextLinkOf(undefined, page.headers);
    if (link === undefined) break;
    if (typeof link !== 'string') {
      stop.push(`Page ${pages} has an @odata.nextLink that is not text; paging stopped.`);
      break;
    }
    if (!rows) {
      stop.push(`Page ${pages} links to a next page but has no rows to join (no 'value' array, no top-level array); paging stopped.`);
      break;
    }
    const next = nextPage(link, pageUrl, request.url, seen, pages, paging.maxPages);
    if (!next.ok) {
      stop.push(next.message);
      break;
    }
    seen.add(next.url);
    const outcome = await sendRequest(requestAtPage(request, next.url), options);
    pages += 1;
    if (!outcome.ok) {
      totalMs += outcome.totalMs;
      failedPage = failedResult(request, outcome);
      break;
    }
    page = outcome.response;
    totalMs += page.totalMs;
    pageUrl = answeredAt(next.url, page);
    seen.add(new URL(pageUrl).href);
    parsed = parseBody(page.body);
    if (page.status < 200 || page.status >= 300) {
      failedPage = shapeResult(request.shaping, page, []);
      forgetRefusedToken(request, page, failedPage);
      break;
    }
    const pageRows = parsed?.ok ? rowsOf(parsed.value) : undefined;
    if (!pageRows) {
      stop.push(`Page ${pages} (${next.url}) has no rows (no 'value' array, no top-level array); paging stopped.`);
      break;
    }
    for (const row of pageRows) rows.push(row);
  }
  const joined: ReturnType<typeof parseBody> = firstParsed?.ok && rows ? { ok: true, value: withAllRows(firstParsed.value, rows) } : firstParsed;
  const result = shapeResult(request.shaping, { ...first, totalMs }, request.warnings, joined);
  forgetRefusedToken(request, first, result);
  if (failedPage) {
    result.status = failedPage.status;
    result.errors.push(...failedPage.errors.map((message) => `Page ${pages}: ${message}`));
  }
  result.errors.push(...stop);
  result.pages = pages;
  return redacted(request, result, first.body, first.headers);
}

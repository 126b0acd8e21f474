// One exchange with a service: a built request sent, its answer shaped into the result a workflow would receive,
// and everything that leaves (the request, the result, the raw body, the headers) redacted.
import { redactJson, redactRequest, redactResult, redactText } from './redact';
import { shapeBatchResult } from './batchResult';
import { shapeResult } from './result';
import { sendRequest, type SendOptions } from './send';
import type { BuiltRequest, ConnectorResult } from './types';

/** A finished run: what was sent (redacted), and the result and raw body (redacted). */
export interface SentRequest {
  request: BuiltRequest;
  result: ConnectorResult;
  rawText: string;
  /** Every response header as received (redacted), whatever the result keeps: for the result panel and expectations. */
  responseHeaders: Record<string, string>;
}

/** Sends a prepared request and shapes its result; secrets never leave in the outcome. */
export async function sendPrepared(request: BuiltRequest, options: SendOptions): Promise<SentRequest> {
  const outcome = await sendRequest(request, options);
  let result: ConnectorResult;
  let rawText = '';
  let responseHeaders: Record<string, string> = {};
  if (!outcome.ok) {
    result = { status: 0, errors: [outcome.failure.message], warnings: [...request.warnings], timing: { totalMs: outcome.totalMs }, ...(outcome.redirects ? { redirects: outcome.redirects } : {}) };
  } else {
    result = request.shaping.kind === 'odataBatch' ? shapeBatchResult(request.shaping, outcome.response, request.warnings) : shapeResult(request.shaping, outcome.response, request.warnings);
    rawText = outcome.response.body;
    responseHeaders = outcome.response.headers;
    if (outcome.response.status === 401 && request.signIn?.forget) {
      // A refused token (revoked, or expired early) must not be offered again.
      request.signIn.forget();
      if (request.signIn.fromCache) result.warnings.push('The service refused the token that was reused from memory (401); it is forgotten, and the next request fetches a new one.');
    }
  }
  return { request: redactRequest(request), result: redactResult(result, request), rawText: redactText(rawText, request), responseHeaders: redactJson(responseHeaders, request) };
}

import { TokenCache } from '../oauth2/tokenCache';
import { shapeResult } from '../result';
import { sendRequest, type SendOptions } from '../send';
import { prepareRequest, type PrepareInput } from './prepare';
import { redactJson, redactRequest, redactResult, redactText } from './redact';
import type { BuildProblem, BuiltRequest, ConnectorResult } from './types';

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
    result = shapeResult(request.shaping, outcome.response, request.warnings);
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

/** A run: sent, or why nothing was sent. */
export type RunOutcome = ({ sent: true } & SentRequest) | { sent: false; problems: BuildProblem[] };

/** Prepares and sends one operation's request (programs and tests; the editor and the CLI show problems first). */
export async function runRequest(input: PrepareInput & { send: SendOptions }): Promise<RunOutcome> {
  // Programs and tests that give no token source get one of their own for this run.
  const prepared = await prepareRequest({ ...input, tokens: input.tokens ?? new TokenCache().source(input.send) });
  if (!prepared.ok) return { sent: false, problems: prepared.problems };
  return { sent: true, ...(await sendPrepared(prepared.request, input.send)) };
}

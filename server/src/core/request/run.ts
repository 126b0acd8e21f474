import { shapeResult } from '../result';
import { sendRequest, type SendOptions } from '../send';
import { prepareRequest, type PrepareInput } from './prepare';
import { redactRequest, redactResult, redactText } from './redact';
import type { BuildProblem, BuiltRequest, ConnectorResult } from './types';

/** A finished run: what was sent (redacted), and the result and raw body (redacted). */
export interface SentRequest {
  request: BuiltRequest;
  result: ConnectorResult;
  rawText: string;
}

/** Sends a prepared request and shapes its result; secrets never leave in the outcome. */
export async function sendPrepared(request: BuiltRequest, options: SendOptions): Promise<SentRequest> {
  const outcome = await sendRequest(request, options);
  let result: ConnectorResult;
  let rawText = '';
  if (!outcome.ok) {
    result = { status: 0, errors: [outcome.failure.message], warnings: [...request.warnings], timing: { totalMs: outcome.totalMs }, ...(outcome.redirects ? { redirects: outcome.redirects } : {}) };
  } else {
    result = shapeResult(request.shaping, outcome.response, request.warnings);
    rawText = outcome.response.body;
  }
  return { request: redactRequest(request), result: redactResult(result, request.secrets), rawText: redactText(rawText, request.secrets) };
}

/** A run: sent, or why nothing was sent. */
export type RunOutcome = ({ sent: true } & SentRequest) | { sent: false; problems: BuildProblem[] };

/** Prepares and sends one operation's request (programs and tests; the editor and the CLI show problems first). */
export async function runRequest(input: PrepareInput & { send: SendOptions }): Promise<RunOutcome> {
  const prepared = await prepareRequest(input);
  if (!prepared.ok) return { sent: false, problems: prepared.problems };
  return { sent: true, ...(await sendPrepared(prepared.request, input.send)) };
}

import type { Connector } from '../model';
import { shapeResult } from '../result';
import { sendRequest, type SendOptions } from '../send';
import { buildRequest } from './index';
import { redactRequest, redactResult, redactText } from './redact';
import type { BuildProblem, BuiltRequest, ConnectorResult, SecretProvider, SuppliedValues } from './types';

/** Everything sending one operation needs. */
export interface RunInput {
  connector: Connector;
  operationId: string;
  values: SuppliedValues;
  secrets: SecretProvider;
  baseDir: string;
  send: SendOptions;
}

/** A finished run: what was sent (redacted), and the result and raw body (redacted); or why nothing was sent. */
export type RunOutcome =
  | { sent: true; request: BuiltRequest; result: ConnectorResult; rawText: string }
  | { sent: false; problems: BuildProblem[] };

/** Builds, sends and shapes one operation's request; secrets never leave in the outcome. */
export async function runRequest(input: RunInput): Promise<RunOutcome> {
  const built = await buildRequest(input);
  if (!built.ok) return { sent: false, problems: built.problems };
  const request = built.request;
  const outcome = await sendRequest(request, input.send);
  let result: ConnectorResult;
  let rawText = '';
  if (!outcome.ok) {
    result = { status: 0, errors: [outcome.failure.message], warnings: [...request.warnings], timing: { totalMs: outcome.totalMs }, ...(outcome.redirects ? { redirects: outcome.redirects } : {}) };
  } else {
    result = shapeResult(request.shaping, outcome.response, request.warnings);
    rawText = outcome.response.body;
  }
  return {
    sent: true,
    request: redactRequest(request),
    result: redactResult(result, request.secrets),
    rawText: redactText(rawText, request.secrets),
  };
}

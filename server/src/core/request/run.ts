import { sendPrepared, type SentRequest } from '../http/exchange';
import type { SendOptions } from '../http/send';
import { TokenCache } from '../http/tokenCache';
import { prepareRequest, type PrepareInput } from './prepare';
import type { BuildProblem } from './types';

/** A run: sent, or why nothing was sent. */
export type RunOutcome = ({ sent: true } & SentRequest) | { sent: false; problems: BuildProblem[] };

/** Prepares and sends one operation's request (programs and tests; the editor and the CLI show problems first). */
export async function runRequest(input: PrepareInput & { send: SendOptions }): Promise<RunOutcome> {
  // Programs and tests that give no token source get one of their own for this run.
  const prepared = await prepareRequest({ ...input, tokens: input.tokens ?? new TokenCache().source(input.send) });
  if (!prepared.ok) return { sent: false, problems: prepared.problems };
  return { sent: true, ...(await sendPrepared(prepared.request, input.send)) };
}

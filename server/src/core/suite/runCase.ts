import type { AppliedEnvironment } from '../environments/apply';
import type { Finding } from '../findings';
import type { Connector } from '../model';
import type { TokenSource } from '../oauth2/types';
import type { FileAccess } from '../request/files';
import { prepareRequest } from '../request/prepare';
import { sendPrepared, type SentRequest } from '../http/exchange';
import type { BuildProblem, SecretProvider } from '../request/types';
import type { SendOptions } from '../http/send';
import { TokenCache } from '../http/tokenCache';
import { checkExpectation, type Failure } from './match';
import { caseValues, type TestCase, type TestsFile } from './testsFile';

/** How one case ended: passed, failed (an expectation not met) or error (it could not be sent). */
export interface CaseOutcome {
  testCase: TestCase;
  outcome: 'passed' | 'failed' | 'error';
  failures: Failure[];
  /** Why it was not sent. */
  problems: BuildProblem[];
  /** From preparing to the last byte, token fetch included (the expectation's maxMs counts the request alone). */
  durationMs: number;
  /** What was sent and what came back, redacted: for the result panel. */
  sent?: SentRequest;
}

/** Everything a case is sent with: the connector and its findings, the tests file, secrets, files, tokens, the environment. */
export interface CaseInput {
  connector: Connector;
  findings: readonly Finding[];
  file: TestsFile;
  testCase: TestCase;
  secrets: SecretProvider;
  baseDir: string;
  files: FileAccess;
  /** Where OAuth2 tokens come from; a run without one keeps its own for this case. */
  tokens?: TokenSource;
  environment?: AppliedEnvironment;
  send: SendOptions;
}

/** Sends one case through the one preparation and the one sending, and checks the answer against its expectation. */
export async function runCase(input: CaseInput): Promise<CaseOutcome> {
  const started = performance.now();
  const { testCase } = input;
  const prepared = await prepareRequest({
    connector: input.connector,
    findings: input.findings,
    operationId: testCase.operationId,
    values: caseValues(input.file, testCase),
    secrets: input.secrets,
    baseDir: input.baseDir,
    files: input.files,
    tokens: input.tokens ?? new TokenCache().source(input.send),
    ...(input.environment ? { environment: input.environment } : {}),
  });
  if (!prepared.ok) return { testCase, outcome: 'error', failures: [], problems: prepared.problems, durationMs: performance.now() - started };
  const sent = await sendPrepared(prepared.request, input.send, testCase.paging);
  const failures = checkExpectation(testCase.expect, input.file.text, sent.result, sent.responseHeaders);
  const outcome = failures.some((f) => f.kind === 'response') ? 'error' : failures.length ? 'failed' : 'passed';
  return { testCase, outcome, failures, problems: [], durationMs: performance.now() - started, sent };
}

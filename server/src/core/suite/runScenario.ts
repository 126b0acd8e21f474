// Runs a scenario: each step through the one preparation and the one sending, its captures kept for later steps.
// A failing step stops the scenario; steps marked `always` (clean-up) still run when the values they use are known.
import type { Node } from 'jsonc-parser';
import { sendPrepared, type SentRequest } from '../http/exchange';
import { TokenCache } from '../http/tokenCache';
import { fillVariablePlaceholders, variablePlaceholders } from '../placeholders';
import { prepareRequest } from '../request/prepare';
import type { BuildProblem } from '../request/types';
import { propertiesOf } from '../tree';
import { exactOfNode, isJsonObject, JsonNumber, numberText, setMember, stringifyExact, type ExactJson } from '../values/exactJson';
import { checkExpectation, type Failure } from './match';
import type { CaseInput } from './runCase';
import { pointerTokens, type Scenario, type TestStep } from './scenario';
import { readExpectation, type Expectation } from './testsFile';

/** How one step ended; `skipped` when an earlier step failed (or, for a clean-up step, a value it uses is unknown). */
export interface StepOutcome {
  step: TestStep;
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
  failures: Failure[];
  problems: BuildProblem[];
  durationMs: number;
  sent?: SentRequest;
  /** Why a skipped step was not sent. */
  skippedBecause?: string;
}

/** How a scenario ended: as its first step that did not pass (or a clean-up step that failed), with every step. */
export interface ScenarioOutcome {
  scenario: Scenario;
  outcome: 'passed' | 'failed' | 'error';
  steps: StepOutcome[];
  durationMs: number;
}

/** Where the built-ins' values come from; tests may give their own. */
export interface BuiltInSource {
  uuid(): string;
  nowMs(): number;
  randomInt(): number;
}

const SYSTEM_BUILT_INS: BuiltInSource = {
  uuid: () => globalThis.crypto.randomUUID(),
  nowMs: () => Date.now(),
  // Within 32-bit integers, so it fits any integer parameter.
  randomInt: () => Math.floor(Math.random() * 2_147_483_647),
};

/** Everything a scenario is sent with: as a case, without the case. */
export type ScenarioInput = Omit<CaseInput, 'testCase'> & { scenario: Scenario; builtIns?: BuiltInSource };

/** The value of a placeholder: a built-in (new each time), a captured value, or undefined when unknown. */
function placeholderValue(name: string, captured: ReadonlyMap<string, ExactJson>, builtIns: BuiltInSource): ExactJson | undefined {
  switch (name) {
    case '$uuid': return builtIns.uuid();
    case '$timestamp': return Math.floor(builtIns.nowMs() / 1000);
    case '$isoTimestamp': return new Date(builtIns.nowMs()).toISOString();
    case '$randomInt': return builtIns.randomInt();
    default: return captured.get(name);
  }
}

/** A value as text inside a longer string: strings as they are, numbers with their digits, the rest as JSON. */
function spliced(value: ExactJson): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || value instanceof JsonNumber) return numberText(value);
  return stringifyExact(value);
}

/** A step's values with every placeholder filled; a string that is exactly one placeholder takes the value as it is. */
export function fillValues(node: Node | undefined, text: string, captured: ReadonlyMap<string, ExactJson>, builtIns: BuiltInSource = SYSTEM_BUILT_INS): Record<string, ExactJson> {
  const fill = (value: ExactJson, depth: number): ExactJson => {
    if (typeof value === 'string') {
      const found = variablePlaceholders(value);
      const [first] = found;
      if (found.length === 1 && first && first.index === 0 && first.length === value.length) return placeholderValue(first.name, captured, builtIns) ?? value;
      return found.length ? fillVariablePlaceholders(value, (name) => {
        const v = placeholderValue(name, captured, builtIns);
        return v === undefined ? undefined : spliced(v);
      }) : value;
    }
    if (depth > 64) return value;
    if (Array.isArray(value)) return value.map((v) => fill(v, depth + 1));
    if (isJsonObject(value)) {
      const out: { [key: string]: ExactJson } = {};
      for (const [key, v] of Object.entries(value)) setMember(out, key, fill(v, depth + 1));
      return out;
    }
    return value;
  };
  const out: Record<string, ExactJson> = {};
  for (const entry of propertiesOf(node)) if (entry.valueNode) setMember(out, entry.key, fill(exactOfNode(entry.valueNode, text), 0));
  return out;
}

/** What a capture can point into: the result as a workflow's next step sees it, header names lower-case. */
function captureRoot(sent: SentRequest): { [key: string]: ExactJson } {
  const root: { [key: string]: ExactJson } = { status: sent.result.status };
  const headers: { [key: string]: ExactJson } = {};
  for (const [name, value] of Object.entries(sent.responseHeaders)) setMember(headers, name.toLowerCase(), value);
  setMember(root, 'headers', headers);
  if (sent.result.data !== undefined) setMember(root, 'data', sent.result.data);
  if (sent.result.entityDescriptor) setMember(root, 'entityDescriptor', sent.result.entityDescriptor);
  return root;
}

/** The value a JSON Pointer finds, own members only (`/data/__proto__` finds a member of that name or nothing). */
export function resolvePointer(root: ExactJson, pointer: string): ExactJson | undefined {
  const parsed = pointerTokens(pointer);
  if (!parsed.ok) return undefined;
  let here: ExactJson | undefined = root;
  for (const token of parsed.tokens) {
    if (Array.isArray(here)) here = /^(0|[1-9]\d{0,8})$/.test(token) ? here[Number(token)] : undefined;
    else if (isJsonObject(here)) here = Object.prototype.hasOwnProperty.call(here, token) ? here[token] : undefined;
    else return undefined;
    if (here === undefined) return undefined;
  }
  return here;
}

/** The placeholders of a step no capture has filled (built-ins are always known). */
function unknownNames(step: TestStep, captured: ReadonlyMap<string, ExactJson>): string[] {
  return [...new Set(step.placeholders.map((p) => p.name).filter((n) => !n.startsWith('$') && !captured.has(n)))];
}

/** A step without `expect` expects a 2xx status: a workflow stops at a failed call. */
function successExpected(step: TestStep): Expectation {
  return { headers: [], span: step.operationSpan };
}

async function runStep(input: ScenarioInput, step: TestStep, captured: Map<string, ExactJson>, tokens: NonNullable<CaseInput['tokens']>): Promise<StepOutcome> {
  const started = performance.now();
  const prepared = await prepareRequest({
    connector: input.connector,
    findings: input.findings,
    operationId: step.operationId,
    values: fillValues(step.valuesNode, input.file.text, captured, input.builtIns),
    secrets: input.secrets,
    baseDir: input.baseDir,
    files: input.files,
    tokens,
    ...(input.environment ? { environment: input.environment } : {}),
  });
  if (!prepared.ok) return { step, outcome: 'error', failures: [], problems: prepared.problems, durationMs: performance.now() - started };
  const sent = await sendPrepared(prepared.request, input.send, step.paging);
  const expectation = step.expectNode ? readExpectation(step.expectNode) : successExpected(step);
  const failures = checkExpectation(expectation, input.file.text, sent.result, sent.responseHeaders);
  if (!step.expectNode && sent.result.status !== 0 && (sent.result.status < 200 || sent.result.status > 299)) {
    const reason = sent.result.errors.length ? ` (${sent.result.errors.join(' ')})` : '';
    failures.push({ kind: 'status', path: 'status', message: `status: expected 2xx (the step has no "expect"), got ${sent.result.status}${reason}`, expected: '2xx', actual: String(sent.result.status), at: step.operationSpan });
  }
  if (!failures.length) {
    const root = captureRoot(sent);
    for (const capture of step.captures) {
      const value = resolvePointer(root, capture.pointer);
      if (value === undefined) failures.push({ kind: 'capture', path: capture.pointer, message: `capture '${capture.name}': ${capture.pointer} finds nothing in the result`, at: capture.span });
      else captured.set(capture.name, value);
    }
  }
  const outcome = failures.some((f) => f.kind === 'response') ? 'error' : failures.length ? 'failed' : 'passed';
  return { step, outcome, failures, problems: [], durationMs: performance.now() - started, sent };
}

/** Runs a scenario's steps in order and reports each. */
export async function runScenario(input: ScenarioInput): Promise<ScenarioOutcome> {
  const started = performance.now();
  const tokens = input.tokens ?? new TokenCache().source(input.send);
  const captured = new Map<string, ExactJson>();
  const steps: StepOutcome[] = [];
  let stoppedBy: StepOutcome | undefined;
  let cleanUpFailed: StepOutcome | undefined;
  for (const step of input.scenario.steps) {
    if (stoppedBy && !step.always) {
      steps.push({ step, outcome: 'skipped', failures: [], problems: [], durationMs: 0, skippedBecause: `'${stoppedBy.step.label}' did not pass` });
      continue;
    }
    const unknown = unknownNames(step, captured);
    if (unknown.length) {
      steps.push({ step, outcome: 'skipped', failures: [], problems: [], durationMs: 0, skippedBecause: `no value was captured for ${unknown.map((n) => `'${n}'`).join(', ')}` });
      continue;
    }
    const outcome = await runStep(input, step, captured, tokens);
    steps.push(outcome);
    if (outcome.outcome !== 'passed') {
      if (stoppedBy) cleanUpFailed ??= outcome;
      else stoppedBy = outcome;
    }
  }
  const decisive = stoppedBy ?? cleanUpFailed;
  const outcome = decisive ? (decisive.outcome === 'error' ? 'error' : 'failed') : 'passed';
  return { scenario: input.scenario, outcome, steps, durationMs: performance.now() - started };
}

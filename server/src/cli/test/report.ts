import type { CaseOutcome, Failure, LineIndex, ScenarioOutcome, StepOutcome } from '../../core';

/** A case's or a scenario's outcome, in file order. */
export type RunOutcome = CaseOutcome | ScenarioOutcome;

/** Whether an outcome is a scenario's (it has steps). */
export function isScenario(outcome: RunOutcome): outcome is ScenarioOutcome {
  return 'scenario' in outcome;
}


/** One tests file's run: where it is, its connector, and each case's outcome in file order. */
export interface FileReport {
  /** The tests file as the user names it (relative to where the command runs). */
  file: string;
  connectorFile: string;
  connectorName: string;
  environment?: string;
  lines: LineIndex;
  cases: RunOutcome[];
}

/** A whole run, for the formats. */
export interface TestReport {
  files: FileReport[];
  startedAt: Date;
  durationMs: number;
}

/** Passed, failed and error counts. */
export function countOutcomes(cases: readonly { outcome: RunOutcome['outcome'] }[]): { tests: number; passed: number; failed: number; errors: number } {
  return {
    tests: cases.length,
    passed: cases.filter((c) => c.outcome === 'passed').length,
    failed: cases.filter((c) => c.outcome === 'failed').length,
    errors: cases.filter((c) => c.outcome === 'error').length,
  };
}

/** `file:line:column` of a span in a tests file. */
export function location(file: FileReport, offset: number): { line: number; column: number } {
  const position = file.lines.positionAt(offset);
  return { line: position.line + 1, column: position.character + 1 };
}

/** Lines of a diff side; a long answer is cut, so one failure cannot bury the others. */
export const DIFF_LINES = 40;

function capped(text: string, prefix: string): string[] {
  const lines = text.split('\n');
  const shown = lines.slice(0, DIFF_LINES).map((line) => `${prefix}${line}`);
  if (lines.length > DIFF_LINES) shown.push(`${prefix}… ${lines.length - DIFF_LINES} more lines`);
  return shown;
}

/** A failure's lines for people: the message, then for compound values a diff (- expected, + actual). */
export function failureLines(failure: Failure): string[] {
  const lines = [failure.message];
  const compound = (text: string | undefined): boolean => text !== undefined && text.includes('\n');
  if (failure.kind === 'data' && (compound(failure.expected) || compound(failure.actual))) {
    lines.push(...capped(failure.expected ?? '', '  - '), ...capped(failure.actual ?? '', '  + '));
  }
  return lines;
}

/** Why a case or step ended as it did, as lines: its failures with diffs, or why it was not sent. */
export function outcomeLines(outcome: CaseOutcome | StepOutcome): string[] {
  if ('skippedBecause' in outcome && outcome.skippedBecause) return [`skipped: ${outcome.skippedBecause}`];
  if (outcome.problems.length) return outcome.problems.map((p) => `not sent: ${p.message}`);
  return outcome.failures.flatMap(failureLines);
}

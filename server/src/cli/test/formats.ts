// The reports of `connector test`: stylish for people, JSON for scripts, JUnit XML for CI servers.
import { visibleText, type CaseOutcome, type ScenarioOutcome, type StepOutcome } from '../../core';
import { countOutcomes, isScenario, location, outcomeLines, type FileReport, type RunOutcome, type TestReport } from './report';

const ANSI = { reset: '\u001b[0m', bold: '\u001b[1m', dim: '\u001b[2m', red: '\u001b[31m', yellow: '\u001b[33m', green: '\u001b[32m' };

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

/** The heading of a tests file in the stylish report. */
export function stylishFileHeading(file: FileReport, color: boolean): string {
  const env = file.environment ? ` — environment ${file.environment}` : '';
  const text = visibleText(`${file.file} (${file.connectorName}${env})`);
  return `${color ? `${ANSI.bold}${text}${ANSI.reset}` : text}\n`;
}

function markOf(outcome: RunOutcome['outcome'] | StepOutcome['outcome'], paint: (style: string, text: string) => string): string {
  if (outcome === 'skipped') return paint(ANSI.dim, '-');
  return outcome === 'passed' ? paint(ANSI.green, '✔') : outcome === 'failed' ? paint(ANSI.red, '✖') : paint(ANSI.yellow, '!');
}

/** A scenario in the stylish report: its line, then one line per step, with why a step failed at that step. */
function stylishScenario(file: FileReport, outcome: ScenarioOutcome, color: boolean): string {
  const paint = (style: string, text: string): string => (color ? `${style}${text}${ANSI.reset}` : text);
  const lines = [`  ${markOf(outcome.outcome, paint)} ${visibleText(outcome.scenario.name)} ${paint(ANSI.dim, visibleText(`(${outcome.steps.length} steps, ${ms(outcome.durationMs)})`))}`];
  for (const step of outcome.steps) {
    const status = step.sent ? `${step.sent.result.status}, ` : '';
    const always = step.step.always ? ', always' : '';
    lines.push(`      ${markOf(step.outcome, paint)} ${visibleText(step.step.label)} ${paint(ANSI.dim, visibleText(`(${step.step.operationId}${always}, ${status}${ms(step.durationMs)})`))}`);
    if (step.outcome === 'passed') continue;
    for (const line of outcomeLines(step)) lines.push(`          ${visibleText(line)}`);
    if (step.outcome === 'skipped') continue;
    const at = location(file, step.failures[0]?.at?.offset ?? step.step.span.offset);
    lines.push(paint(ANSI.dim, visibleText(`          at ${file.file}:${at.line}:${at.column}`)));
  }
  return `${lines.join('\n')}\n`;
}

/** One case in the stylish report: mark, name, operation and time, then why it failed. */
export function stylishCase(file: FileReport, run: RunOutcome, color: boolean): string {
  if (isScenario(run)) return stylishScenario(file, run, color);
  const outcome: CaseOutcome = run;
  const paint = (style: string, text: string): string => (color ? `${style}${text}${ANSI.reset}` : text);
  const mark = markOf(outcome.outcome, paint);
  // Names, messages and answers come from files and services: they show, never act (the colours are the report's own).
  const lines = [`  ${mark} ${visibleText(outcome.testCase.name)} ${paint(ANSI.dim, visibleText(`(${outcome.testCase.operationId}, ${ms(outcome.durationMs)})`))}`];
  if (outcome.outcome !== 'passed') {
    for (const line of outcomeLines(outcome)) lines.push(`      ${visibleText(line)}`);
    const at = location(file, outcome.failures[0]?.at?.offset ?? outcome.testCase.span.offset);
    lines.push(paint(ANSI.dim, visibleText(`      at ${file.file}:${at.line}:${at.column}`)));
  }
  return `${lines.join('\n')}\n`;
}

/** The closing line: counts and time. */
export function stylishSummary(report: TestReport, color: boolean): string {
  const { tests, passed, failed, errors } = countOutcomes(report.files.flatMap((f) => f.cases));
  const parts = [`${passed} passed`, `${failed} failed`, ...(errors ? [`${errors} not sent`] : [])];
  const text = `${tests} case${tests === 1 ? '' : 's'}: ${parts.join(', ')} (${ms(report.durationMs)})`;
  const style = failed || errors ? ANSI.red : ANSI.green;
  return `\n${color ? `${style}${text}${ANSI.reset}` : text}\n`;
}

/** The whole stylish report (for --output-file; on a terminal the cases are printed as they finish). */
export function formatStylishReport(report: TestReport, color: boolean): string {
  return report.files.map((f) => stylishFileHeading(f, color) + f.cases.map((c) => stylishCase(f, c, color)).join('')).join('\n') + stylishSummary(report, color);
}

function jsonFailures(file: FileReport, outcome: CaseOutcome | StepOutcome): object[] {
  return outcome.failures.map((f) => ({ kind: f.kind, path: f.path, message: f.message, ...(f.expected !== undefined ? { expected: f.expected } : {}), ...(f.actual !== undefined ? { actual: f.actual } : {}), ...(f.at ? location(file, f.at.offset) : {}) }));
}

/** A scenario in the JSON report: its outcome and a `steps` array, each step as a case is written. */
function jsonScenario(file: FileReport, outcome: ScenarioOutcome): object {
  return {
    name: outcome.scenario.name,
    outcome: outcome.outcome,
    ...location(file, outcome.scenario.span.offset),
    durationMs: Math.round(outcome.durationMs),
    steps: outcome.steps.map((s) => ({
      name: s.step.label,
      operation: s.step.operationId,
      outcome: s.outcome,
      ...(s.step.always ? { always: true } : {}),
      ...location(file, s.step.span.offset),
      durationMs: Math.round(s.durationMs),
      ...(s.sent ? { status: s.sent.result.status } : {}),
      failures: jsonFailures(file, s),
      ...(s.problems.length ? { problems: s.problems.map((p) => p.message) } : {}),
      ...(s.skippedBecause ? { skipped: s.skippedBecause } : {}),
    })),
  };
}

/** The report as JSON: every case with its outcome, failures (expected and actual, line and column) and time. */
export function formatJsonReport(report: TestReport): string {
  const files = report.files.map((file) => ({
    file: file.file,
    connector: file.connectorFile,
    name: file.connectorName,
    ...(file.environment ? { environment: file.environment } : {}),
    cases: file.cases.map((c) => (isScenario(c) ? jsonScenario(file, c) : {
      name: c.testCase.name,
      operation: c.testCase.operationId,
      outcome: c.outcome,
      ...location(file, c.testCase.span.offset),
      durationMs: Math.round(c.durationMs),
      ...(c.sent ? { status: c.sent.result.status } : {}),
      failures: jsonFailures(file, c),
      ...(c.problems.length ? { problems: c.problems.map((p) => p.message) } : {}),
    })),
  }));
  return `${JSON.stringify({ summary: { ...countOutcomes(report.files.flatMap((f) => f.cases)), durationMs: Math.round(report.durationMs) }, files }, null, 2)}\n`;
}

/**
 * Text for XML: the five special characters escaped, and characters XML 1.0 cannot hold (control characters,
 * lone surrogates, U+FFFE, U+FFFF) or that would act where the report is shown (C1, bidirectional controls)
 * written as \uXXXX, as every report writes them, so a hostile answer cannot break the file.
 */
export function xmlText(text: string): string {
  return visibleText(text)
    .replace(/[\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function seconds(value: number): string {
  return (value / 1000).toFixed(3);
}

/** A scenario as one JUnit testcase; a failure names the step, its lines list every step. */
function junitScenario(file: FileReport, outcome: ScenarioOutcome): string {
  const at = location(file, outcome.scenario.span.offset);
  const classname = `${file.connectorFile.replace(/\.connector\.json$/i, '').replace(/[\\/]/g, '.')}.scenario`;
  const open = `    <testcase name="${xmlText(outcome.scenario.name)}" classname="${xmlText(classname)}" file="${xmlText(file.file)}" line="${at.line}" time="${seconds(outcome.durationMs)}"`;
  const stepLines = outcome.steps.map((s) => [`${s.outcome}: ${s.step.label} (${s.step.operationId})`, ...(s.outcome === 'passed' ? [] : outcomeLines(s).map((l) => `  ${l}`))].join('\n'));
  if (outcome.outcome === 'passed') return `${open}>\n      <system-out>${xmlText(stepLines.join('\n'))}</system-out>\n    </testcase>`;
  const decisive = outcome.steps.find((s) => s.outcome === 'failed' || s.outcome === 'error');
  const first = decisive ? `step '${decisive.step.label}': ${decisive.problems[0]?.message ?? decisive.failures[0]?.message ?? ''}` : '';
  const element = outcome.outcome === 'failed' ? 'failure' : 'error';
  const type = decisive?.failures[0]?.kind ?? (decisive?.problems.length ? 'not-sent' : 'no-response');
  return `${open}>\n      <${element} message="${xmlText(first)}" type="${type}">${xmlText(stepLines.join('\n'))}</${element}>\n    </testcase>`;
}

function junitCase(file: FileReport, run: RunOutcome): string {
  if (isScenario(run)) return junitScenario(file, run);
  const outcome: CaseOutcome = run;
  const at = location(file, outcome.testCase.span.offset);
  const classname = `${file.connectorFile.replace(/\.connector\.json$/i, '').replace(/[\\/]/g, '.')}.${outcome.testCase.operationId}`;
  const open = `    <testcase name="${xmlText(outcome.testCase.name)}" classname="${xmlText(classname)}" file="${xmlText(file.file)}" line="${at.line}" time="${seconds(outcome.durationMs)}"`;
  if (outcome.outcome === 'passed') return `${open}/>`;
  const body = xmlText(outcomeLines(outcome).join('\n'));
  const first = outcome.problems[0]?.message ?? outcome.failures[0]?.message ?? '';
  const element = outcome.outcome === 'failed' ? 'failure' : 'error';
  const type = outcome.outcome === 'failed' ? outcome.failures[0]?.kind ?? 'expectation' : outcome.problems.length ? 'not-sent' : 'no-response';
  return `${open}>\n      <${element} message="${xmlText(first)}" type="${type}">${body}</${element}>\n    </testcase>`;
}

/** JUnit XML: one testsuite per connector (its tests file), one testcase per case, each failure with its differences. */
export function formatJunitReport(report: TestReport): string {
  const all = countOutcomes(report.files.flatMap((f) => f.cases));
  const suites = report.files.map((file) => {
    const counts = countOutcomes(file.cases);
    const time = file.cases.reduce((n, c) => n + c.durationMs, 0);
    const properties = [`      <property name="connector" value="${xmlText(file.connectorFile)}"/>`, ...(file.environment ? [`      <property name="environment" value="${xmlText(file.environment)}"/>`] : [])];
    return [
      `  <testsuite name="${xmlText(file.connectorName)}" tests="${counts.tests}" failures="${counts.failed}" errors="${counts.errors}" skipped="0" time="${seconds(time)}" timestamp="${report.startedAt.toISOString().slice(0, 19)}" file="${xmlText(file.file)}">`,
      '    <properties>',
      ...properties,
      '    </properties>',
      ...file.cases.map((c) => junitCase(file, c)),
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="connector test" tests="${all.tests}" failures="${all.failed}" errors="${all.errors}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

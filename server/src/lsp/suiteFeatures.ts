// The language server's side of environments, expectations and the result panel's edits: diagnostics for tests
// and environments files, the Testing view's cases and runs, "Use as response structure" and "Save as expectation".
import { existsSync } from 'node:fs';
import { readJsonTextSync } from '../io/jsonText';
import { basename } from 'node:path';
import { glob } from 'tinyglobby';
import type { Connection, TextDocuments, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import {
  addCase, caseValues, ENVIRONMENTS_FILE, LineIndex, parseEnvironmentsFile, parseExact, responseSkeleton, runCase, runScenario, setResponseStructureEdits,
  type CaseOutcome, type ConnectorLanguageService, type ExactJson, type Failure, type ScenarioOutcome, type TestsDocument,
} from '../core';
import { requestInputs, type RequestInputs } from '../sending/requestInputs';
import { connectorPathOf, loadSuite, testsFileFindings, testsPathOf, type SuiteReading } from '../io/testsFiles';
import {
  LIST_ENVIRONMENTS, LIST_TEST_CASES, RUN_TEST_CASES, SAVE_AS_EXPECTATION, USE_AS_RESPONSE_STRUCTURE,
  type EnvironmentSummary, type ListTestCasesParams, type ListTestCasesResult, type RunTestCasesParams, type RunTestCasesResult,
  type SaveAsExpectationParams, type SaveAsExpectationResult, type TestCaseRun, type TestStepRun, type UseAsResponseStructureParams, type UseAsResponseStructureResult,
} from '../protocol';
import { isConnectorUri, kindOfUri } from './analysis';
import { workspacePaths, type FeatureDeps, type FeatureGroupFactory } from './context';
import { lspEdit, rangeOf, toDiagnostic } from './convert';
import { secretsForClient } from './secretRequest';
import { editorPlace } from './sendingPlace';
import { sentView } from './sentView';
import { serverTokens } from './tokens';

/** Tests files are `NAME.tests.json`. */
export function isTestsUri(uri: string): boolean {
  return kindOfUri(uri) === 'tests';
}

/** The environments file. */
export function isEnvironmentsUri(uri: string): boolean {
  return kindOfUri(uri) === 'environments';
}

/** A file's text: the open document (unsaved edits included), else the disk. */
function textAt(documents: TextDocuments<TextDocument>, path: string): string | undefined {
  const open = documents.get(URI.file(path).toString())?.getText();
  if (open !== undefined) return open;
  try {
    return existsSync(path) ? readJsonTextSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** An open tests file with the connector beside it (open document or disk), for completion and hover. */
export function testsDocumentOf(service: ConnectorLanguageService, documents: TextDocuments<TextDocument>, testsUri: string): TestsDocument | undefined {
  const text = documents.get(testsUri)?.getText();
  if (text === undefined) return undefined;
  const connectorText = textAt(documents, connectorPathOf(URI.parse(testsUri).fsPath));
  return service.readTests(text, connectorText === undefined ? undefined : service.read(connectorText));
}

/** Publishes diagnostics for open tests and environments files, again when their connector changes. */
function validateSuiteDocuments(service: ConnectorLanguageService, connection: Connection, documents: TextDocuments<TextDocument>, reading: (testsPath: string) => SuiteReading, deps: FeatureDeps): void {
  const timers = new Map<string, NodeJS.Timeout>();
  const validate = (uri: string): void => {
    const document = documents.get(uri);
    if (!document) return;
    // The project file's `ignore` applies to tests and environments files as to connectors (as `connector lint` does).
    if (deps.ignored(uri)) {
      void connection.sendDiagnostics({ uri, version: document.version, diagnostics: [] });
      return;
    }
    const text = document.getText();
    const lines = new LineIndex(text);
    if (isEnvironmentsUri(uri)) {
      void connection.sendDiagnostics({ uri, version: document.version, diagnostics: parseEnvironmentsFile(text).findings.map((f) => toDiagnostic(lines, f, uri)) });
      return;
    }
    const path = URI.parse(uri).fsPath;
    const findings = testsFileFindings(service, path, reading(path));
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics: findings.map((f) => toDiagnostic(lines, f, uri)) });
  };
  const schedule = (uri: string, now: boolean): void => {
    if (!isTestsUri(uri) && !isEnvironmentsUri(uri)) {
      // A connector changed: its open tests file is judged against the new version.
      const tests = isConnectorUri(uri) ? URI.file(testsPathOf(URI.parse(uri).fsPath)).toString() : undefined;
      if (tests && documents.get(tests)) schedule(tests, false);
      return;
    }
    clearTimeout(timers.get(uri));
    const run = (): void => {
      timers.delete(uri);
      try {
        validate(uri);
      } catch (error) {
        connection.console.error(`Checking ${uri} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    if (now) run();
    else timers.set(uri, setTimeout(run, 150));
  };
  documents.onDidOpen(({ document }) => schedule(document.uri, true));
  documents.onDidChangeContent(({ document }) => schedule(document.uri, false));
  deps.onRecheckAll(() => {
    for (const document of documents.all()) if (isTestsUri(document.uri) || isEnvironmentsUri(document.uri)) schedule(document.uri, true);
  });
  documents.onDidClose(({ document }) => {
    if (!isTestsUri(document.uri) && !isEnvironmentsUri(document.uri)) return;
    clearTimeout(timers.get(document.uri));
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });
}

/** A scenario's run for the Testing view: the scenario as its deciding step ended, and every step. */
function scenarioRun(outcome: ScenarioOutcome & { problem?: string }, lines: LineIndex): TestCaseRun {
  const failuresOf = (failures: Failure[]): TestStepRun['failures'] => failures.map(({ at, ...f }) => ({ ...f, ...(at ? { range: rangeOf(lines, at) } : {}) }));
  const steps: TestStepRun[] = outcome.steps.map((s) => ({
    name: s.step.label,
    operationId: s.step.operationId,
    outcome: s.outcome,
    durationMs: s.durationMs,
    failures: failuresOf(s.failures),
    problems: s.problems.map((p) => p.message),
    ...(s.skippedBecause ? { skipped: s.skippedBecause } : {}),
  }));
  const deciding = outcome.steps.find((s) => s.outcome === 'failed' || s.outcome === 'error');
  return {
    index: outcome.scenario.index,
    name: outcome.scenario.name,
    outcome: outcome.outcome,
    durationMs: outcome.durationMs,
    failures: deciding ? failuresOf(deciding.failures).map((f) => ({ ...f, message: `${deciding.step.label}: ${f.message}` })) : [],
    problems: [...(outcome.problem ? [outcome.problem] : []), ...(deciding?.problems.map((p) => `${deciding.step.label}: ${p.message}`) ?? [])],
    steps,
  };
}

/** Environments, the Testing view's requests and the result panel's edits. */
export const suiteFeatures: FeatureGroupFactory = (deps) => ({
  capabilities: {},
  register({ connection, documents, client, service }) {
    const roots = (): string[] => workspacePaths(deps);
    // The connector is checked as the editor checks it when open: its levels, body files and $metadata.
    const reading = (testsPath: string): SuiteReading => ({ readText: (p) => textAt(documents, p), check: deps.connectorCheck(URI.file(connectorPathOf(testsPath)).toString()) });
    validateSuiteDocuments(service, connection, documents, reading, deps);

    connection.onRequest(LIST_ENVIRONMENTS, async (): Promise<EnvironmentSummary[]> => {
      const out: EnvironmentSummary[] = [];
      for (const root of roots()) {
        const files = await glob(`**/${ENVIRONMENTS_FILE}`, { cwd: root, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'] });
        for (const file of files.sort()) {
          const text = textAt(documents, file);
          if (text === undefined) continue;
          for (const environment of parseEnvironmentsFile(text).environments) {
            if (!out.some((e) => e.name === environment.name)) out.push({ name: environment.name, uri: URI.file(file).toString(), ...(environment.description ? { description: environment.description } : {}) });
          }
        }
      }
      return out;
    });

    connection.onRequest(LIST_TEST_CASES, (params: ListTestCasesParams): ListTestCasesResult => {
      const path = URI.parse(params.uri).fsPath;
      const loaded = loadSuite(service, path, reading(path));
      if (!loaded.ok) return { cases: [], problems: [`${basename(path)} ${loaded.message}`] };
      const lines = new LineIndex(loaded.suite.file.text);
      const errors = [...loaded.suite.findings, ...loaded.suite.lint.findings.map((f) => ({ ...f, message: `${basename(loaded.suite.connectorPath)}: ${f.message}` }))].filter((f) => f.severity === 'error');
      return {
        cases: [
          ...loaded.suite.file.cases.map((c) => ({ index: c.index, name: c.name, operationId: c.operationId, range: rangeOf(lines, c.span) })),
          ...loaded.suite.file.scenarios.map((c) => ({ index: c.index, name: c.name, operationId: '', range: rangeOf(lines, c.span), steps: c.steps.map((s) => ({ name: s.label, operationId: s.operationId, range: rangeOf(lines, s.span) })) })),
        ].sort((a, b) => a.index - b.index),
        problems: errors.map((f) => f.message),
      };
    });

    connection.onRequest(RUN_TEST_CASES, async (params: RunTestCasesParams, token): Promise<RunTestCasesResult> => {
      const path = URI.parse(params.uri).fsPath;
      const loaded = loadSuite(service, path, reading(path));
      if (!loaded.ok) return { ok: false, problems: [`${basename(path)} ${loaded.message}`] };
      const { suite } = loaded;
      const lines = new LineIndex(suite.file.text);
      const connectorLines = new LineIndex(suite.connectorText);
      const blockers = [
        ...suite.findings.filter((f) => f.severity === 'error').map((f) => `${basename(path)}:${lines.positionAt(f.offset).line + 1}: ${f.message}`),
        ...suite.lint.findings.filter((f) => f.severity === 'error').map((f) => `${basename(suite.connectorPath)}:${connectorLines.positionAt(f.offset).line + 1}: ${f.message}`),
      ];
      const connector = suite.lint.connector;
      if (!connector || connector.kind === undefined) blockers.push(`${basename(suite.connectorPath)} is not a connector.`);
      const controller = new AbortController();
      const assembled = await requestInputs(editorPlace(deps, documents), {
        connectorPath: suite.connectorPath,
        ...(params.environment !== undefined ? { environment: params.environment } : {}),
        secrets: secretsForClient(connection, URI.file(suite.connectorPath).toString(), client().connectorToolsExtension),
        tokens: serverTokens,
        timeoutMs: params.timeoutMs ?? deps.settings().requestTimeoutMs,
        signal: controller.signal,
      });
      let inputs: RequestInputs | undefined;
      if (assembled.ok) inputs = assembled.inputs;
      else if (assembled.problem === 'environment' || assembled.problem === 'network') blockers.push(assembled.message);
      if (blockers.length || !connector || !inputs) return { ok: false, problems: blockers };
      const subscription = token.onCancellationRequested(() => controller.abort());
      const runs: TestCaseRun[] = [];
      try {
        for (const testCase of suite.file.cases) {
          if (params.indexes && !params.indexes.includes(testCase.index)) continue;
          if (token.isCancellationRequested) break;
          const outcome: CaseOutcome = await runCase({ connector, findings: suite.lint.findings, file: suite.file, testCase, ...inputs.prepare, send: inputs.send }).catch((error: unknown): CaseOutcome => ({ testCase, outcome: 'error', failures: [], problems: [{ code: 'secret-channel', message: error instanceof Error ? error.message : String(error) }], durationMs: 0 }));
          runs.push({
            index: testCase.index,
            name: testCase.name,
            outcome: outcome.outcome,
            durationMs: outcome.durationMs,
            failures: outcome.failures.map(({ at, ...f }) => ({ ...f, ...(at ? { range: rangeOf(lines, at) } : {}) })),
            problems: outcome.problems.map((p) => p.message),
            ...(outcome.sent ? { sent: sentView(outcome.sent.request, caseValues(suite.file, testCase), outcome.sent, inputs.send.network) } : {}),
          });
        }
        for (const scenario of suite.file.scenarios) {
          if (params.indexes && !params.indexes.includes(scenario.index)) continue;
          if (token.isCancellationRequested) break;
          const outcome = await runScenario({ connector, findings: suite.lint.findings, file: suite.file, scenario, ...inputs.prepare, send: inputs.send })
            .catch((error: unknown): ScenarioOutcome & { problem: string } => ({ scenario, outcome: 'error', steps: [], durationMs: 0, problem: error instanceof Error ? error.message : String(error) }));
          runs.push(scenarioRun(outcome, lines));
        }
        runs.sort((a, b) => a.index - b.index);
      } finally {
        subscription.dispose();
      }
      return { ok: true, runs };
    });

    connection.onRequest(USE_AS_RESPONSE_STRUCTURE, async (params: UseAsResponseStructureParams): Promise<UseAsResponseStructureResult> => {
      const path = URI.parse(params.uri).fsPath;
      const text = textAt(documents, path);
      if (text === undefined) return { ok: false, message: `${basename(path)} cannot be read.` };
      const answer = parseExact(params.rawText);
      if (!answer.ok) return { ok: false, message: answer.tooDeep ? `The answer has ${answer.tooDeep}; no response structure is nested this deep.` : 'The answer is not JSON, so it has no structure to use.' };
      const edits = setResponseStructureEdits(text, service.read(text).connector, params.operationId, responseSkeleton(answer.value));
      if (!edits.ok) return { ok: false, message: edits.message };
      const lines = new LineIndex(text);
      const edit: WorkspaceEdit = { changes: { [params.uri]: edits.edits.map((e) => lspEdit(lines, e)) } };
      return { ok: true, edit, range: rangeOf(lines, edits.edits[0] ?? { offset: 0, length: 0 }) };
    });

    connection.onRequest(SAVE_AS_EXPECTATION, async (params: SaveAsExpectationParams): Promise<SaveAsExpectationResult> => {
      const testsPath = testsPathOf(URI.parse(params.uri).fsPath);
      const testsUri = URI.file(testsPath).toString();
      const values = parseExact(params.valuesJson);
      if (!values.ok || values.value === null || typeof values.value !== 'object' || Array.isArray(values.value)) return { ok: false, message: 'The values of this result cannot be read.' };
      const data = params.dataJson !== undefined ? parseExact(params.dataJson) : undefined;
      if (data && !data.ok) return { ok: false, message: 'The data of this result cannot be read.' };
      const text = textAt(documents, testsPath);
      const added = addCase(text, { operationId: params.operationId, values: values.value as Record<string, ExactJson>, status: params.status, ...(data?.ok ? { data: data.value } : {}) });
      if ('problem' in added) return { ok: false, message: `${basename(testsPath)}: ${added.problem}` };
      if (added.newText !== undefined) return { ok: true, testsUri, name: added.name, newText: added.newText };
      const lines = new LineIndex(text ?? '');
      return { ok: true, testsUri, name: added.name, edit: { changes: { [testsUri]: (added.edits ?? []).map((e) => lspEdit(lines, e)) } } };
    });
  },
});

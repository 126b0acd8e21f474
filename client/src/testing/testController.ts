// The cases of NAME.tests.json in VS Code's Testing view: one item per tests file, one per case (a scenario has one
// child per step). Runs go through the
// language server (the one preparation and sending the command line uses); a failure shows at its expectation,
// as a diff, and any case's answer opens in the result panel on demand.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  LIST_TEST_CASES, RUN_TEST_CASES, type ListTestCasesResult, type RunTestCasesResult, type SentView, type TestCaseRun,
} from '../../../server/src/protocol';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import { resultViewOf } from '../resultPanel/resultView';
import type { ResultPanels } from '../resultPanel/panels';

export const OPEN_TEST_RESULT_COMMAND = 'connectorTools.openTestResult';
const TESTS_GLOB = '**/*.tests.json';

function connectorUriOf(testsUri: vscode.Uri): vscode.Uri {
  return testsUri.with({ path: testsUri.path.replace(/\.tests\.json$/i, '.connector.json') });
}

function fileName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** Registers the test controller, its run profile, discovery and the "open result" command. */
export function registerTestController(context: vscode.ExtensionContext, client: LanguageClient, environment: ActiveEnvironment, panels: ResultPanels): vscode.TestController {
  const controller = vscode.tests.createTestController('connectorTools.tests', 'Connector tests');
  context.subscriptions.push(controller);
  /** The last answer of each case, by item id: what "Open result" shows. */
  const lastSent = new Map<string, { operationId: string; sent: SentView; connector: vscode.Uri; environment?: string }>();

  function fileItem(uri: vscode.Uri): vscode.TestItem {
    const existing = controller.items.get(uri.toString());
    if (existing) return existing;
    const item = controller.createTestItem(uri.toString(), fileName(uri).replace(/\.tests\.json$/i, ''), uri);
    item.canResolveChildren = true;
    item.description = vscode.workspace.asRelativePath(uri);
    controller.items.add(item);
    return item;
  }

  /** Reads a tests file's cases through the server (the open document's text when it is open). */
  async function resolveCases(item: vscode.TestItem): Promise<void> {
    if (!item.uri) return;
    const listed = await client.sendRequest<ListTestCasesResult>(LIST_TEST_CASES, { uri: item.uri.toString() }).catch((error: unknown): ListTestCasesResult => ({ cases: [], problems: [String(error)] }));
    item.error = listed.problems.length ? new vscode.MarkdownString(listed.problems.map((p) => `- ${p.replace(/[\\`*_[\]<>]/g, '\\$&')}`).join('\n')) : undefined;
    item.children.replace(listed.cases.map((c) => {
      const child = controller.createTestItem(`${item.id}#${c.index}`, c.name, item.uri);
      child.description = c.steps ? `${c.steps.length} step${c.steps.length === 1 ? '' : 's'}` : c.operationId;
      child.range = client.protocol2CodeConverter.asRange(c.range);
      // A scenario shows its steps; they run with their scenario (a step alone has nothing captured).
      child.children.replace((c.steps ?? []).map((step, j) => {
        const stepItem = controller.createTestItem(`${child.id}/${j}`, step.name, item.uri);
        stepItem.description = step.operationId;
        stepItem.range = client.protocol2CodeConverter.asRange(step.range);
        return stepItem;
      }));
      return child;
    }));
  }

  controller.resolveHandler = async (item) => {
    if (item) return resolveCases(item);
    for (const uri of await vscode.workspace.findFiles(TESTS_GLOB, '**/node_modules/**')) fileItem(uri);
  };
  controller.refreshHandler = async () => {
    controller.items.replace([]);
    for (const uri of await vscode.workspace.findFiles(TESTS_GLOB, '**/node_modules/**')) await resolveCases(fileItem(uri));
  };

  const watcher = vscode.workspace.createFileSystemWatcher(TESTS_GLOB);
  const refresh = (uri: vscode.Uri): void => void resolveCases(fileItem(uri));
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(refresh),
    watcher.onDidChange(refresh),
    watcher.onDidDelete((uri) => controller.items.delete(uri.toString())),
    // Typing in a tests file moves its cases: read them again (the server debounces nothing here; the edit is small).
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (/\.tests\.json$/i.test(event.document.uri.path) && event.contentChanges.length) refresh(event.document.uri);
    }),
  );

  function failureMessage(item: vscode.TestItem, failure: TestCaseRun['failures'][number]): vscode.TestMessage {
    const message = failure.expected !== undefined && failure.actual !== undefined ? vscode.TestMessage.diff(failure.message, failure.expected, failure.actual) : new vscode.TestMessage(failure.message);
    if (item.uri && failure.range) message.location = new vscode.Location(item.uri, client.protocol2CodeConverter.asRange(failure.range));
    else if (item.uri && item.range) message.location = new vscode.Location(item.uri, item.range);
    message.contextValue = 'connectorTestResult';
    return message;
  }

  /** A scenario's steps as they ended, each failure at its place in the tests file. */
  function reportSteps(run: vscode.TestRun, scenario: vscode.TestItem, steps: NonNullable<TestCaseRun['steps']>): void {
    scenario.children.forEach((stepItem) => {
      const step = steps[Number(stepItem.id.slice(stepItem.id.lastIndexOf('/') + 1))];
      if (!step || step.outcome === 'skipped') return run.skipped(stepItem);
      if (step.outcome === 'passed') return run.passed(stepItem, step.durationMs);
      if (step.outcome === 'failed') return run.failed(stepItem, step.failures.map((f) => failureMessage(stepItem, f)), step.durationMs);
      const message = new vscode.TestMessage(step.problems.length ? `Not sent: ${step.problems.join(' ')}` : step.failures.map((f) => f.message).join('\n'));
      if (stepItem.uri && stepItem.range) message.location = new vscode.Location(stepItem.uri, stepItem.range);
      run.errored(stepItem, message, step.durationMs);
    });
  }

  async function runFile(run: vscode.TestRun, file: vscode.TestItem, cases: vscode.TestItem[], token: vscode.CancellationToken): Promise<void> {
    if (!file.uri) return;
    for (const item of cases) {
      run.started(item);
      item.children.forEach((step) => run.started(step));
    }
    const active = environment.current();
    const timeoutMs = vscode.workspace.getConfiguration('connectorTools').get<number>('request.timeoutMs', 30_000);
    const indexes = cases.map((c) => Number(c.id.slice(c.id.lastIndexOf('#') + 1)));
    const answer = await client.sendRequest<RunTestCasesResult>(RUN_TEST_CASES, { uri: file.uri.toString(), indexes, timeoutMs, ...(active !== undefined ? { environment: active } : {}) }, token)
      .catch((error: unknown): RunTestCasesResult => ({ ok: false, problems: [error instanceof Error ? error.message : String(error)] }));
    if (!answer.ok) {
      const message = new vscode.TestMessage(`Not run: ${answer.problems.join(' ')}`);
      for (const item of cases) run.errored(item, message);
      return;
    }
    for (const item of cases) {
      const index = Number(item.id.slice(item.id.lastIndexOf('#') + 1));
      const result = answer.runs.find((r) => r.index === index);
      if (!result) {
        run.skipped(item);
        continue;
      }
      if (result.steps) reportSteps(run, item, result.steps);
      const operationId = String(item.description ?? '');
      if (result.sent) lastSent.set(item.id, { operationId, sent: result.sent, connector: connectorUriOf(file.uri), ...(active !== undefined ? { environment: active } : {}) });
      if (result.outcome === 'passed') run.passed(item, result.durationMs);
      else if (result.outcome === 'failed') run.failed(item, result.failures.map((f) => failureMessage(item, f)), result.durationMs);
      else {
        const message = new vscode.TestMessage(result.problems.length ? `Not sent: ${result.problems.join(' ')}` : result.failures.map((f) => f.message).join('\n'));
        if (item.uri && item.range) message.location = new vscode.Location(item.uri, item.range);
        message.contextValue = 'connectorTestResult';
        run.errored(item, message, result.durationMs);
      }
    }
  }

  controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, async (request, token) => {
    const run = controller.createTestRun(request);
    try {
      const roots: vscode.TestItem[] = request.include ? [...request.include] : [];
      if (!request.include) {
        await controller.resolveHandler?.(undefined);
        controller.items.forEach((item) => void roots.push(item));
      }
      // Cases grouped by file, in file order: a whole file, or the cases picked in it.
      const byFile = new Map<vscode.TestItem, vscode.TestItem[]>();
      for (const picked of roots) {
        // A step runs with its scenario.
        const item = /#\d+\/\d+$/.test(picked.id) && picked.parent ? picked.parent : picked;
        const isFile = !item.id.includes('#');
        const file = isFile ? item : item.parent;
        if (!file) continue;
        if (isFile) {
          await resolveCases(item);
          const cases: vscode.TestItem[] = [];
          item.children.forEach((c) => void cases.push(c));
          byFile.set(item, cases);
        } else {
          if (!byFile.get(file)?.includes(item)) byFile.set(file, [...(byFile.get(file) ?? []), item]);
        }
      }
      for (const [file, cases] of byFile) {
        const excluded = new Set((request.exclude ?? []).map((e) => e.id));
        const chosen = cases.filter((c) => !excluded.has(c.id)).sort((a, b) => Number(a.id.split('#')[1]) - Number(b.id.split('#')[1]));
        for (const item of chosen) run.enqueued(item);
        if (token.isCancellationRequested) break;
        if (chosen.length) await runFile(run, file, chosen, token);
      }
    } finally {
      run.end();
    }
  }, true);

  context.subscriptions.push(vscode.commands.registerCommand(OPEN_TEST_RESULT_COMMAND, (argument: unknown) => {
    const item = (argument as { test?: vscode.TestItem } | undefined)?.test ?? (argument as vscode.TestItem | undefined);
    const id = typeof item?.id === 'string' ? item.id : undefined;
    const last = id ? lastSent.get(id) : undefined;
    if (!last || !id) {
      void vscode.window.showInformationMessage('Run this case first: its answer then opens in the result panel.');
      return;
    }
    const view = resultViewOf(last.operationId, last.sent, { ...(last.environment !== undefined ? { environment: last.environment } : {}), source: `case: ${item?.label ?? ''}` });
    panels.show(`${last.connector.toString()}#${last.operationId}`, view, { uri: last.connector, operationId: last.operationId });
  }));
  return controller;
}

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  DESCRIBE_OPERATION, GET_SECRET, LIST_OPERATIONS, PREVIEW_REQUEST, SEND_REQUEST,
  type DescribeOperationResult, type GetSecretParams, type GetSecretResult, type ListOperationsResult,
  type PreviewRequestResult, type SendRequestResult, type ValuesChoice,
} from '../../../server/src/protocol';
import { resultJsonText, resultOfPortable } from '../../../server/src/core/http/portableResult';
import type { ConnectorResult } from '../../../server/src/core/http/types';
import { stringifyExact } from '../../../server/src/core/values/exactJson';
import { sealSecret } from '../../../server/src/secretSeal';
import {
  SAVE_AS_EXPECTATION, USE_AS_RESPONSE_STRUCTURE, type SaveAsExpectationResult, type UseAsResponseStructureResult,
} from '../../../server/src/suiteProtocol';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import { ResultPanels, type PanelTarget } from '../resultPanel/panels';
import { resultViewOf } from '../resultPanel/resultView';
import type { ResultView } from '../webview/protocol';
import { previewText, SendHistory } from './history';
import { promptForValues } from './prompts';
import { ConnectorSecrets } from './secrets';

/** Which operation of which file a command acts on. */
interface Target {
  uri: vscode.Uri;
  operationId: string;
}

const UNTRUSTED_MESSAGE = 'Sending requests is disabled in an untrusted workspace: a connector file could send your secrets anywhere. Trust the workspace (Manage Workspace Trust) to send; checking files still works.';

function isConnectorDocument(document: vscode.TextDocument | undefined): document is vscode.TextDocument {
  return document !== undefined && document.uri.path.endsWith('.connector.json');
}

/** Shows a result in the operation's panel (the Testing view opens results there too). */
export type ShowResult = (key: string, view: ResultView, target?: PanelTarget) => void;

/** Registers Send Request, Send with Last Values, Preview, Copy as cURL, secrets and history; returns how to show a result. */
export function registerSendCommands(context: vscode.ExtensionContext, client: LanguageClient, log: vscode.LogOutputChannel, environment: ActiveEnvironment): ShowResult {
  const secrets = new ConnectorSecrets(context.secrets);
  const history = new SendHistory(context.workspaceState);

  // The value goes back sealed to the server's one-time key: tracing the connection never shows it.
  client.onRequest(GET_SECRET, async (params: GetSecretParams): Promise<GetSecretResult> => {
    const value = await secrets.get(params.name, params.origin, vscode.Uri.parse(params.uri), typeof params.tokenFor === 'string' ? params.tokenFor : undefined);
    return value === undefined ? null : sealSecret(value, params.publicKey, params.name);
  });

  async function pickTarget(argument: unknown): Promise<Target | undefined> {
    if (typeof argument === 'object' && argument !== null && 'operationId' in argument && 'uri' in argument) {
      const { uri, operationId } = argument as { uri: string; operationId: string };
      return { uri: vscode.Uri.parse(uri), operationId };
    }
    const editor = vscode.window.activeTextEditor;
    if (!isConnectorDocument(editor?.document)) {
      void vscode.window.showWarningMessage('Open a *.connector.json file to send one of its operations.');
      return undefined;
    }
    const uri = editor.document.uri;
    const operations = await client.sendRequest<ListOperationsResult>(LIST_OPERATIONS, { uri: uri.toString() });
    if (operations.length === 0) {
      void vscode.window.showWarningMessage('This connector file has no operations with an id yet.');
      return undefined;
    }
    const offset = editor.document.offsetAt(editor.selection.active);
    const underCursor = operations.find((o) => offset >= o.offset && offset <= o.offset + o.length);
    if (underCursor) return { uri, operationId: underCursor.id };
    const only = operations.length === 1 ? operations[0] : undefined;
    if (only) return { uri, operationId: only.id };
    const picked = await vscode.window.showQuickPick(
      operations.map((o) => ({ label: o.id, description: o.label, detail: o.summary, id: o.id })),
      { title: 'Which operation?', matchOnDescription: true },
    );
    return picked ? { uri, operationId: picked.id } : undefined;
  }

  /** The values file's entry when it has one for the operation, else what the user types (last texts offered again). */
  async function valuesFor(target: Target, reuseLast: boolean): Promise<ValuesChoice | undefined> {
    const described = await client.sendRequest<DescribeOperationResult>(DESCRIBE_OPERATION, { uri: target.uri.toString(), operationId: target.operationId });
    if (described.blockers.length > 0) {
      void vscode.window.showErrorMessage(`Fix the connector file before sending: ${described.blockers.slice(0, 3).join('; ')}${described.blockers.length > 3 ? ' …' : ''}`);
      return undefined;
    }
    if (described.valuesFile) {
      for (const warning of described.valuesFile.warnings) log.warn(`values file (another entry): ${warning}`);
      if (described.valuesFile.problems.length > 0) {
        void vscode.window.showErrorMessage(`The values file's entry for ${target.operationId} has problems: ${described.valuesFile.problems.join('; ')}`);
        return undefined;
      }
      return { valuesFile: true };
    }
    const key = `${target.uri.toString()}#${target.operationId}`;
    const last = history.lastTexts(key, described.inputs);
    const folder = vscode.Uri.joinPath(target.uri, '..');
    if (reuseLast && last) {
      // Values that may be credentials were not kept: they are asked for again, the rest is sent as it was.
      const asked = await promptForValues(history.notKept(described.inputs), {}, folder);
      return asked ? { entered: { ...last, ...asked } } : undefined;
    }
    const entered = await promptForValues(described.inputs, last ?? {}, folder);
    if (entered) await history.setLastTexts(key, entered, described.inputs);
    return entered ? { entered } : undefined;
  }

  async function send(argument: unknown, reuseLast: boolean): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(UNTRUSTED_MESSAGE);
      return;
    }
    const target = await pickTarget(argument);
    if (!target) return;
    const values = await valuesFor(target, reuseLast);
    if (!values) return;
    const timeoutMs = vscode.workspace.getConfiguration('connectorTools').get<number>('request.timeoutMs', 30_000);
    const active = environment.current();
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Sending ${target.operationId}${active ? ` (${active})` : ''}…`, cancellable: true },
      (_progress, token) => client.sendRequest<SendRequestResult>(SEND_REQUEST, { uri: target.uri.toString(), operationId: target.operationId, values, timeoutMs, ...(active !== undefined ? { environment: active } : {}) }, token),
    );
    if (!outcome.ok) {
      log.warn(`${target.operationId}: not sent: ${outcome.problems.join('; ')}`);
      void vscode.window.showErrorMessage(`${target.operationId} was not sent: ${outcome.problems.join(' ')}`);
      return;
    }
    log.info(`${outcome.preview.method} ${outcome.preview.url} → ${outcome.result.status || 'no response'} in ${outcome.result.timing.totalMs.toFixed(0)} ms${outcome.result.errors.length ? ` (${outcome.result.errors.join('; ')})` : ''}`);
    const view: ResultView = resultViewOf(target.operationId, outcome, active !== undefined ? { environment: active } : {});
    const key = `${target.uri.toString()}#${target.operationId}`;
    await history.add({ key, fileUri: target.uri.toString(), view });
    panels.show(key, view, target);
  }

  async function preview(argument: unknown, asCurl: boolean): Promise<void> {
    const target = await pickTarget(argument);
    if (!target) return;
    const values = await valuesFor(target, false);
    if (!values) return;
    const active = environment.current();
    const result = await client.sendRequest<PreviewRequestResult>(PREVIEW_REQUEST, { uri: target.uri.toString(), operationId: target.operationId, values, ...(active !== undefined ? { environment: active } : {}) });
    if (asCurl) {
      if (!result.ok) {
        void vscode.window.showErrorMessage(`Cannot build ${target.operationId}: ${result.problems.join(' ')}`);
        return;
      }
      await vscode.env.clipboard.writeText(result.preview.curl);
      void vscode.window.showInformationMessage(`Copied ${target.operationId} as cURL (secrets as $CONNECTOR_SECRET_… variables).`);
      return;
    }
    const document = await vscode.workspace.openTextDocument({ content: previewText(result), language: 'http' });
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  }

  const panels = new ResultPanels(context.extensionUri, async (action, view, target) => {
    // Read from its exact text when needed: copied, opened and saved with the service's digits.
    const result = (): ConnectorResult => resultOfPortable(view.result);
    if (action === 'copyData') await vscode.env.clipboard.writeText(stringifyExact(result().data ?? null, 2));
    else if (action === 'copyRaw') await vscode.env.clipboard.writeText(view.rawText);
    else if (action === 'openInEditor') {
      const { data } = result();
      const isJson = data !== undefined && typeof data !== 'string';
      const document = await vscode.workspace.openTextDocument({ content: isJson ? stringifyExact(data, 2) : view.rawText, language: isJson ? 'json' : 'plaintext' });
      await vscode.window.showTextDocument(document);
    } else if (action === 'save') {
      const file = await vscode.window.showSaveDialog({ filters: { JSON: ['json'], 'All files': ['*'] }, saveLabel: 'Save result' });
      if (file) await vscode.workspace.fs.writeFile(file, Buffer.from(resultJsonText(result())));
    } else if (action === 'sendAgain' && target) {
      await send({ uri: target.uri.toString(), operationId: target.operationId }, true);
    } else if (action === 'useAsStructure' && target) {
      await useAsStructure(view, target);
    } else if (action === 'saveAsExpectation' && target) {
      await saveAsExpectation(view, target);
    }
  });

  /** Writes the answer's skeleton as the Custom request's responseStructure, and shows where. */
  async function useAsStructure(view: ResultView, target: PanelTarget): Promise<void> {
    const answer = await client.sendRequest<UseAsResponseStructureResult>(USE_AS_RESPONSE_STRUCTURE, { uri: target.uri.toString(), operationId: target.operationId, rawText: view.rawText });
    if (!answer.ok) {
      void vscode.window.showErrorMessage(`Cannot use the answer as the response structure: ${answer.message}`);
      return;
    }
    if (!(await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(answer.edit)))) return;
    const editor = await vscode.window.showTextDocument(target.uri, { viewColumn: vscode.ViewColumn.One });
    const range = client.protocol2CodeConverter.asRange(answer.range);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    editor.selection = new vscode.Selection(range.start, range.start);
    void vscode.window.showInformationMessage(`The response structure of ${target.operationId} now lists the answer's properties; remove what the workflow does not need, then save.`);
  }

  /** Adds the answer as a case of NAME.tests.json (a new file when there is none), and opens it there. */
  async function saveAsExpectation(view: ResultView, target: PanelTarget): Promise<void> {
    if (view.valuesJson === undefined) return;
    const { data } = resultOfPortable(view.result);
    const answer = await client.sendRequest<SaveAsExpectationResult>(SAVE_AS_EXPECTATION, {
      uri: target.uri.toString(), operationId: target.operationId, valuesJson: view.valuesJson, status: view.result.status,
      ...(data !== undefined ? { dataJson: stringifyExact(data) } : {}),
    });
    if (!answer.ok) {
      void vscode.window.showErrorMessage(`Cannot save the expectation: ${answer.message}`);
      return;
    }
    const testsUri = vscode.Uri.parse(answer.testsUri);
    if (answer.newText !== undefined) await vscode.workspace.fs.writeFile(testsUri, Buffer.from(answer.newText));
    else if (answer.edit && !(await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(answer.edit)))) return;
    const document = await vscode.workspace.openTextDocument(testsUri);
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    const at = document.getText().lastIndexOf(JSON.stringify(answer.name));
    if (at >= 0) editor.revealRange(new vscode.Range(document.positionAt(at), document.positionAt(at)), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    void vscode.window.showInformationMessage(`Saved as the case '${answer.name}' in ${vscode.workspace.asRelativePath(testsUri)}${answer.newText === undefined ? ' (unsaved)' : ''}.`);
  }
  context.subscriptions.push(panels);

  const secretName = async (): Promise<string | undefined> =>
    vscode.window.showInputBox({ title: 'Secret name', prompt: "The name a connector gives in 'authorization.secret'.", ignoreFocusOut: true });

  context.subscriptions.push(
    vscode.commands.registerCommand('connectorTools.sendRequest', (argument: unknown) => send(argument, false)),
    vscode.commands.registerCommand('connectorTools.sendRequestWithLastValues', (argument: unknown) => send(argument, true)),
    vscode.commands.registerCommand('connectorTools.previewRequest', (argument: unknown) => preview(argument, false)),
    vscode.commands.registerCommand('connectorTools.copyAsCurl', (argument: unknown) => preview(argument, true)),
    vscode.commands.registerCommand('connectorTools.setSecret', async () => {
      const name = await secretName();
      if (name) await secrets.ask(name);
    }),
    vscode.commands.registerCommand('connectorTools.clearSecret', async () => {
      const name = await secretName();
      if (name) {
        await secrets.clear(name);
        void vscode.window.showInformationMessage(`Secret '${name}' cleared.`);
      }
    }),
    vscode.commands.registerCommand('connectorTools.showHistory', async () => {
      const entries = history.entries();
      if (entries.length === 0) {
        void vscode.window.showInformationMessage('No requests sent in this workspace yet.');
        return;
      }
      const picked = await vscode.window.showQuickPick(
        entries.map((e) => ({
          label: `${e.view.operationId} — ${e.view.result.status || 'no response'}`,
          description: `${e.view.request.method} ${e.view.request.url}`,
          detail: new Date(e.view.receivedAt).toLocaleString(),
          entry: e,
        })),
        { title: 'Sent requests', matchOnDescription: true },
      );
      if (picked) panels.show(picked.entry.key, picked.entry.view, { uri: vscode.Uri.parse(picked.entry.fileUri), operationId: picked.entry.view.operationId });
    }),
  );
  return (key, view, target) => panels.show(key, view, target);
}

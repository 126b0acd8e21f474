import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DEFAULT_MAX_PAGES, type InputDescription } from '../../../server/src/core';
import {
  DESCRIBE_OPERATION, PREVIEW_REQUEST, SEND_REQUEST,
  type DescribeOperationResult, type PreviewRequestResult, type SendRequestParams, type SendRequestResult, type ValuesChoice,
} from '../../../server/src/protocol';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { PanelTarget } from '../resultPanel/actions';
import type { ResultPanels } from '../resultPanel/panels';
import { resultViewOf } from '../resultPanel/resultView';
import { previewText, type SendHistory } from './history';
import { promptForValues } from './prompts';
import { pickTarget } from './target';

const UNTRUSTED_MESSAGE = 'Sending requests is disabled in an untrusted workspace: a connector file could send your secrets anywhere. Trust the workspace (Manage Workspace Trust) to send; checking files still works.';

/** The pages a panel's Next page or All pages asks for, carried in the command's argument. */
function pagesOf(argument: unknown): Pick<SendRequestParams, 'maxPages' | 'pageUrl'> {
  if (typeof argument !== 'object' || argument === null) return {};
  const { pageUrl, allPages } = argument as { pageUrl?: unknown; allPages?: unknown };
  if (typeof pageUrl === 'string') return { pageUrl };
  return allPages === true ? { maxPages: DEFAULT_MAX_PAGES } : {};
}

/** The texts a panel's "Send with this ETag…" starts the prompts from, carried in the command's argument as [name, text] pairs. */
function defaultsOf(argument: unknown): Record<string, string> | undefined {
  if (typeof argument !== 'object' || argument === null) return undefined;
  const { defaults } = argument as { defaults?: unknown };
  if (!Array.isArray(defaults)) return undefined;
  const pairs = defaults.filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string');
  // Own properties only (as JSON.parse sets them): a value named __proto__ is a value, not the object's prototype.
  return Object.fromEntries(pairs);
}

/** Send Request and Preview Request: the operation, its values, the server's answer, and where it is shown. */
export class RequestSender {
  constructor(
    private readonly client: LanguageClient,
    private readonly log: vscode.LogOutputChannel,
    private readonly environment: ActiveEnvironment,
    private readonly history: SendHistory,
    private readonly panels: ResultPanels,
  ) {}

  /** Sends an operation and shows the result in its panel; with `reuseLast`, the values typed last time are sent again. */
  async send(argument: unknown, reuseLast: boolean): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      this.log.info(`Nothing sent: ${UNTRUSTED_MESSAGE}`);
      void vscode.window.showWarningMessage(UNTRUSTED_MESSAGE);
      return;
    }
    const target = await pickTarget(this.client, argument, this.log);
    if (!target) return;
    const chosen = await this.valuesFor(target, reuseLast, defaultsOf(argument));
    if (!chosen) return;
    const { values, inputs } = chosen;
    const timeoutMs = vscode.workspace.getConfiguration('connectorTools').get<number>('request.timeoutMs', 30_000);
    const active = this.environment.current();
    const what = `${target.operationId}${active ? ` (${active})` : ''}`;
    this.log.info(`Sending ${what}…`);
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Sending ${what}…`, cancellable: true },
      (_progress, token) => this.client.sendRequest<SendRequestResult>(SEND_REQUEST, { uri: target.uri.toString(), operationId: target.operationId, values, timeoutMs, ...(active !== undefined ? { environment: active } : {}), ...pagesOf(argument) }, token),
    );
    if (!outcome.ok) {
      this.log.warn(`${target.operationId}: not sent: ${outcome.problems.join('; ')}`);
      void vscode.window.showErrorMessage(`${target.operationId} was not sent: ${outcome.problems.join(' ')}`);
      return;
    }
    this.log.info(`${outcome.preview.method} ${outcome.preview.url} → ${outcome.result.status || 'no response'} in ${outcome.result.timing.totalMs.toFixed(0)} ms${outcome.result.errors.length ? ` (${outcome.result.errors.join('; ')})` : ''}`);
    const view = resultViewOf(target.operationId, outcome, active !== undefined ? { environment: active } : {});
    const key = `${target.uri.toString()}#${target.operationId}`;
    await this.history.add({ key, fileUri: target.uri.toString(), view }, inputs);
    this.panels.show(key, view, target);
  }

  /** Builds an operation's request without sending it: shown beside the editor, or copied as a curl command. */
  async preview(argument: unknown, asCurl: boolean): Promise<void> {
    const target = await pickTarget(this.client, argument, this.log);
    if (!target) return;
    const values = (await this.valuesFor(target, false))?.values;
    if (!values) return;
    const active = this.environment.current();
    const result = await this.client.sendRequest<PreviewRequestResult>(PREVIEW_REQUEST, { uri: target.uri.toString(), operationId: target.operationId, values, ...(active !== undefined ? { environment: active } : {}) });
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

  /**
   * The values file's entry when it has one for the operation, else what the user types (last texts offered
   * again); with the operation's inputs, which say what may hold a credential. With `defaults` (a result's ETag and
   * values) the user is asked, starting from them: the values file's entry would hold another ETag.
   */
  private async valuesFor(target: PanelTarget, reuseLast: boolean, defaults?: Record<string, string>): Promise<{ values: ValuesChoice; inputs: InputDescription[] } | undefined> {
    const described = await this.client.sendRequest<DescribeOperationResult>(DESCRIBE_OPERATION, { uri: target.uri.toString(), operationId: target.operationId });
    if (described.blockers.length > 0) {
      this.log.info(`${target.operationId}: not sent, the connector file has errors: ${described.blockers.join('; ')}`);
      void vscode.window.showErrorMessage(`Fix the connector file before sending: ${described.blockers.slice(0, 3).join('; ')}${described.blockers.length > 3 ? ' …' : ''}`);
      return undefined;
    }
    if (described.valuesFile && !defaults) {
      for (const warning of described.valuesFile.warnings) this.log.warn(`values file (another entry): ${warning}`);
      if (described.valuesFile.problems.length > 0) {
        this.log.info(`${target.operationId}: not sent, the values file's entry has problems: ${described.valuesFile.problems.join('; ')}`);
        void vscode.window.showErrorMessage(`The values file's entry for ${target.operationId} has problems: ${described.valuesFile.problems.join('; ')}`);
        return undefined;
      }
      return { values: { valuesFile: true }, inputs: described.inputs };
    }
    const key = `${target.uri.toString()}#${target.operationId}`;
    const last = this.history.lastTexts(key, described.inputs);
    const folder = vscode.Uri.joinPath(target.uri, '..');
    if (reuseLast && last) {
      // Values that may be credentials were not kept: they are asked for again, the rest is sent as it was.
      const asked = await promptForValues(this.history.notKept(described.inputs), {}, folder);
      if (!asked) this.log.info(`${target.operationId}: not sent, a value was not given.`);
      return asked ? { values: { entered: { ...last, ...asked } }, inputs: described.inputs } : undefined;
    }
    const entered = await promptForValues(described.inputs, { ...last, ...defaults }, folder);
    if (entered) await this.history.setLastTexts(key, entered, described.inputs);
    else this.log.info(`${target.operationId}: not sent, a value was not given.`);
    return entered ? { values: { entered }, inputs: described.inputs } : undefined;
  }
}

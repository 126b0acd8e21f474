import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { PageChoice, PanelTarget } from '../resultPanel/actions';
import type { ResultPanels } from '../resultPanel/panels';
import { SendHistory } from './history';
import { RequestSender } from './requestSender';
import { serveBrowserSignIn } from './browserSignIn';
import { KeptSignIns, serveSignInStorage, signOut } from './signInStorage';
import { ConnectorSecrets, serveSecrets } from './secrets';
import { showHistory } from './showHistory';

export const SEND_WITH_LAST_VALUES_COMMAND = 'connectorTools.sendRequestWithLastValues';

/** Send Request with Last Values for one operation: what a result panel's "Send again" runs. */
export async function sendAgain(target: PanelTarget, pages?: PageChoice): Promise<void> {
  await vscode.commands.executeCommand(SEND_WITH_LAST_VALUES_COMMAND, { uri: target.uri.toString(), operationId: target.operationId, ...pages });
}

/** Send Request for one operation, its prompts starting from these texts: what a result panel's "Send with this ETag…" runs. */
export async function sendWithDefaults(target: PanelTarget, texts: readonly [string, string][]): Promise<void> {
  await vscode.commands.executeCommand('connectorTools.sendRequest', { uri: target.uri.toString(), operationId: target.operationId, defaults: texts });
}

/** Registers Send Request, Send with Last Values, Preview, Copy as cURL, the secrets (and the server's requests for them) and history. */
export function registerSendCommands(context: vscode.ExtensionContext, client: LanguageClient, log: vscode.LogOutputChannel, environment: ActiveEnvironment, panels: ResultPanels): void {
  const secrets = new ConnectorSecrets(context.secrets);
  const signIns = new KeptSignIns(context.secrets);
  const history = new SendHistory(context.workspaceState);
  void history.forgetEarlierVersions();
  const sender = new RequestSender(client, log, environment, history, panels);
  context.subscriptions.push(
    serveSecrets(client, secrets),
    serveBrowserSignIn(client, log),
    serveSignInStorage(client, signIns),
    vscode.commands.registerCommand('connectorTools.sendRequest', (argument: unknown) => sender.send(argument, false)),
    vscode.commands.registerCommand(SEND_WITH_LAST_VALUES_COMMAND, (argument: unknown) => sender.send(argument, true)),
    vscode.commands.registerCommand('connectorTools.previewRequest', (argument: unknown) => sender.preview(argument, false)),
    vscode.commands.registerCommand('connectorTools.copyAsCurl', (argument: unknown) => sender.preview(argument, true)),
    vscode.commands.registerCommand('connectorTools.setSecret', () => secrets.setNamed()),
    vscode.commands.registerCommand('connectorTools.clearSecret', () => secrets.clearNamed()),
    vscode.commands.registerCommand('connectorTools.signOut', () => signOut(client, signIns)),
    vscode.commands.registerCommand('connectorTools.showHistory', () => showHistory(history, panels)),
  );
}

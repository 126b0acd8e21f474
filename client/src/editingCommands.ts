import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ADD_QUERY_PARAMETERS, CHECK_ALL, type AddQueryParametersResult, type CheckAllResult } from '../../server/src/protocol';

const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean', 'computed', 'array'];

/** Commands that change or check connector files (Check All Connector Files, Add multiple query parameters), and Get Started. */
export function registerEditingCommands(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('connectorTools.getStarted', () =>
      vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#getStarted`, false)),
    vscode.commands.registerCommand('connectorTools.checkAllFiles', async () => {
      const totals = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Checking connector files…', cancellable: false },
        () => client.sendRequest<CheckAllResult>(CHECK_ALL, {}),
      );
      const summary = `${totals.files} connector file${totals.files === 1 ? '' : 's'} checked: ${totals.errors} errors, ${totals.warnings} warnings, ${totals.infos} infos.`;
      if (totals.errors + totals.warnings > 0) {
        const choice = await vscode.window.showInformationMessage(summary, 'Show Problems');
        if (choice) await vscode.commands.executeCommand('workbench.actions.view.problems');
      } else {
        void vscode.window.showInformationMessage(summary);
      }
    }),
    vscode.commands.registerCommand('connectorTools.addQueryParameters', async (uri: string, operationOffset: number) => {
      const names = await vscode.window.showInputBox({
        title: 'Add multiple query parameters (1/3)',
        prompt: 'Names separated by commas, semicolons or new lines',
        placeHolder: 'status, limit; offset',
        ignoreFocusOut: true,
        validateInput: (v) => (v.split(/[,;\r\n]+/).some((n) => n.trim() !== '') ? undefined : 'Enter at least one name.'),
      });
      if (!names) return;
      const type = await vscode.window.showQuickPick(SCALAR_TYPES, { title: 'Add multiple query parameters (2/3): type of all of them', ignoreFocusOut: true });
      if (!type) return;
      const required = await vscode.window.showQuickPick(['optional', 'required'], { title: 'Add multiple query parameters (3/3)', ignoreFocusOut: true });
      if (!required) return;
      const result = await client.sendRequest<AddQueryParametersResult>(ADD_QUERY_PARAMETERS, { uri, operationOffset, names, type, required: required === 'required' });
      if (result.problem) {
        void vscode.window.showWarningMessage(result.problem);
        return;
      }
      const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result.edit);
      await vscode.workspace.applyEdit(edit);
      if (result.skipped.length > 0) {
        void vscode.window.showInformationMessage(`Already present, not added: ${result.skipped.join(', ')}.`);
      }
    }),
  );
}

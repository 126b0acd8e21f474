// "Fetch $metadata": the server downloads the service's $metadata with the connector's authorization (secrets from
// this extension's storage), writes it beside the connector, and returns the edit that names it.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { FETCH_METADATA, type FetchMetadataResult } from '../../server/src/protocol';

/** Registers the fetch command (also run by the quick fix on an OData connector without metadata); it answers whether the file was written. */
export function registerMetadataCommands(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('connectorTools.fetchMetadata', async (uri?: string): Promise<boolean> => {
      const target = uri ?? vscode.window.activeTextEditor?.document.uri.toString();
      if (!target || !target.endsWith('.connector.json')) {
        void vscode.window.showWarningMessage('Open an OData connector file (*.connector.json) first.');
        return false;
      }
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage('Fetching $metadata is disabled in an untrusted workspace: it sends the connector\'s secret to the service the file names. Trust the workspace (Manage Workspace Trust) first.');
        return false;
      }
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Fetching $metadata…' }, () =>
        client.sendRequest<FetchMetadataResult>(FETCH_METADATA, { uri: target }));
      if (!result.ok) {
        void vscode.window.showErrorMessage(`The $metadata was not fetched: ${result.message}`);
        return false;
      }
      if (Object.keys(result.edit.changes ?? {}).length > 0) await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(result.edit));
      void vscode.window.showInformationMessage(`Wrote ${vscode.workspace.asRelativePath(result.path)}: ${result.summary}.`);
      return true;
    }),
  );
}

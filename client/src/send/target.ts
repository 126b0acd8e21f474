import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LIST_OPERATIONS, type ListOperationsResult } from '../../../server/src/protocol';
import type { PanelTarget } from '../resultPanel/actions';

function isConnectorDocument(document: vscode.TextDocument | undefined): document is vscode.TextDocument {
  return document !== undefined && document.uri.path.endsWith('.connector.json');
}

/**
 * Which operation of which file a command acts on: the one a code lens or a panel names, else the one under the
 * cursor, the only one, or the one picked; undefined when there is none or the user cancels.
 */
export async function pickTarget(client: LanguageClient, argument: unknown, log: vscode.LogOutputChannel): Promise<PanelTarget | undefined> {
  if (typeof argument === 'object' && argument !== null && 'operationId' in argument && 'uri' in argument) {
    const { uri, operationId } = argument as { uri: string; operationId: string };
    return { uri: vscode.Uri.parse(uri), operationId };
  }
  const editor = vscode.window.activeTextEditor;
  const shown = editor?.document.uri.toString();
  if (!isConnectorDocument(editor?.document)) {
    const message = 'Open a *.connector.json file to send one of its operations.';
    // The log keeps why nothing happened after the notification is gone.
    log.info(`Nothing sent: ${shown ? `the active editor shows ${shown}` : 'no editor is active'}. ${message}`);
    void vscode.window.showWarningMessage(message);
    return undefined;
  }
  const uri = editor.document.uri;
  const operations = await client.sendRequest<ListOperationsResult>(LIST_OPERATIONS, { uri: uri.toString() });
  if (operations.length === 0) {
    const message = 'This connector file has no operations with an id yet.';
    log.info(`Nothing sent from ${uri.toString()}: ${message}`);
    void vscode.window.showWarningMessage(message);
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
  if (!picked) log.info(`Nothing sent from ${uri.toString()}: no operation was picked.`);
  return picked ? { uri, operationId: picked.id } : undefined;
}

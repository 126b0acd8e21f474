// The result panel's actions carried out in VS Code: clipboard, editors, files, and the language server's edits.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { PageChoice, PanelHost, PanelTarget } from './actions';

/**
 * What the panel's actions ask of VS Code, with the language client for the server's requests and edits; sending
 * again is the extension's Send Request with Last Values.
 */
export function editorHost(
  client: LanguageClient,
  sendAgain: (target: PanelTarget, pages?: PageChoice) => Promise<void>,
  sendWithDefaults: (target: PanelTarget, texts: readonly [string, string][]) => Promise<void>,
): PanelHost {
  return {
    copy: async (text) => vscode.env.clipboard.writeText(text),
    openText: async (content, language) => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content, language }));
    },
    saveText: async (text) => {
      const file = await vscode.window.showSaveDialog({ filters: { JSON: ['json'], 'All files': ['*'] }, saveLabel: 'Save result' });
      if (file) await vscode.workspace.fs.writeFile(file, Buffer.from(text));
    },
    sendAgain,
    sendWithDefaults,
    pick: async (items, title) => {
      const picked = await vscode.window.showQuickPick(items.map((item, index) => ({ ...item, index })), { title, ignoreFocusOut: true });
      return picked?.index;
    },
    request: (method, params) => client.sendRequest(method, params),
    applyEdit: async (edit) => vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(edit)),
    showAt: async (uri, at) => {
      const editor = await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One });
      const range = client.protocol2CodeConverter.asRange(at);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      editor.selection = new vscode.Selection(range.start, range.start);
    },
    writeFile: async (uri, text) => vscode.workspace.fs.writeFile(vscode.Uri.parse(uri), Buffer.from(text)),
    openAtText: async (uri, text) => {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
      const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
      const at = document.getText().lastIndexOf(text);
      if (at >= 0) editor.revealRange(new vscode.Range(document.positionAt(at), document.positionAt(at)), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    },
    relativePath: (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)),
    info: (message) => void vscode.window.showInformationMessage(message),
    error: (message) => void vscode.window.showErrorMessage(message),
  };
}

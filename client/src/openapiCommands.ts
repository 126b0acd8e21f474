// "Import OpenAPI or Swagger Document…": asks for the document, the operations and the connector file; the server
// does the import and returns the text, which is written through the editor (so it can be undone).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { IMPORT_OPENAPI, OPENAPI_OPERATIONS, type ImportOpenApiResult, type OpenApiOperationsResult } from '../../server/src/openapiProtocol';
import type { ImportNote } from '../../server/src/core/openapi/types';

/** The import's report as Markdown: what changed, what the platform cannot hold, what the document gets wrong. */
function reportMarkdown(document: string, out: string, result: Extract<ImportOpenApiResult, { ok: true }>): string {
  const lines = [`# Import of ${document}`, '', `${result.operations} operation${result.operations === 1 ? '' : 's'} into ${out}.`, ''];
  if (result.changes) lines.push('## Changes to the connector', '', ...(result.changes.length ? result.changes.map((c) => `- ${c}`) : ['- Nothing changed.']), '');
  if (result.notes.length) {
    lines.push('## What the platform cannot hold as the document says', '');
    const byPlace = new Map<string, ImportNote[]>();
    for (const note of result.notes) byPlace.set(note.where, [...(byPlace.get(note.where) ?? []), note]);
    for (const [where, notes] of byPlace) lines.push(`### ${where}`, '', ...notes.map((n) => `- **${n.kind === 'left-out' ? 'left out' : 'changed'}**: ${n.reason}`), '');
  }
  if (result.problems.length) lines.push('## Where the document does not follow the specification', '', ...result.problems.map((p) => `- ${p.replace(/\s*\n\s*/g, ' ')}`), '');
  if (result.findings.length) lines.push('## Checks on the connector', '', ...result.findings.map((f) => `- ${f}`), '');
  return lines.join('\n');
}

/** Registers the OpenAPI import command. */
export function registerOpenApiCommands(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('connectorTools.importOpenApi', async () => {
      const picked = await vscode.window.showOpenDialog({
        title: 'Import OpenAPI or Swagger Document (1/3): the document',
        canSelectMany: false,
        filters: { 'OpenAPI and Swagger documents': ['json', 'yaml', 'yml'], 'All files': ['*'] },
      });
      const source = picked?.[0];
      if (!source) return;
      const listed = await client.sendRequest<OpenApiOperationsResult>(OPENAPI_OPERATIONS, { path: source.fsPath });
      if (!listed.ok) {
        void vscode.window.showErrorMessage(listed.message);
        return;
      }
      const items = listed.operations.map((o) => ({ label: `${o.method} ${o.path}`, description: o.id, detail: o.summary, picked: true, id: o.id }));
      const chosen = await vscode.window.showQuickPick(items, { title: 'Import OpenAPI or Swagger Document (2/3): the operations', canPickMany: true, matchOnDescription: true, ignoreFocusOut: true });
      if (!chosen || chosen.length === 0) return;
      const base = source.path.replace(/\.(json|ya?ml)$/i, '').split('/').pop() ?? 'api';
      const target = await vscode.window.showSaveDialog({
        title: 'Import OpenAPI or Swagger Document (3/3): the connector file (an existing one is updated)',
        defaultUri: vscode.Uri.joinPath(source, '..', `${base}.connector.json`),
        filters: { 'Connector files': ['connector.json'] },
      });
      if (!target) return;
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Importing…' }, () =>
        client.sendRequest<ImportOpenApiResult>(IMPORT_OPENAPI, { path: source.fsPath, operationIds: chosen.map((c) => c.id), out: target.toString() }),
      );
      if (!result.ok) {
        void vscode.window.showErrorMessage(result.message);
        return;
      }
      const edit = new vscode.WorkspaceEdit();
      let exists = true;
      try {
        await vscode.workspace.fs.stat(target);
      } catch {
        exists = false;
      }
      if (exists) {
        const document = await vscode.workspace.openTextDocument(target);
        edit.replace(target, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), result.text);
      } else {
        edit.createFile(target, { contents: new TextEncoder().encode(result.text) });
      }
      if (!(await vscode.workspace.applyEdit(edit))) {
        void vscode.window.showErrorMessage(`Could not write ${vscode.workspace.asRelativePath(target)}.`);
        return;
      }
      const opened = await vscode.workspace.openTextDocument(target);
      await opened.save();
      await vscode.window.showTextDocument(opened);
      const noted = result.notes.length + result.problems.length + result.findings.length;
      const summary = `${result.changes ? 'Updated' : 'Imported'} ${result.operations} operation${result.operations === 1 ? '' : 's'}${noted ? `; ${noted} item${noted === 1 ? '' : 's'} could not be taken as the document says` : ''}.`;
      const choice = await vscode.window.showInformationMessage(summary, 'Show Report');
      if (choice) {
        const report = await vscode.workspace.openTextDocument({ language: 'markdown', content: reportMarkdown(source.fsPath, vscode.workspace.asRelativePath(target), result) });
        await vscode.window.showTextDocument(report, { preview: true, viewColumn: vscode.ViewColumn.Beside });
      }
    }),
  );
}

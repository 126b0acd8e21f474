// "Import OpenAPI or Swagger Document…": asks for the document, the operations and the connector file; the server
// does the import and returns the text, which is written through the editor (so it can be undone).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { IMPORT_OPENAPI, OPENAPI_OPERATIONS, type ImportOpenApiResult, type OpenApiOperationsResult } from '../../server/src/protocol';
import { CONNECTOR_FILE_FILTERS, importReportMarkdown, offerReport, writeImportedText } from './importResult';

/** Registers the OpenAPI import command. */
export function registerOpenApiCommands(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    // "Import cURL / Postman / HAR…" hands over a file it finds to be an OpenAPI or Swagger document.
    vscode.commands.registerCommand('connectorTools.importOpenApi', async (given?: unknown) => {
      const picked = given instanceof vscode.Uri ? [given] : await vscode.window.showOpenDialog({
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
        filters: CONNECTOR_FILE_FILTERS,
      });
      if (!target) return;
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Importing…' }, () =>
        client.sendRequest<ImportOpenApiResult>(IMPORT_OPENAPI, { path: source.fsPath, operationIds: chosen.map((c) => c.id), out: target.toString() }),
      );
      if (!result.ok) {
        void vscode.window.showErrorMessage(result.message);
        return;
      }
      if (!(await writeImportedText(target, result.text))) return;
      const noted = result.notes.length + result.problems.length + result.findings.length;
      const summary = `${result.changes ? 'Updated' : 'Imported'} ${result.operations} operation${result.operations === 1 ? '' : 's'}${noted ? `; ${noted} item${noted === 1 ? '' : 's'} could not be taken as the document says` : ''}.`;
      await offerReport(summary, () => importReportMarkdown(`Import of ${source.fsPath}`, `${result.operations} operation${result.operations === 1 ? '' : 's'} into ${vscode.workspace.asRelativePath(target)}.`, result));
    }),
  );
}

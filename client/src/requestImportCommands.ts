// "Import cURL / Postman / HAR…": the curl command on the clipboard, one typed or pasted into an input box, or a file
// (a Postman collection, a HAR file, curl commands), recognised by what it holds, an OpenAPI or Swagger document
// handed to its own import; the origin when the requests go to several; the connector to add to or a new one. The
// server makes the texts; they are written through the editor (so they can be undone), the examples into the values
// file beside the connector.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  IMPORT_REQUESTS, REQUEST_ORIGINS,
  type ImportRequestsResult, type RequestOriginsResult, type RequestSource,
} from '../../server/src/protocol';
import { CONNECTOR_FILE_FILTERS, importReportMarkdown, offerReport, writeImportedText } from './importResult';

export const IMPORT_REQUESTS_COMMAND = 'connectorTools.importRequests';
const TITLE = 'Import cURL / Postman / HAR';
const CURL = /^\s*(?:\$\s+)?curl(?:\.exe)?\s/;

/** A command typed into a one-line input box: line continuations pasted into it lose their line break. */
function oneLineCommand(text: string): string {
  return text.replace(/\\[ \t]+(?=-|'|"|https?:)/g, ' ');
}

/** Where the requests come from; undefined when the user cancels. */
async function chooseSource(): Promise<{ source: RequestSource; name: string; folder?: vscode.Uri; file?: vscode.Uri } | undefined> {
  const clipboard = await vscode.env.clipboard.readText();
  const items = [
    ...(CURL.test(clipboard) ? [{ label: '$(clippy) The curl command on the clipboard', detail: clipboard.trim().split('\n')[0]?.slice(0, 120), id: 'clipboard' }] : []),
    { label: '$(terminal) Paste or type a curl command…', detail: 'As an API\'s documentation or the browser\'s "Copy as cURL (bash)" gives it', id: 'type' },
    { label: '$(file) Choose a file…', detail: 'A Postman collection (v2.0 or v2.1), a HAR file from the browser, curl commands, or an OpenAPI or Swagger document', id: 'file' },
  ];
  const how = await vscode.window.showQuickPick(items, { title: `${TITLE} (1/3): the requests`, ignoreFocusOut: true });
  if (!how) return undefined;
  if (how.id === 'clipboard') return { source: { text: clipboard }, name: 'api' };
  if (how.id === 'type') {
    const typed = await vscode.window.showInputBox({
      title: `${TITLE} (1/3): the curl command`,
      prompt: 'Paste a curl command',
      placeHolder: "curl -X POST https://api.example.com/pets -H 'Content-Type: application/json' -d '{\"name\":\"Rex\"}'",
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' || CURL.test(value) ? undefined : 'A curl command starts with curl'),
    });
    return typed?.trim() ? { source: { text: oneLineCommand(typed) }, name: 'api' } : undefined;
  }
  const picked = await vscode.window.showOpenDialog({
    title: `${TITLE} (1/3): the file`,
    canSelectMany: false,
    filters: { 'Postman collections, HAR files, curl commands, OpenAPI documents': ['json', 'har', 'sh', 'txt', 'curl', 'yaml', 'yml'], 'All files': ['*'] },
  });
  const file = picked?.[0];
  if (!file) return undefined;
  const name = file.path.split('/').pop()?.replace(/(\.postman_collection)?\.(json|har|sh|txt|curl)$/i, '') || 'api';
  return { source: { path: file.fsPath }, name, folder: vscode.Uri.joinPath(file, '..'), file };
}

/** The connector to write: the open REST connector, or a new file; undefined when the user cancels. */
async function chooseTarget(name: string, folder: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document;
  const open = active?.languageId === 'connector-json' && active.uri.scheme === 'file' && /"kind"\s*:\s*"rest"/.test(active.getText()) ? active.uri : undefined;
  if (open) {
    const choice = await vscode.window.showQuickPick([
      { label: `$(add) Add to ${vscode.workspace.asRelativePath(open)}`, detail: 'Its comments, operations and values stay; operations with the same id are brought up to date', id: 'open' },
      { label: '$(new-file) A new connector file…', id: 'new' },
    ], { title: `${TITLE} (3/3): the connector`, ignoreFocusOut: true });
    if (!choice) return undefined;
    if (choice.id === 'open') return open;
  }
  const base = folder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title: `${TITLE} (3/3): the connector file (an existing one is updated)`,
    ...(base ? { defaultUri: vscode.Uri.joinPath(base, `${name}.connector.json`) } : {}),
    filters: CONNECTOR_FILE_FILTERS,
  });
}

/** One line for what the import did: operations, values, secrets to set, the report. */
function importSummary(results: readonly Extract<ImportRequestsResult, { ok: true }>[]): string {
  const operations = results.reduce((n, r) => n + r.operations, 0);
  const count = `${operations} operation${operations === 1 ? '' : 's'}${results.length > 1 ? ` into ${results.length} connectors` : ''}`;
  const updated = results.length === 1 && results[0]?.changes !== undefined;
  const secrets = [...new Set(results.flatMap((r) => r.secretsToSet.map((s) => s.name)))].map((name) => `Set secret '${name}' with Connector: Set Secret….`).join(' ');
  const noted = results.reduce((n, r) => n + r.notes.length + r.findings.length, 0);
  return `${updated ? 'Updated' : 'Imported'} ${count}${results.some((r) => r.values) ? ', examples in the values file' : ''}.${secrets ? ` ${secrets}` : ''}${noted ? ` ${noted} item${noted === 1 ? ' is' : 's are'} in the report.` : ''}`;
}

/** The report of one connector's import, as Markdown. */
function reportOf(source: RequestSource, target: vscode.Uri, result: Extract<ImportRequestsResult, { ok: true }>): string {
  const count = `${result.operations} operation${result.operations === 1 ? '' : 's'}`;
  const what = { notes: result.notes, findings: result.findings, ...(result.changes ? { changes: [...result.changes, ...result.valuesChanges] } : {}) };
  const report = importReportMarkdown(`${TITLE}: ${source.path ?? 'a curl command'}`, `${count} into ${vscode.workspace.asRelativePath(target)}.`, what, `the ${result.kind === 'curl' ? 'curl command' : result.kind === 'har' ? 'HAR file' : 'collection'}`);
  const signIn = result.secretsToSet.map((s) => `- Secret **${s.name}** (the source sent ${s.carried}): set it with *Connector: Set Secret…*; on the command line it is \`${s.variable}\`.`);
  return signIn.length ? `${report}\n## Sign-in\n\n${signIn.join('\n')}\n` : report;
}

/** Registers the command. */
export function registerRequestImportCommands(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(IMPORT_REQUESTS_COMMAND, async () => {
      const chosen = await chooseSource();
      if (!chosen) return;
      const listed = await client.sendRequest<RequestOriginsResult>(REQUEST_ORIGINS, { source: chosen.source });
      if (!listed.ok) {
        void vscode.window.showErrorMessage(listed.message);
        return;
      }
      if (listed.kind === 'openapi') {
        await vscode.commands.executeCommand('connectorTools.importOpenApi', chosen.file);
        return;
      }
      // Which origins, each with its connector file: one chosen, or every one (the main one where the user says,
      // each other beside it, named after its host).
      let origins: { origin?: string; fileName: string }[] = [{ fileName: '' }];
      if (listed.origins.length > 1) {
        const named = listed.origins.filter((o) => o.origin !== '');
        const every = { label: '$(files) Every origin, each into a connector of its own', detail: `${named[0]?.origin ?? ''} where you choose next; ${named.slice(1).map((o) => o.fileName).join(', ')} beside it`, every: true as const };
        const picked = await vscode.window.showQuickPick([
          ...listed.origins.map((o) => ({ label: o.origin || '(a URL from a variable)', description: `${o.count} request${o.count === 1 ? '' : 's'}`, origin: o.origin, fileName: o.fileName })),
          ...(named.length > 1 ? [every] : []),
        ], {
          title: `${TITLE} (2/3): the requests go to ${listed.origins.length} origins; a connector has one base URL`,
          ignoreFocusOut: true,
        });
        if (!picked) return;
        origins = 'every' in picked ? named : [{ origin: picked.origin, fileName: picked.fileName }];
      }
      const target = await chooseTarget(chosen.name === 'api' ? (listed.origins[0]?.origin.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9]+/g, '-') || 'api') : chosen.name, chosen.folder);
      if (!target) return;
      const targets = origins.map((o, i) => ({ ...o, uri: i === 0 ? target : vscode.Uri.joinPath(target, '..', o.fileName) }));
      const imported: { uri: vscode.Uri; result: Extract<ImportRequestsResult, { ok: true }> }[] = [];
      for (const [i, one] of targets.entries()) {
        const importedElsewhere = targets.filter((t) => t !== one).map((t) => t.origin ?? '');
        const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Importing…' }, () =>
          client.sendRequest<ImportRequestsResult>(IMPORT_REQUESTS, {
            source: chosen.source, out: one.uri.toString(),
            ...(one.origin !== undefined ? { origin: one.origin } : {}),
            ...(targets.length > 1 ? { importedElsewhere } : {}),
          }));
        if (!result.ok) {
          void vscode.window.showErrorMessage(targets.length > 1 ? `${vscode.workspace.asRelativePath(one.uri)}: ${result.message}` : result.message);
          return;
        }
        if (result.values && !(await writeImportedText(vscode.Uri.parse(result.values.uri), result.values.text, false))) return;
        if (!(await writeImportedText(one.uri, result.text, i === 0))) return;
        imported.push({ uri: one.uri, result });
      }
      await offerReport(importSummary(imported.map((i) => i.result)), () => imported.map(({ uri, result }) => reportOf(chosen.source, uri, result)).join('\n'));
    }),
  );
}

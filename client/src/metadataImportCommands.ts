// "Add Custom Requests from $metadata…": on an OData connector, from the $metadata it names (fetched first, or a file
// chosen, when it names none); elsewhere, a new connector from a metadata file. The server lists what the service
// offers and returns the connector's new text, which is written through the editor (so it can be undone).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  IMPORT_METADATA, METADATA_CHOICES,
  type ImportMetadataResult, type MetadataChoiceItem, type MetadataChoicesParams, type MetadataChoicesResult,
} from '../../server/src/protocol';
import { CONNECTOR_FILE_FILTERS, importReportMarkdown, offerReport, writeImportedText } from './importResult';

export const ADD_FROM_METADATA_COMMAND = 'connectorTools.addCustomRequestsFromMetadata';
const TITLE = 'Add Custom Requests from $metadata';
const METADATA_FILES = { 'OData $metadata (CSDL)': ['xml', 'edmx', 'json'], 'All files': ['*'] };

const ICONS: Record<MetadataChoiceItem['kind'], string> = {
  entitySet: '$(symbol-class)', singleton: '$(symbol-constant)', boundAction: '$(symbol-method)', boundFunction: '$(symbol-method)',
  actionImport: '$(symbol-event)', functionImport: '$(symbol-function)',
};

/** Asks for the entity sets, actions and functions to write requests for; undefined when the user cancels. */
async function pickChoices(choices: readonly MetadataChoiceItem[], step?: string): Promise<string[] | undefined> {
  const items = choices.map((c) => ({
    label: `${ICONS[c.kind]} ${c.label}`,
    description: c.requests.length === 0 ? 'nothing to write' : c.present ? 'in the connector' : c.requests.map((r) => r.id).join(', '),
    ...(c.leftOut.length ? { detail: c.leftOut.join(' ') } : {}),
    key: c.key,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `${TITLE}${step ? ` (${step})` : ''}: entity sets, actions and functions`,
    placeHolder: 'Type to filter; each entity set gives its list, get, create, update and delete',
    canPickMany: true, matchOnDescription: true, ignoreFocusOut: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.key) : undefined;
}

/** The service root for a new connector; empty leaves a placeholder the report names. */
async function askBaseUrl(): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: `${TITLE} (4/4): the service root`,
    prompt: 'The URL the entity sets are under (empty: a placeholder to set later)',
    placeHolder: 'https://erp.example.com/odata/v4/orders',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' || (/^https?:\/\/[^/]/i.test(value.trim()) && URL.canParse(value.trim())) ? undefined : 'An absolute http or https URL, or nothing'),
  });
}

/** Registers the command (also run by the light bulb on an OData connector that names its metadata). */
export function registerMetadataImportCommands(context: vscode.ExtensionContext, client: LanguageClient): void {
  const choicesOf = (params: MetadataChoicesParams): Promise<MetadataChoicesResult> => client.sendRequest<MetadataChoicesResult>(METADATA_CHOICES, params);

  /** What the connector at `uri` is offered; fetches or asks for its metadata when it names none. Undefined: cancelled. */
  async function forConnector(uri: string): Promise<MetadataChoicesResult | undefined> {
    const listed = await choicesOf({ uri });
    if (listed.ok || !listed.needsMetadata) return listed;
    const how = await vscode.window.showQuickPick([
      { label: '$(cloud-download) Fetch $metadata from the service', detail: "Downloads <baseUrl>/$metadata with the connector's sign-in and names it in the connector", id: 'fetch' },
      { label: '$(file) Choose a metadata file…', detail: 'A $metadata document you have (CSDL XML or JSON)', id: 'file' },
    ], { title: `${TITLE}: the connector names no $metadata`, ignoreFocusOut: true });
    if (!how) return undefined;
    if (how.id === 'fetch') return (await vscode.commands.executeCommand<boolean>('connectorTools.fetchMetadata', uri)) ? choicesOf({ uri }) : undefined;
    const file = await vscode.window.showOpenDialog({ title: `${TITLE}: the metadata document`, canSelectMany: false, filters: METADATA_FILES });
    return file?.[0] ? choicesOf({ uri, path: file[0].fsPath }) : undefined;
  }

  context.subscriptions.push(
    vscode.commands.registerCommand(ADD_FROM_METADATA_COMMAND, async (uri?: string) => {
      const active = vscode.window.activeTextEditor?.document;
      const candidate = uri ?? (active?.uri.scheme === 'file' && /\.json$/i.test(active.uri.path) ? active.uri.toString() : undefined);
      let target = candidate ? vscode.Uri.parse(candidate) : undefined;
      let listed = candidate ? await forConnector(candidate) : undefined;
      if (candidate && !listed) return;
      // Not an OData connector in front of the user: a new connector from a metadata file.
      const fresh = !listed || (!listed.ok && listed.notOData && !uri);
      if (fresh) {
        target = undefined;
        const file = await vscode.window.showOpenDialog({ title: `${TITLE} (1/4): the metadata document`, canSelectMany: false, filters: METADATA_FILES });
        if (!file?.[0]) return;
        listed = await choicesOf({ path: file[0].fsPath });
      }
      if (!listed?.ok) {
        void vscode.window.showErrorMessage(listed?.message ?? 'The metadata cannot be read.');
        return;
      }
      if (!listed.choices.some((c) => c.requests.length > 0)) {
        void vscode.window.showWarningMessage('The metadata offers nothing a Custom request can call.');
        return;
      }
      const chosen = await pickChoices(listed.choices, fresh ? '2/4' : undefined);
      if (!chosen) return;
      let baseUrl: string | undefined;
      if (!target) {
        const name = listed.path.replace(/\\/g, '/').split('/').pop()?.replace(/(\.metadata)?\.(xml|edmx|json)$/i, '') || 'service';
        target = await vscode.window.showSaveDialog({
          title: `${TITLE} (3/4): the connector file (an existing OData connector is added to)`,
          defaultUri: vscode.Uri.joinPath(vscode.Uri.file(listed.path), '..', `${name}.connector.json`),
          filters: CONNECTOR_FILE_FILTERS,
        });
        if (!target) return;
        baseUrl = await askBaseUrl();
        if (baseUrl === undefined) return;
      }
      const out = target;
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Writing Custom requests…' }, () =>
        client.sendRequest<ImportMetadataResult>(IMPORT_METADATA, { path: listed.path, choices: chosen, out: out.toString(), ...(baseUrl?.trim() ? { baseUrl: baseUrl.trim() } : {}) }));
      if (!result.ok) {
        void vscode.window.showErrorMessage(result.message);
        return;
      }
      if (!(await writeImportedText(out, result.text))) return;
      const count = `${result.added.length} Custom request${result.added.length === 1 ? '' : 's'}`;
      const noted = result.notes.length + result.findings.length;
      const summary = `Added ${count}${noted ? `; ${noted} item${noted === 1 ? ' is' : 's are'} in the report` : ''}.`;
      await offerReport(summary, () => importReportMarkdown(`Custom requests from ${listed.path}`, `${count} added to ${vscode.workspace.asRelativePath(out)}: ${result.added.join(', ') || 'none'}.`, result, 'the metadata'));
    }),
  );
}

import {
  DidChangeConfigurationNotification, TextDocuments, TextDocumentSyncKind,
  type Connection, type InitializeResult, type ServerCapabilities,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { editorBodyFileReader } from '../files/workspaceFiles';
import { AnalysisCache } from './analysis';
import { checkAllFeatures } from './checkAll';
import { codeActionFeatures } from './codeActions';
import type { FeatureGroup, ServerContext } from './context';
import { formattingFeatures } from './formatting';
import { DEFAULT_SETTINGS, SettingsStore, type ServerSettings } from './settings';
import { editorFeatures } from './editorFeatures';
import { requestFeatures } from './requests';
import { ValidationScheduler } from './validation';

/** What feature groups may need from the server beyond the context. */
export interface FeatureDeps {
  settings: () => ServerSettings;
  folders: () => string[];
}

/** A feature group made with the server's settings and workspace folders. */
export type FeatureGroupFactory = (deps: FeatureDeps) => FeatureGroup;

/** Wires a connection: documents, settings, validation and every feature group. Only adapts the core. */
export function startServer(connection: Connection, extraGroups: readonly FeatureGroupFactory[] = []): void {
  const documents = new TextDocuments(TextDocument);
  let folders: string[] = [];
  let settings: SettingsStore | undefined;
  const currentSettings = () => settings?.get() ?? DEFAULT_SETTINGS;
  const bodyFiles = (uri: string) => editorBodyFileReader(URI.parse(uri).fsPath, folders.map((f) => URI.parse(f).fsPath), currentSettings().allowedFileFolders);
  const cache = new AnalysisCache(documents, currentSettings, bodyFiles);
  const validation = new ValidationScheduler(connection, documents, cache, () => currentSettings().debounceMs, bodyFiles);
  const context: ServerContext = { connection, documents, analyze: (uri) => cache.analyze(uri) };
  const groups: FeatureGroup[] = [
    codeActionFeatures,
    formattingFeatures,
    checkAllFeatures(() => folders, currentSettings),
    editorFeatures(() => folders),
    requestFeatures({ settings: currentSettings, folders: () => folders }),
    ...extraGroups.map((make) => make({ settings: currentSettings, folders: () => folders })),
  ];
  let pullsConfiguration = false;

  connection.onInitialize((params): InitializeResult => {
    folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (folders.length === 0 && params.rootUri) folders = [params.rootUri];
    pullsConfiguration = params.capabilities.workspace?.configuration === true;
    settings = new SettingsStore(connection, pullsConfiguration);
    const capabilities: ServerCapabilities = {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    };
    for (const group of groups) Object.assign(capabilities, group.capabilities);
    return { capabilities, serverInfo: { name: 'connector-tools' } };
  });

  connection.onInitialized(async () => {
    if (pullsConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'connectorTools' }).catch(() => undefined);
    }
    if (await settings?.refresh()) validation.revalidateAll();
    connection.workspace.onDidChangeWorkspaceFolders((event) => {
      const removed = new Set(event.removed.map((f) => f.uri));
      folders = [...folders.filter((f) => !removed.has(f)), ...event.added.map((f) => f.uri)];
    });
  });

  connection.onDidChangeConfiguration(async (change) => {
    const pushed = (change.settings as { connectorTools?: unknown } | undefined)?.connectorTools;
    if (await settings?.refresh(pushed)) validation.revalidateAll();
  });

  documents.onDidOpen(({ document }) => validation.schedule(document.uri, true));
  documents.onDidChangeContent(({ document }) => validation.schedule(document.uri, false));
  documents.onDidClose(({ document }) => validation.clear(document.uri));

  for (const group of groups) group.register(context);
  documents.listen(connection);
  connection.listen();
}

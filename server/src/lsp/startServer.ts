import {
  DidChangeConfigurationNotification, ErrorCodes, ResponseError, TextDocumentSyncKind,
  type Connection, type InitializeResult, type ServerCapabilities,
} from 'vscode-languageserver';
import { dirname } from 'node:path';
import { URI } from 'vscode-uri';
import { getLanguageService, type BodyFileReader, type CheckOptions as CheckOptionsOfCore } from '../core';
import { editorBodyFileReader, editorFolders } from '../files/workspaceFiles';
import { METADATA_FILES, metadataSource } from '../files/metadataFiles';
import { AnalysisCache, type CheckOptions } from './analysis';
import { DocumentEdits, trackedDocuments } from './documentEdits';
import { checkAllFeatures } from './checkAll';
import { codeActionFeatures } from './codeActions';
import { folderPaths, type FeatureDeps, type FeatureGroup, type FeatureGroupFactory, type ServerContext } from './context';
import { formattingFeatures } from './formatting';
import { guardConnection } from './guard';
import { DEFAULT_SETTINGS, SettingsStore } from './settings';
import { DEFAULT_HTTP_SETTINGS, editorNetwork } from './editorNetwork';
import { editorFeatures } from './editorFeatures';
import { requestFeatures } from './requests';
import { metadataFeatures } from './metadataFeatures';
import { ValidationScheduler } from './validation';
import { clientProfileOf, MINIMAL_CLIENT, type ClientProfile } from './clientProfile';
import { ProjectConfigService } from './projectConfig';

/** Wires a connection: documents, settings, validation and every feature group. Only adapts the core. */
export function startServer(transport: Connection, extraGroups: readonly FeatureGroupFactory[] = []): void {
  const log = (message: string): void => transport.console.error(message);
  // Everything below registers through the guard: malformed messages are refused, failing handlers answer errors.
  const connection = guardConnection(transport, log);
  const edits = new DocumentEdits();
  const documents = trackedDocuments(edits);
  let folders: string[] = [];
  let settings: SettingsStore | undefined;
  const currentSettings = () => settings?.get() ?? DEFAULT_SETTINGS;
  const bodyFiles = (uri: string) => editorBodyFileReader(URI.parse(uri).fsPath, folderPaths(folders), currentSettings().allowedFileFolders);
  const metadataFiles = (uri: string) => metadataSource(dirname(URI.parse(uri).fsPath), editorFolders(URI.parse(uri).fsPath, folderPaths(folders), currentSettings().allowedFileFolders));
  const projectConfigs = new ProjectConfigService(connection, () => folderPaths(folders));
  // The editor's own settings win over the project file, as the command line's --rule does.
  const checkOptions = (uri: string): CheckOptions => {
    const config = projectConfigs.forDocument(uri);
    return { overrides: { ...config.overrides, ...currentSettings().rules }, ignored: config.ignored };
  };
  const connectorCheck = (uri: string): CheckOptionsOfCore & { readBodyFile: BodyFileReader } => ({
    overrides: checkOptions(uri).overrides, readBodyFile: bodyFiles(uri), metadata: metadataFiles(uri),
  });
  const recheckListeners: (() => void)[] = [];
  const deps: FeatureDeps = {
    settings: currentSettings, network: () => editorNetwork(settings?.http() ?? DEFAULT_HTTP_SETTINGS, process.env), folders: () => folders, connectorCheck,
    ignored: (uri) => checkOptions(uri).ignored,
    onRecheckAll: (listener) => recheckListeners.push(listener),
  };
  const service = getLanguageService();
  const cache = new AnalysisCache(service, documents, currentSettings, checkOptions, bodyFiles, metadataFiles, edits);
  const validation = new ValidationScheduler(connection, documents, cache, () => currentSettings().debounceMs, log, service, bodyFiles, deps.ignored);
  const recheckAll = (): void => {
    validation.revalidateAll();
    for (const listener of recheckListeners) listener();
  };
  let client: ClientProfile = MINIMAL_CLIENT;
  const commands = new Map<string, (args: readonly unknown[]) => unknown>();
  const context: ServerContext = {
    connection, service, documents, analyze: (uri) => cache.analyze(uri), client: () => client,
    registerCommand: (name, run) => void commands.set(name, run),
  };
  const groups: FeatureGroup[] = [
    codeActionFeatures,
    formattingFeatures,
    checkAllFeatures(() => folders, checkOptions, connectorCheck),
    editorFeatures(() => folders),
    requestFeatures(deps),
    metadataFeatures(deps),
    ...extraGroups.map((make) => make(deps)),
  ];
  let pullsConfiguration = false;

  connection.onInitialize((params): InitializeResult => {
    folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (folders.length === 0 && params.rootUri) folders = [params.rootUri];
    pullsConfiguration = params.capabilities.workspace?.configuration === true;
    client = clientProfileOf(params);
    settings = new SettingsStore(connection, pullsConfiguration);
    const capabilities: ServerCapabilities = {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    };
    for (const group of groups) Object.assign(capabilities, group.capabilities);
    if (commands.size > 0) capabilities.executeCommandProvider = { commands: [...commands.keys()] };
    return { capabilities, serverInfo: { name: 'connector-tools' } };
  });

  connection.onInitialized(async () => {
    // Only a client that declared dynamic registration is asked for it.
    if (pullsConfiguration && client.configurationRegistration) {
      // VS Code's http.* settings too: a proxy or certificate change applies to the next request.
      void connection.client.register(DidChangeConfigurationNotification.type, { section: ['connectorTools', 'http'] }).catch(() => undefined);
    }
    if (await settings?.refresh()) recheckAll();
    void projectConfigs.checkWorkspace(folders);
    connection.workspace.onDidChangeWorkspaceFolders((event) => {
      const removed = new Set(event.removed.map((f) => f.uri));
      folders = [...folders.filter((f) => !removed.has(f)), ...event.added.map((f) => f.uri)];
      void projectConfigs.checkWorkspace(event.added.map((f) => f.uri));
    });
  });

  connection.onDidChangeConfiguration(async (change) => {
    const pushed = change.settings as { connectorTools?: unknown; http?: unknown } | undefined;
    if (await settings?.refresh(pushed?.connectorTools, pushed?.http)) recheckAll();
  });

  connection.onExecuteCommand(({ command, arguments: args }) => {
    const run = commands.get(command);
    if (!run) throw new ResponseError(ErrorCodes.InvalidParams, `Unknown command '${command}'. This server offers: ${[...commands.keys()].join(', ')}.`);
    return run(args ?? []);
  });

  // A project file that was created, changed or deleted changes every document's levels.
  connection.onDidChangeWatchedFiles(({ changes }) => {
    let projectFileChanged = false;
    for (const change of changes) {
      projectFileChanged = projectConfigs.onFileChanged(change.uri) || projectFileChanged;
      // A metadata file a connector names changed: the connectors are judged against the new version.
      projectFileChanged = (URI.parse(change.uri).scheme === 'file' && METADATA_FILES.changed(URI.parse(change.uri).fsPath)) || projectFileChanged;
    }
    if (projectFileChanged) recheckAll();
  });

  documents.onDidOpen(({ document }) => validation.schedule(document.uri, true));
  documents.onDidChangeContent(({ document }) => validation.schedule(document.uri, false));
  documents.onDidClose(({ document }) => validation.clear(document.uri));

  for (const group of groups) group.register(context);
  documents.listen(connection);
  connection.listen();
}

// Activation: start the language server and register the extension's commands. Everything else lives in the server.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { registerEditingCommands } from './editingCommands';
import { registerMetadataCommands } from './metadataCommands';
import { registerMetadataImportCommands } from './metadataImportCommands';
import { registerOpenApiCommands } from './openapiCommands';
import { registerRequestImportCommands } from './requestImportCommands';
import { ActiveEnvironment, SELECT_ENVIRONMENT_COMMAND } from './environments/activeEnvironment';
import { editorHost } from './resultPanel/editorHost';
import { ResultPanels } from './resultPanel/panels';
import { registerSendCommands, sendAgain, sendWithDefaults } from './send/commands';
import { SERVER_ENVIRONMENT } from './serverEnvironment';
import { registerTestController } from './testing/testController';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  // Over stdio: the server writes the diagnostics it publishes at every keystroke from JSON kept per diagnostic
  // (over Node's IPC channel every message is encoded whole again), and checks the framing of what it reads.
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio, options: { env: SERVER_ENVIRONMENT } },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { env: SERVER_ENVIRONMENT, execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const log = vscode.window.createOutputChannel('Connector Tools', { log: true });
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: 'connector-json' },
      { scheme: 'file', pattern: '**/*.values.json' },
      { scheme: 'file', pattern: '**/*.tests.json' },
      { scheme: 'file', pattern: '**/connector-environments.json' },
    ],
    // The project file (connector-tools.json) sets rule levels: the server re-checks when one changes.
    // ... and a connector's $metadata file: the connectors that name it are judged against the new version.
    synchronize: {
      // VS Code's http.* settings (proxy, certificates) as well: every request the server sends travels by them.
      configurationSection: ['connectorTools', 'http'],
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/connector-tools.json'),
        vscode.workspace.createFileSystemWatcher('**/*.{xml,edmx}'),
        vscode.workspace.createFileSystemWatcher('**/*.{metadata,csdl}.json'),
      ],
    },
    outputChannel: log,
    // Tells the server it may use what only this extension has: its commands, value prompts and secret storage.
    initializationOptions: { connectorToolsExtension: true },
  };
  client = new LanguageClient('connectorTools', 'Connector Tools', serverOptions, clientOptions);
  context.subscriptions.push(log, client);
  const environment = new ActiveEnvironment(context.workspaceState, client);
  context.subscriptions.push(environment, vscode.commands.registerCommand(SELECT_ENVIRONMENT_COMMAND, () => environment.pick()));
  registerEditingCommands(context, client);
  const panels = new ResultPanels(context.extensionUri, editorHost(client, sendAgain, sendWithDefaults));
  context.subscriptions.push(panels);
  registerSendCommands(context, client, log, environment, panels);
  registerOpenApiCommands(context, client);
  registerTestController(context, client, environment, panels);
  registerMetadataCommands(context, client);
  registerMetadataImportCommands(context, client);
  registerRequestImportCommands(context, client);
  await client.start();
  // The status bar shows the environment whenever the workspace has an environments file.
  const environmentsWatcher = vscode.workspace.createFileSystemWatcher('**/connector-environments.json');
  context.subscriptions.push(environmentsWatcher, environmentsWatcher.onDidCreate(() => environment.refresh()), environmentsWatcher.onDidChange(() => environment.refresh()), environmentsWatcher.onDidDelete(() => environment.refresh()));
  await environment.refresh();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

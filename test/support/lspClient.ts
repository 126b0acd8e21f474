// A small LSP client for tests: starts the built server (dist/server.js) over stdio and speaks JSON-RPC to it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { GET_SECRET, type GetSecretParams, type GetSecretResult } from '../../server/src/protocol';
import { sealSecret } from '../../server/src/secretSeal';

export const SERVER_PATH = join(__dirname, '..', '..', 'dist', 'server.js');

export interface LspSession {
  connection: MessageConnection;
  process: ChildProcessWithoutNullStreams;
  /** Sends a request and returns its result. */
  request<R>(method: string, params: unknown): Promise<R>;
  notify(method: string, params: unknown): Promise<void>;
  /** Resolves with the next diagnostics for `uri` whose version is at least `version` (or any, when omitted). */
  diagnostics(uri: string, version?: number): Promise<Diagnostic[]>;
  /** Every publishDiagnostics received so far, in order. */
  published: PublishDiagnosticsParams[];
  open(uri: string, text: string, version?: number): Promise<void>;
  change(uri: string, text: string, version: number): Promise<void>;
  /** What the server answered to initialize. */
  serverCapabilities: Record<string, unknown>;
  /** Methods the server asked to register dynamically (client/registerCapability). */
  registrations: string[];
  /** Edits the server asked the client to apply (workspace/applyEdit), each answered as applied. */
  appliedEdits: unknown[];
  /** Answers workspace/configuration with these settings (the `connectorTools` section). */
  settings: Record<string, unknown>;
  /** ... and these for the `http` section (VS Code's proxy and certificate settings); null when absent. */
  http?: Record<string, unknown>;
  /**
   * Sends workspace/didChangeConfiguration and resolves once the server has the new settings: it has asked for them
   * (workspace/configuration), had its answer, and answered a request sent after that answer.
   */
  changeSettings(settings: Record<string, unknown>, http?: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

/** A file URI under a folder that need not exist (for documents only sent over LSP). */
export function fileUri(...parts: string[]): string {
  return pathToFileURL(join('/tmp/connector-lsp-tests', ...parts)).href;
}

/**
 * Answers the server's secret requests as the editor does, sealed to each request's key; `value` returns
 * undefined to decline. Returns the requests received, in order.
 */
export function answerSecrets(session: LspSession, value: (params: GetSecretParams) => string | undefined): GetSecretParams[] {
  const asked: GetSecretParams[] = [];
  session.connection.onRequest(GET_SECRET, (params: GetSecretParams): GetSecretResult => {
    asked.push(params);
    const answer = value(params);
    return answer === undefined ? null : sealSecret(answer, params.publicKey, params.name);
  });
  return asked;
}

/** Starts the server, initializes it for a workspace folder and waits until it is ready. */
export interface LspOptions {
  workspaceFolder?: string;
  settings?: Record<string, unknown>;
  /** The client's capabilities (default: configuration, workspace folders, versioned diagnostics). */
  capabilities?: Record<string, unknown>;
  initializationOptions?: unknown;
  /** Added to the server process's environment. */
  env?: Record<string, string>;
  /** Another server to start instead of dist/server.js (benchmarks compare with a bare JSON language server). */
  serverPath?: string;
  /** Node's own options for the server process (a benchmark's --cpu-prof). */
  execArgv?: string[];
}

export async function startLsp(options: LspOptions = {}): Promise<LspSession> {
  const serverPath = options.serverPath ?? SERVER_PATH;
  if (!existsSync(serverPath)) throw new Error(`${serverPath} is missing: run npm run build first.`);
  const child = spawn(process.execPath, [...(options.execArgv ?? []), serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], ...(options.env ? { env: { ...process.env, ...options.env } } : {}) });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: { uri: string; version: number | undefined; resolve: (d: Diagnostic[]) => void }[] = [];
  let configurationAnswered: (() => void) | undefined;
  const session: LspSession = {
    connection,
    process: child,
    published,
    settings: options.settings ?? {},
    serverCapabilities: {},
    registrations: [],
    appliedEdits: [],
    request: (method, params) => connection.sendRequest(method, params),
    notify: (method, params) => connection.sendNotification(method, params),
    diagnostics(uri, version) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} (version ${version ?? 'any'}) within 20 s`)), 20_000);
        waiters.push({ uri, version, resolve: (d) => { clearTimeout(timer); resolve(d); } });
      });
    },
    open: (uri, text, version = 1) => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'connector-json', version, text } }),
    change: (uri, text, version) => connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] }),
    async changeSettings(settings, http) {
      const answered = new Promise<void>((resolve) => (configurationAnswered = resolve));
      session.settings = settings;
      if (http !== undefined) session.http = http;
      await connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await answered;
      // The server reads messages in order: this answer comes after it has taken the settings in.
      await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: fileUri('settings-barrier.connector.json') } });
    },
    async stop() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      child.kill();
    },
  };
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (let i = 0; i < waiters.length; i++) {
      const waiter = waiters[i];
      if (!waiter || waiter.uri !== params.uri) continue;
      if (waiter.version !== undefined && (params.version ?? -1) < waiter.version) continue;
      waiters.splice(i, 1);
      i--;
      waiter.resolve(params.diagnostics);
    }
  });
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => {
    // Resolved once this answer is on its way (a response is written before any later message).
    setImmediate(() => {
      configurationAnswered?.();
      configurationAnswered = undefined;
    });
    return params.items.map((item) => (item.section === 'connectorTools' ? session.settings : item.section === 'http' ? (session.http ?? null) : null));
  });
  connection.onRequest('client/registerCapability', (params: { registrations: { method: string }[] }) => {
    session.registrations.push(...params.registrations.map((r) => r.method));
    return null;
  });
  connection.onRequest('workspace/applyEdit', (params: { edit: unknown }) => {
    session.appliedEdits.push(params.edit);
    return { applied: true };
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification('window/showMessage', () => undefined);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  const folder = options.workspaceFolder ? pathToFileURL(options.workspaceFolder).href : undefined;
  const initialized = await connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
    processId: process.pid,
    rootUri: folder ?? null,
    workspaceFolders: folder ? [{ uri: folder, name: 'workspace' }] : null,
    capabilities: options.capabilities ?? { workspace: { configuration: true, workspaceFolders: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    ...(options.initializationOptions !== undefined ? { initializationOptions: options.initializationOptions } : {}),
  });
  session.serverCapabilities = initialized.capabilities;
  await connection.sendNotification('initialized', {});
  return session;
}

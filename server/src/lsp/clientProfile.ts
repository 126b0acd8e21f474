import type { InitializeParams } from 'vscode-languageserver';

/** What the connected client can do: the server adapts to it, so every LSP client gets what works for it. */
export interface ClientProfile {
  /** The Connector Tools extension for VS Code: it has client-side commands, value prompts and secret storage. */
  connectorToolsExtension: boolean;
  /** Completion may use snippet syntax (`$1`); otherwise plain text is sent. */
  snippetSupport: boolean;
  /** The client accepts `client/registerCapability` for configuration changes. */
  configurationRegistration: boolean;
  /** The client applies edits the server asks for (`workspace/applyEdit`). */
  applyEdit: boolean;
  /** Workspace edits may change several documents and create files (`documentChanges` with the `create` operation). */
  createFiles: boolean;
}

/** The option our VS Code extension sends in `initializationOptions`. */
export const EXTENSION_MARKER = 'connectorToolsExtension';

/** Until initialize, the server assumes a client that can do the least. */
export const MINIMAL_CLIENT: ClientProfile = { connectorToolsExtension: false, snippetSupport: false, configurationRegistration: false, applyEdit: false, createFiles: false };

/** Reads the client's declared capabilities (anything missing or malformed counts as unsupported). */
export function clientProfileOf(params: InitializeParams): ClientProfile {
  const options = params.initializationOptions as Record<string, unknown> | null | undefined;
  const capabilities = params.capabilities ?? {};
  return {
    connectorToolsExtension: typeof options === 'object' && options !== null && options[EXTENSION_MARKER] === true,
    snippetSupport: capabilities.textDocument?.completion?.completionItem?.snippetSupport === true,
    configurationRegistration: capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    applyEdit: capabilities.workspace?.applyEdit === true,
    createFiles: capabilities.workspace?.workspaceEdit?.documentChanges === true && (capabilities.workspace.workspaceEdit.resourceOperations ?? []).includes('create'),
  };
}

/** A snippet as plain text: placeholders keep their default text, tab stops and escapes disappear. */
export function snippetAsPlainText(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}|\$\d+/g, '')
    .replace(/\\([$}\\])/g, '$1');
}

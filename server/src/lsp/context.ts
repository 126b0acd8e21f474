import type { Connection, ServerCapabilities, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { BodyFileReader, ChangedRegion, CheckedDocument, CheckOptions, ConnectorLanguageService, LineIndex, NetworkSettings } from '../core';
import { URI } from 'vscode-uri';
import type { ClientProfile } from './clientProfile';
import type { ServerSettings } from './settings';

/** One open document's analysis, computed once per version and shared by every handler. */
export interface DocumentAnalysis {
  uri: string;
  version: number;
  text: string;
  lines: LineIndex;
  result: CheckedDocument;
  /** Where the editor's changes fell since the version analysed before this one, when it said so. */
  edit?: { fromVersion: number; region: ChangedRegion };
}

/** What the server core hands to each group of LSP features. */
export interface ServerContext {
  connection: Connection;
  /** The core: checks and editor features of connector files. */
  service: ConnectorLanguageService;
  documents: TextDocuments<TextDocument>;
  /** The analysis of an open connector document at its current version; undefined when not open or not a connector file. */
  analyze(uri: string): DocumentAnalysis | undefined;
  /** What the connected client can do (known once it has initialized). */
  client(): ClientProfile;
  /** Offers a command to every client through `workspace/executeCommand`. */
  registerCommand(name: string, run: (args: readonly unknown[]) => unknown): void;
}

/** A group of LSP features: the capabilities it adds and the handlers it registers. */
export interface FeatureGroup {
  capabilities: ServerCapabilities;
  register(context: ServerContext): void;
}

/** What feature groups may need from the server beyond the context. */
export interface FeatureDeps {
  settings: () => ServerSettings;
  /** The editor's network as its settings say now (a change applies to the next request). */
  network: () => NetworkSettings;
  folders: () => string[];
  /** How the connector file at `uri` is checked: its levels (project file, then settings), body files and $metadata. */
  connectorCheck: (uri: string) => CheckOptions & { readBodyFile: BodyFileReader };
  /** Whether the project file's `ignore` covers the file at `uri` (its problems are not shown; every other feature works). */
  ignored: (uri: string) => boolean;
  /** Called whenever every open file is checked again (a project file, a $metadata file or the settings changed). */
  onRecheckAll: (listener: () => void) => void;
}

/** A feature group made with the server's settings and workspace folders. */
export type FeatureGroupFactory = (deps: FeatureDeps) => FeatureGroup;

/** A file URI's path on disk, or undefined for any other scheme (an unsaved or remote document, a virtual workspace). */
export function filePathOf(uri: string): string | undefined {
  try {
    const parsed = URI.parse(uri);
    return parsed.scheme === 'file' ? parsed.fsPath : undefined;
  } catch {
    return undefined;
  }
}

/** Workspace folder URIs as paths on disk; a folder that is not on disk (a virtual workspace) has none. */
export function folderPaths(uris: readonly string[]): string[] {
  return uris.flatMap((uri) => {
    const path = filePathOf(uri);
    return path === undefined ? [] : [path];
  });
}

/** The server's workspace folders as paths on disk. */
export function workspacePaths(deps: Pick<FeatureDeps, 'folders'>): string[] {
  return folderPaths(deps.folders());
}

import type { Connection, ServerCapabilities, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LineIndex } from '../core/lineIndex';
import type { LintResult } from '../core/lint';
import type { ServiceMetadata } from '../core/metadata/model';
import type { ClientProfile } from './clientProfile';

/** One open document's analysis, computed once per version and shared by every handler. */
export interface DocumentAnalysis {
  uri: string;
  version: number;
  text: string;
  lines: LineIndex;
  result: LintResult;
  /** The service's $metadata when the connector names a readable one: completion, hover and code actions use it. */
  metadata?: ServiceMetadata;
}

/** What the server core hands to each group of LSP features. */
export interface ServerContext {
  connection: Connection;
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

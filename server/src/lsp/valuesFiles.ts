import { existsSync } from 'node:fs';
import { readJsonTextSync } from '../io/jsonText';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { LineIndex, type BodyFileReader, type ConnectorLanguageService } from '../core';
import type { Diagnostic } from 'vscode-languageserver';
import { connectorOfValues } from '../io/fileKinds';
import { valuesFileFindings } from '../io/valuesFiles';
import { kindOfUri } from './analysis';
import { toDiagnostic } from './convert';

/** Values files are `NAME.values.json` beside `NAME.connector.json`. */
export function isValuesUri(uri: string): boolean {
  return kindOfUri(uri) === 'values';
}

/** The connector file a values file belongs to. */
export function connectorUriOf(valuesUri: string): string {
  return URI.file(connectorOfValues(URI.parse(valuesUri).fsPath)).toString();
}

/**
 * Diagnostics for an open values file, checked against its connector (the open document, else the file on
 * disk) as `connector lint` checks it: each entry's problems stop only its own operation from being sent.
 */
export function valuesFileDiagnostics(service: ConnectorLanguageService, uri: string, documents: TextDocuments<TextDocument>, readBodyFile?: (connectorUri: string) => BodyFileReader): Diagnostic[] | undefined {
  const document = documents.get(uri);
  if (!document) return undefined;
  const connectorUri = connectorUriOf(uri);
  const path = URI.parse(connectorUri).fsPath;
  const connectorText = documents.get(connectorUri)?.getText() ?? (existsSync(path) ? readJsonTextSync(path) : undefined);
  const text = document.getText();
  const lines = new LineIndex(text);
  return valuesFileFindings(service, URI.parse(uri).fsPath, text, connectorText, readBodyFile?.(connectorUri)).map((f) => toDiagnostic(lines, f, document.uri));
}

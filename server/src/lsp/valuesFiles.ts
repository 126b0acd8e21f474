import { existsSync } from 'node:fs';
import { readJsonTextSync } from '../io/jsonText';
import { dirname, join } from 'node:path';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { LineIndex, type BodyFileReader, type ConnectorLanguageService } from '../core';
import type { Diagnostic } from 'vscode-languageserver';
import { toDiagnostic } from './convert';

/** Values files are `NAME.values.json` beside `NAME.connector.json`. */
export function isValuesUri(uri: string): boolean {
  return /\.values\.json$/i.test(decodeURIComponent(uri.split('?')[0] ?? ''));
}

/** The connector file a values file belongs to. */
export function connectorUriOf(valuesUri: string): string {
  return valuesUri.replace(/\.values\.json$/i, '.connector.json');
}

/**
 * Diagnostics for an open values file, checked against its connector (the open document, else the file on
 * disk): each entry's problems stop only its own operation from being sent. Undefined without a connector.
 */
export function valuesFileDiagnostics(service: ConnectorLanguageService, uri: string, documents: TextDocuments<TextDocument>, readBodyFile?: (connectorUri: string) => BodyFileReader): Diagnostic[] | undefined {
  const document = documents.get(uri);
  if (!document) return undefined;
  const connectorUri = connectorUriOf(uri);
  const path = URI.parse(connectorUri).fsPath;
  const connectorText = documents.get(connectorUri)?.getText() ?? (existsSync(path) ? readJsonTextSync(path) : undefined);
  if (connectorText === undefined || !existsSync(dirname(path))) return undefined;
  const connectorDocument = service.read(connectorText);
  const connector = connectorDocument.connector;
  if (!connector) return undefined;
  // Body-file variables are inputs too: the files are read with the workspace rule, as when sending.
  const bodyTexts = new Map<string, string>();
  const reader = readBodyFile?.(connectorUri);
  for (const request of connector.kind === 'odata' && reader ? connector.customRequests : []) {
    const file = request.body?.kind === 'file' ? request.body.file?.value : undefined;
    const read = file === undefined ? undefined : reader?.(file);
    if (file !== undefined && read?.ok) bodyTexts.set(file, read.text);
  }
  const text = document.getText();
  const lines = new LineIndex(text);
  return service.checkValuesFile(text, connectorDocument, bodyTexts).map((f) => toDiagnostic(lines, f, document.uri));
}

/** The values file beside a connector file: `NAME.values.json` for `NAME.connector.json`. */
export function valuesFilePath(connectorPath: string): string {
  return join(dirname(connectorPath), `${connectorPath.replace(/^.*[\\/]/, '').replace(/\.connector\.json$/i, '')}.values.json`);
}

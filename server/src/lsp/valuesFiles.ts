import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { LineIndex } from '../core/lineIndex';
import { lintText } from '../core/lint';
import { checkValuesFile } from '../core/values/valuesFile';
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
export function valuesFileDiagnostics(uri: string, documents: TextDocuments<TextDocument>): Diagnostic[] | undefined {
  const document = documents.get(uri);
  if (!document) return undefined;
  const connectorUri = connectorUriOf(uri);
  const path = URI.parse(connectorUri).fsPath;
  const connectorText = documents.get(connectorUri)?.getText() ?? (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
  if (connectorText === undefined || !existsSync(dirname(path))) return undefined;
  const connector = lintText(connectorText).connector;
  if (!connector) return undefined;
  const text = document.getText();
  const lines = new LineIndex(text);
  return checkValuesFile(text, connector).map((f) => toDiagnostic(lines, f));
}

/** The values file beside a connector file: `NAME.values.json` for `NAME.connector.json`. */
export function valuesFilePath(connectorPath: string): string {
  return join(dirname(connectorPath), `${connectorPath.replace(/^.*[\\/]/, '').replace(/\.connector\.json$/i, '')}.values.json`);
}

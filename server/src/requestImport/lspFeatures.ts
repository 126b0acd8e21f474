// The language server's side of "Import cURL / Postman / HAR…" (what a source holds; the connector and values texts,
// which the extension writes so they can be undone) and of a curl command pasted into a connector file (a code
// action that makes it an operation, the examples going to the values file).
import { basename, dirname } from 'node:path';
import { CodeActionKind, type CodeAction, type TextDocuments, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { connectorFileNameFor, convertPastedCurl, isOpenApiText, LineIndex, listRequestOrigins, pastedCurlAt } from '../core';
import { readJsonText } from '../io/jsonText';
import type { ClientProfile } from '../lsp/clientProfile';
import { filePathOf, type DocumentAnalysis, type FeatureGroupFactory } from '../lsp/context';
import {
  IMPORT_REQUESTS, REQUEST_ORIGINS,
  type ImportRequestsParams, type ImportRequestsResult, type RequestOriginsParams, type RequestOriginsResult, type RequestSource,
} from '../protocol';
import { holdsSecret, importRequestsFile, readSourceFile, valuesPathOf, withoutSecrets } from './importFile';

/** An open document's text, else the file's on disk; undefined when neither is there. */
async function currentText(documents: TextDocuments<TextDocument>, uri: string): Promise<string | undefined> {
  const open = documents.get(uri)?.getText();
  if (open !== undefined) return open;
  const path = filePathOf(uri);
  return path === undefined ? undefined : readJsonText(path).catch(() => undefined);
}

/** The source's text and how it is named. */
async function sourceText(source: RequestSource): Promise<{ ok: true; text: string; label: string; folder?: string } | { ok: false; message: string }> {
  if (source.text !== undefined) return { ok: true, text: source.text, label: 'a pasted curl command' };
  try {
    return { ok: true, text: await readSourceFile(source.path), label: basename(source.path), folder: dirname(source.path) };
  } catch (error) {
    return { ok: false, message: `${source.path} cannot be read: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

/** The whole of a text, as an LSP range. */
function wholeRange(text: string): { start: { line: number; character: number }; end: { line: number; character: number } } {
  return { start: { line: 0, character: 0 }, end: new LineIndex(text).positionAt(text.length) };
}

/**
 * The code action that makes a pasted curl command (at the cursor) an operation. For a client that can create files
 * in one edit, the edit also writes the examples into the values file beside the connector; others get the connector.
 */
export async function pastedCurlActions(analysis: DocumentAnalysis, start: number, documents: TextDocuments<TextDocument>, client: ClientProfile): Promise<CodeAction[]> {
  const pasted = pastedCurlAt(analysis.text, start);
  if (!pasted) return [];
  const connectorPath = filePathOf(analysis.uri);
  const valuesUri = connectorPath ? URI.file(valuesPathOf(connectorPath)).toString() : undefined;
  const existingValuesText = valuesUri && client.createFiles ? await currentText(documents, valuesUri) : undefined;
  const folder = connectorPath ? dirname(connectorPath) : undefined;
  const converted = convertPastedCurl(analysis.text, pasted, {
    ...(existingValuesText !== undefined ? { existingValuesText } : {}),
    ...(folder ? { filePath: (path: string) => (path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path) } : {}),
  });
  if (!converted.ok || holdsSecret(converted.text, converted.result.secrets) || holdsSecret(converted.valuesText ?? '', converted.result.secrets)) return [];
  const connectorEdit = { range: wholeRange(analysis.text), newText: converted.text };
  const withValues = client.createFiles && valuesUri !== undefined && converted.valuesText !== undefined;
  let edit: WorkspaceEdit;
  if (withValues) {
    const valuesDocument = documents.get(valuesUri);
    const valuesEdit = existingValuesText === undefined
      ? [{ kind: 'create' as const, uri: valuesUri, options: { ignoreIfExists: true } }, { textDocument: { uri: valuesUri, version: null }, edits: [{ range: wholeRange(''), newText: converted.valuesText ?? '' }] }]
      : [{ textDocument: { uri: valuesUri, version: valuesDocument?.version ?? null }, edits: [{ range: wholeRange(existingValuesText), newText: converted.valuesText ?? '' }] }];
    edit = { documentChanges: [{ textDocument: { uri: analysis.uri, version: analysis.version }, edits: [connectorEdit] }, ...valuesEdit] };
  } else {
    edit = { changes: { [analysis.uri]: [connectorEdit] } };
  }
  const operation = converted.result.connector.operations[0];
  const title = `Convert the curl command into operation '${operation?.id ?? ''}'${withValues ? ' (examples in the values file)' : ''}`;
  return [{ title, kind: CodeActionKind.QuickFix, isPreferred: true, edit }];
}

/** The import requests. */
export const requestImportFeatures: FeatureGroupFactory = () => ({
  capabilities: {},
  register({ connection, documents }) {
    connection.onRequest(REQUEST_ORIGINS, async (params: RequestOriginsParams): Promise<RequestOriginsResult> => {
      const source = await sourceText(params.source);
      if (!source.ok) return source;
      if (params.source.path !== undefined && isOpenApiText(source.text)) return { ok: true, kind: 'openapi' };
      const listed = listRequestOrigins({ text: source.text, label: source.label, ...(params.source.text !== undefined ? { kind: 'curl' as const } : {}) });
      return listed.ok ? { ...listed, origins: listed.origins.map((o) => ({ ...o, fileName: connectorFileNameFor(o.origin) })) } : { ok: false, message: listed.message };
    });

    connection.onRequest(IMPORT_REQUESTS, async (params: ImportRequestsParams): Promise<ImportRequestsResult> => {
      const out = filePathOf(params.out);
      if (out === undefined) return { ok: false, message: 'The connector must be a file on disk; save it first.' };
      const source = await sourceText(params.source);
      if (!source.ok) return source;
      const valuesUri = URI.file(valuesPathOf(out)).toString();
      const existingText = await currentText(documents, params.out);
      const existingValuesText = await currentText(documents, valuesUri);
      const outcome = importRequestsFile({
        text: source.text,
        label: source.label,
        ...(params.source.text !== undefined ? { kind: 'curl' as const } : {}),
        sourceFolder: source.folder ?? dirname(out),
        connectorPath: out,
        ...(existingText !== undefined ? { existingText } : {}),
        ...(existingValuesText !== undefined ? { existingValuesText } : {}),
        ...(params.origin !== undefined ? { origin: params.origin } : {}),
        ...(params.importedElsewhere ? { importedElsewhere: params.importedElsewhere } : {}),
      });
      if (!outcome.ok) return { ok: false, message: outcome.message };
      return {
        ok: true,
        kind: outcome.kind,
        text: outcome.text,
        ...(outcome.valuesText !== undefined ? { values: { uri: valuesUri, text: outcome.valuesText } } : {}),
        operations: outcome.result.connector.operations.length,
        notes: outcome.result.notes.map((n) => ({ ...n, reason: withoutSecrets(n.reason, outcome.result.secrets) })),
        ...(outcome.changes ? { changes: outcome.changes } : {}),
        valuesChanges: outcome.valuesChanges,
        findings: outcome.findings.map((f) => `${f.code}: ${f.message}`),
        secretsToSet: outcome.result.secretsToSet,
      };
    });
  },
});

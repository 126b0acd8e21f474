// The language server's side of "Import OpenAPI or Swagger Document…": lists a document's operations and builds the
// connector text. Both run in the import's worker thread (importFile.ts), never on the server's own thread.
import { readJsonText } from '../io/jsonText';
import { basename, dirname, relative, isAbsolute } from 'node:path';
import type { CancellationToken } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import type { FeatureDeps, FeatureGroupFactory } from '../lsp/context';
import { IMPORT_OPENAPI, OPENAPI_OPERATIONS, type ImportOpenApiParams, type ImportOpenApiResult, type OpenApiOperationsParams, type OpenApiOperationsResult } from '../protocol';
import { importOpenApiFile, listOperationsInFile } from './importFile';

/** `$ref`s may read files in the workspace folder that holds the document, else in the document's own folder. */
function refRootFor(path: string, deps: FeatureDeps): string {
  for (const folder of deps.folders()) {
    const root = URI.parse(folder).fsPath;
    const rel = relative(root, path);
    if (!rel.startsWith('..') && !isAbsolute(rel)) return root;
  }
  return dirname(path);
}

/** An AbortSignal that fires when the editor cancels the request: the import's worker is stopped then. */
function signalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** The OpenAPI import requests. */
export const openApiFeatures: FeatureGroupFactory = (deps) => ({
  capabilities: {},
  register({ connection, documents }) {
    connection.onRequest(OPENAPI_OPERATIONS, async (params: OpenApiOperationsParams, token): Promise<OpenApiOperationsResult> => {
      const listed = await listOperationsInFile(params.path, refRootFor(params.path, deps), { signal: signalOf(token) });
      return listed.ok ? { ok: true, operations: listed.operations } : { ok: false, message: listed.failure.message };
    });
    connection.onRequest(IMPORT_OPENAPI, async (params: ImportOpenApiParams, token): Promise<ImportOpenApiResult> => {
      const outPath = URI.parse(params.out).fsPath;
      // An open connector's unsaved text is what gets updated.
      const existingText = documents.get(params.out)?.getText() ?? (await readJsonText(outPath).catch(() => undefined));
      const outcome = await importOpenApiFile({
        spec: params.path,
        specLabel: basename(params.path),
        refRoot: refRootFor(params.path, deps),
        operationIds: params.operationIds,
        ...(existingText !== undefined ? { existingText } : {}),
      }, { signal: signalOf(token) });
      if (!outcome.ok) return { ok: false, message: outcome.failure.message };
      return {
        ok: true,
        text: outcome.text,
        operations: outcome.operations,
        notes: outcome.notes,
        problems: outcome.problems,
        ...(outcome.changes ? { changes: outcome.changes } : {}),
        findings: outcome.findings.map((f) => `${f.code}: ${f.message}`),
      };
    });
  },
});

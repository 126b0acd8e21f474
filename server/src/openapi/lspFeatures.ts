// The language server's side of "Import OpenAPI or Swagger Document…": lists a document's operations and builds the
// connector text. The parser is loaded on the first import, not when the server starts.
import { readJsonText } from '../io/jsonText';
import { basename, dirname, relative, isAbsolute } from 'node:path';
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

/** The OpenAPI import requests. */
export const openApiFeatures: FeatureGroupFactory = (deps) => ({
  capabilities: {},
  register({ connection, documents }) {
    connection.onRequest(OPENAPI_OPERATIONS, async (params: OpenApiOperationsParams): Promise<OpenApiOperationsResult> => {
      const listed = await listOperationsInFile(params.path, refRootFor(params.path, deps));
      return listed.ok ? { ok: true, operations: listed.operations } : { ok: false, message: listed.failure.message };
    });
    connection.onRequest(IMPORT_OPENAPI, async (params: ImportOpenApiParams): Promise<ImportOpenApiResult> => {
      const outPath = URI.parse(params.out).fsPath;
      // An open connector's unsaved text is what gets updated.
      const existingText = documents.get(params.out)?.getText() ?? (await readJsonText(outPath).catch(() => undefined));
      const outcome = await importOpenApiFile({
        spec: params.path,
        specLabel: basename(params.path),
        refRoot: refRootFor(params.path, deps),
        operationIds: params.operationIds,
        ...(existingText !== undefined ? { existingText } : {}),
      });
      if (!outcome.ok) return { ok: false, message: outcome.failure.message };
      return {
        ok: true,
        text: outcome.text,
        operations: outcome.connector.operations.length,
        notes: outcome.notes,
        problems: outcome.problems,
        ...(outcome.changes ? { changes: outcome.changes } : {}),
        findings: outcome.findings.map((f) => `${f.code}: ${f.message}`),
      };
    });
  },
});

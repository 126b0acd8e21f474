// One import, from a document on disk to the connector text, shared by `connector import openapi` and the editor.
import {
  getLanguageService, importOpenApi, listOpenApiOperations, printConnectorJson, reimportInto,
  type Finding, type ImportFailure, type ImportNote, type ImportOptions, type JsonValue, type OpenApiVersion, type OperationChoice, type RestConnectorJson,
} from '../core';
import { loadOpenApiDocument } from './loadDocument';

const languageService = getLanguageService();

export interface ImportFileInput extends ImportOptions {
  /** The document's path. */
  spec: string;
  /** How the document is named in the connector's first-line comment. */
  specLabel: string;
  /** The folder `$ref`s may read files in; the document's folder when absent. */
  refRoot?: string;
  /** The text of the connector file being updated, when it exists. */
  existingText?: string;
}

export type ImportFileOutcome =
  | {
      ok: true;
      text: string;
      connector: RestConnectorJson;
      version: OpenApiVersion;
      notes: ImportNote[];
      /** What the document's validation found (it was imported as far as it could be). */
      problems: string[];
      /** For an update of an existing file: what changed. */
      changes?: string[];
      /** Findings of the connector checks on the written text above info level (expected: none). */
      findings: Finding[];
    }
  | { ok: false; failure: ImportFailure };

const VERSION_NAMES: Record<OpenApiVersion, string> = { '2.0': 'Swagger 2.0', '3.0': 'OpenAPI 3.0', '3.1': 'OpenAPI 3.1' };

/** The display name of a document version. */
export function versionName(version: OpenApiVersion): string {
  return VERSION_NAMES[version];
}

/** Imports a document into connector text: a new file, or an update of `existingText`. */
export async function importOpenApiFile(input: ImportFileInput): Promise<ImportFileOutcome> {
  const loaded = await loadOpenApiDocument(input.spec, input.refRoot ? { root: input.refRoot } : {});
  if (!loaded.ok) return loaded;
  const mapped = importOpenApi(loaded.document, input);
  if (!mapped.ok) return mapped;
  const { connector, notes, version } = mapped.result;
  let text: string;
  let changes: string[] | undefined;
  if (input.existingText !== undefined && input.existingText.trim() !== '') {
    const updated = reimportInto(input.existingText, connector);
    if ('problem' in updated) return { ok: false, failure: { code: 'unreadable', message: updated.problem } };
    text = updated.text;
    changes = updated.changes;
  } else {
    text = `// Imported from ${input.specLabel} (${versionName(version)}) by connector import openapi.\n${printConnectorJson(connector as unknown as JsonValue)}\n`;
  }
  const findings = languageService.check(text).result.findings.filter((f) => f.severity !== 'info');
  return { ok: true, text, connector, version, notes, problems: loaded.problems, ...(changes ? { changes } : {}), findings };
}

/** The operations of a document on disk, for choosing which to import. */
export async function listOperationsInFile(spec: string, refRoot?: string): Promise<{ ok: true; operations: OperationChoice[]; version: string } | { ok: false; failure: ImportFailure }> {
  const loaded = await loadOpenApiDocument(spec, refRoot ? { root: refRoot } : {});
  if (!loaded.ok) return loaded;
  const listed = listOpenApiOperations(loaded.document);
  if ('code' in listed) return { ok: false, failure: listed };
  return { ok: true, operations: listed, version: String((loaded.document as { openapi?: string; swagger?: string }).openapi ?? (loaded.document as { swagger?: string }).swagger ?? '') };
}

// The work of an import, from a document on disk to the connector text (or to the list of its operations), as the
// import's worker does it (importWorker.ts): reading, parsing and checking the document and mapping it all happen
// there, so a document that is huge or hostile costs the worker its time and memory, never the editor's.
import {
  authorizationOf, connectorDifferences, getLanguageService, importOpenApi, listOpenApiOperations, printConnectorJson, reimportInto,
  type ImportFailure, type JsonValue, type OpenApiVersion,
} from '../core';
import { parse } from 'jsonc-parser';
import type { ImportFileInput, ImportFileOutcome, ImportTask, ImportTaskOutcome, ListOutcome } from './importMessages';
import { loadOpenApiDocument } from './loadDocument';

const VERSION_NAMES: Record<OpenApiVersion, string> = { '2.0': 'Swagger 2.0', '3.0': 'OpenAPI 3.0', '3.1': 'OpenAPI 3.1' };

/** Imports a document into connector text: a new file, or an update of `existingText`. */
async function importDocument(input: ImportFileInput, onRead: (bytes: number) => void): Promise<ImportFileOutcome> {
  const loaded = await loadOpenApiDocument(input.spec, { ...(input.refRoot ? { root: input.refRoot } : {}), onRead });
  if (!loaded.ok) return loaded;
  // An update keeps the file's sign-in: the operations are mapped for it.
  const keptAuthorization = input.existingText?.trim() ? authorizationOf(input.existingText) : undefined;
  const mapped = importOpenApi(loaded.document, { ...input, ...(keptAuthorization ? { keptAuthorization } : {}) });
  if (!mapped.ok) return mapped;
  const { connector, notes, version } = mapped.result;
  if (input.check && input.existingText !== undefined) {
    const existing = parse(input.existingText, [], { allowTrailingComma: true }) as unknown;
    const file = existing !== null && typeof existing === 'object' && !Array.isArray(existing) ? (existing as Record<string, JsonValue>) : {};
    return { ok: true, text: input.existingText, operations: connector.operations.length, version, notes, problems: loaded.problems, differences: connectorDifferences(file, connector), findings: [] };
  }
  let text: string;
  let changes: string[] | undefined;
  if (input.existingText !== undefined && input.existingText.trim() !== '') {
    const updated = reimportInto(input.existingText, connector);
    if ('problem' in updated) return { ok: false, failure: { code: 'unreadable', message: updated.problem } };
    text = updated.text;
    changes = updated.changes;
  } else {
    text = `// Imported from ${input.specLabel} (${VERSION_NAMES[version]}) by connector import openapi.\n${printConnectorJson(connector as unknown as JsonValue)}\n`;
  }
  const findings = getLanguageService().check(text).result.findings.filter((f) => f.severity !== 'info');
  return { ok: true, text, operations: connector.operations.length, version, notes, problems: loaded.problems, ...(changes ? { changes } : {}), findings };
}

/** The operations of a document on disk, for choosing which to import. */
async function listOperations(spec: string, refRoot: string | undefined, onRead: (bytes: number) => void): Promise<ListOutcome> {
  const loaded = await loadOpenApiDocument(spec, { ...(refRoot ? { root: refRoot } : {}), onRead });
  if (!loaded.ok) return loaded;
  const listed = listOpenApiOperations(loaded.document);
  if ('code' in listed) return { ok: false, failure: listed as ImportFailure };
  const document = loaded.document as { openapi?: unknown; swagger?: unknown };
  return { ok: true, operations: listed, version: String(document.openapi ?? document.swagger ?? '') };
}

/** Does what the worker is asked; `onRead` hears the size of each file as it is read. */
export function runImportTask(task: ImportTask, onRead: (bytes: number) => void): Promise<ImportTaskOutcome> {
  return task.kind === 'list' ? listOperations(task.spec, task.refRoot, onRead) : importDocument(task.input, onRead);
}

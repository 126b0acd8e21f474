// One import from a $metadata document on disk to the connector text, shared by `connector import odata` and the
// editor's "Add Custom Requests from $metadata…".
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';
import {
  addToConnector, getLanguageService, importMetadata, listMetadataChoices, printConnectorJson,
  type Finding, type ImportNote, type JsonValue, type MetadataChoice, type ODataConnectorJson, type ODataImportOptions, type ServiceMetadata,
} from '../core';
import { readMetadataFile } from '../files/metadataFiles';

const languageService = getLanguageService();

export interface MetadataImportInput extends Omit<ODataImportOptions, 'metadataPath'> {
  /** The metadata document (absolute path). */
  metadataFile: string;
  /** The connector file written or updated (absolute), when there is one: its `metadata` is relative to its folder. */
  connectorPath?: string;
  /** Without a connector file (the connector is printed), `metadata` is relative to this folder. */
  workingFolder: string;
  /** The text of the connector file being added to, when it exists. */
  existingText?: string;
}

export type MetadataImportOutcome =
  | {
      ok: true;
      text: string;
      connector: ODataConnectorJson;
      notes: ImportNote[];
      /** The ids of the requests written (for an existing file: those added). */
      added: string[];
      /** For an existing file: what changed, and what was kept. */
      changes?: string[];
      /** Findings of the connector checks (metadata checks included) on the written text above info level (expected: none). */
      findings: Finding[];
    }
  | { ok: false; message: string };

/** Reads a metadata document: the service, or why it cannot be used, said with the file's name. */
export function readMetadataDocument(path: string, shown = path): { ok: true; service: ServiceMetadata } | { ok: false; message: string } {
  const outcome = readMetadataFile(path);
  return outcome.ok ? { ok: true, service: outcome.service } : { ok: false, message: `${shown} cannot be used as $metadata: ${outcome.message}.` };
}

/** How a connector in `folder` names a file: relative, with forward slashes (absolute when on another drive). */
function namedFrom(folder: string, file: string): string {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // Named as given.
  }
  const path = relative(folder, real).split(sep).join('/');
  return isAbsolute(path) ? real : path;
}

/** The existing connector's base URL, which the new requests are written against unless the user gives another. */
function baseUrlOf(text: string | undefined): string | undefined {
  const connector = text === undefined ? undefined : languageService.read(text).connector;
  return connector?.kind === 'odata' ? connector.baseUrl?.value : undefined;
}

/** The choices a document offers, for a picker. */
export function listChoicesInFile(path: string): { ok: true; choices: MetadataChoice[] } | { ok: false; message: string } {
  const read = readMetadataDocument(path, basename(path));
  return read.ok ? { ok: true, choices: listMetadataChoices(read.service) } : read;
}

/** Imports a metadata document into connector text: a new connector, or what is new added to `existingText`. */
export function importMetadataFile(input: MetadataImportInput): MetadataImportOutcome {
  const read = readMetadataDocument(input.metadataFile, basename(input.metadataFile));
  if (!read.ok) return read;
  const service = read.service;
  const existing = input.existingText !== undefined && input.existingText.trim() !== '' ? input.existingText : undefined;
  const baseUrl = input.baseUrl ?? baseUrlOf(existing);
  const metadataPath = namedFrom(input.connectorPath ? dirname(input.connectorPath) : input.workingFolder, input.metadataFile);
  const mapped = importMetadata(service, { ...input, metadataPath, ...(baseUrl ? { baseUrl } : {}) });
  if (!mapped.ok) return { ok: false, message: mapped.failure.message };
  const { connector } = mapped.result;
  const notes = [...mapped.result.notes];
  let text: string;
  let added = connector.customRequests.map((r) => r.id);
  let changes: string[] | undefined;
  if (existing !== undefined) {
    const merged = addToConnector(existing, connector, service);
    if ('problem' in merged) return { ok: false, message: merged.problem };
    ({ text, added, changes } = merged);
    notes.push(...merged.notes);
  } else {
    text = `// Custom requests written from ${basename(input.metadataFile)} by connector import odata.\n${printConnectorJson(connector as unknown as JsonValue)}\n`;
  }
  const metadata = { generation: 0, load: () => ({ ok: true as const, service, path: input.metadataFile }) };
  const findings = languageService.check(text, { metadata }).result.findings.filter((f) => f.severity !== 'info');
  return { ok: true, text, connector, notes, added, ...(changes ? { changes } : {}), findings };
}

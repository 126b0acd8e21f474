// The language server's side of "Add Custom Requests from $metadata…": what a service offers (marking what the
// connector has), and the connector text with the chosen requests added. Nothing is written here: the extension
// applies the text as an edit, so it can be undone.
import { basename, dirname } from 'node:path';
import { getLanguageService, listMetadataChoices, requestsAlreadyIn, type ServiceMetadata } from '../core';
import { readJsonText } from '../io/jsonText';
import { filePathOf, type FeatureDeps, type FeatureGroupFactory } from '../lsp/context';
import {
  IMPORT_METADATA, METADATA_CHOICES,
  type ImportMetadataParams, type ImportMetadataResult, type MetadataChoicesParams, type MetadataChoicesResult,
} from '../protocol';
import { importMetadataFile, readMetadataDocument } from './importFile';

const languageService = getLanguageService();

/** The metadata a connector names, read as its checks read it (inside the workspace, after symlinks). */
function namedMetadata(deps: FeatureDeps, uri: string, named: string): { ok: true; service: ServiceMetadata; path: string } | { ok: false; message: string } {
  const outcome = deps.connectorCheck(uri).metadata?.load(named);
  if (!outcome) return { ok: false, message: 'The connector\'s metadata cannot be read here.' };
  return outcome.ok ? outcome : { ok: false, message: `The connector names ${JSON.stringify(named)} as its metadata, but ${outcome.message}.` };
}

/** The import requests. */
export const metadataImportFeatures: FeatureGroupFactory = (deps) => ({
  capabilities: {},
  register({ connection, documents }) {
    async function textOf(uri: string): Promise<string | undefined> {
      const open = documents.get(uri)?.getText();
      if (open !== undefined) return open;
      const path = filePathOf(uri);
      return path === undefined ? undefined : readJsonText(path).catch(() => undefined);
    }

    connection.onRequest(METADATA_CHOICES, async (params: MetadataChoicesParams): Promise<MetadataChoicesResult> => {
      const { uri, path: given } = params;
      if (!uri && !given) return { ok: false, message: 'No connector and no metadata document were given.' };
      const text = uri ? await textOf(uri) : undefined;
      if (uri && text === undefined) return { ok: false, message: 'The connector cannot be read.' };
      const connector = text === undefined ? undefined : languageService.read(text).connector;
      if (uri && connector?.kind !== 'odata') return { ok: false, notOData: true, message: 'Custom requests are added to an OData connector ("kind": "odata"); this file is not one.' };
      const named = connector?.kind === 'odata' ? connector.metadata?.value : undefined;
      if (!given && !named) return { ok: false, needsMetadata: true, message: 'The connector names no $metadata yet: fetch it from the service, or choose a metadata file.' };
      const read = given ? { ...readMetadataDocument(given, basename(given)), path: given } : namedMetadata(deps, uri ?? '', named ?? '');
      if (!read.ok) return { ok: false, message: read.message };
      const has = text === undefined ? () => undefined : requestsAlreadyIn(text, read.service);
      // A choice that gives nothing is listed too, with why: nothing of the service is left out silently.
      const choices = listMetadataChoices(read.service).map((c) => ({ ...c, present: c.requests.length > 0 && c.requests.every((r) => has(r) !== undefined) }));
      const baseUrl = connector?.kind === 'odata' ? connector.baseUrl?.value : undefined;
      return { ok: true, path: read.path, choices, ...(baseUrl ? { baseUrl } : {}) };
    });

    connection.onRequest(IMPORT_METADATA, async (params: ImportMetadataParams): Promise<ImportMetadataResult> => {
      const out = filePathOf(params.out);
      if (out === undefined) return { ok: false, message: 'Only a connector saved as a file can name its metadata file; save it first.' };
      const existingText = await textOf(params.out);
      const outcome = importMetadataFile({
        metadataFile: params.path,
        connectorPath: out,
        workingFolder: dirname(out),
        choices: params.choices,
        ...(params.baseUrl !== undefined && /^https?:\/\//i.test(params.baseUrl) && URL.canParse(params.baseUrl) ? { baseUrl: params.baseUrl } : {}),
        ...(existingText !== undefined ? { existingText } : {}),
      });
      if (!outcome.ok) return outcome;
      return {
        ok: true,
        text: outcome.text,
        added: outcome.added,
        notes: outcome.notes,
        ...(outcome.changes ? { changes: outcome.changes } : {}),
        findings: outcome.findings.map((f) => `${f.code}: ${f.message}`),
      };
    });
  },
});

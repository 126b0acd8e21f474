import { readJsonTextSync } from '../io/jsonText';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { LineIndex, secretVariable } from '../core';
import { fetchMetadataFile } from '../files/metadataFetch';
import { FETCH_METADATA, FETCH_METADATA_COMMAND, type FetchMetadataParams, type FetchMetadataResult } from '../protocol';
import { readableFolders, sendOptions } from '../sending/requestInputs';
import type { FeatureGroupFactory } from './context';
import { lspEdit } from './convert';
import { SecretChannelError, secretsForClient } from './secretRequest';
import { editorPlace } from './sendingPlace';
import { serverTokens } from './tokens';

/** "Fetch $metadata": the server downloads and writes the file, the connector edit goes through the editor (undoable). */
export const metadataFeatures: FeatureGroupFactory = (deps) => ({
  capabilities: {},
  register({ connection, documents, client, registerCommand }) {
    async function fetch(uri: string): Promise<FetchMetadataResult> {
      let path: string;
      try {
        const parsed = URI.parse(uri);
        if (parsed.scheme !== 'file') return { ok: false, message: 'Only a connector saved as a file can have a metadata file beside it; save it first.' };
        path = parsed.fsPath;
      } catch {
        return { ok: false, message: 'The connector is not a file.' };
      }
      let text = documents.get(uri)?.getText();
      if (text === undefined) {
        try {
          text = readJsonTextSync(path);
        } catch {
          return { ok: false, message: `${path} cannot be read.` };
        }
      }
      const ours = client().connectorToolsExtension;
      const missing: string[] = [];
      const secrets = secretsForClient(connection, uri, ours);
      const send = sendOptions(deps.settings().requestTimeoutMs);
      const outcome = await fetchMetadataFile({
        connectorPath: path,
        text,
        roots: readableFolders(editorPlace(deps, documents), path),
        secrets: async (name, origin, tokenFor) => {
          const value = await secrets(name, origin, tokenFor);
          if (!value) missing.push(name);
          return value;
        },
        tokens: serverTokens.source(send),
        send,
      }).catch((error: unknown) => {
        if (error instanceof SecretChannelError) return { ok: false as const, message: error.message };
        throw error;
      });
      if (!outcome.ok) {
        const hint = missing[0] ? (ours ? " Run 'Connector: Set Secret…' to set it." : ` Set ${secretVariable(missing[0])} in the environment the language server runs in.`) : '';
        return { ok: false, message: `${outcome.message}${hint}` };
      }
      const lines = new LineIndex(text);
      return { ok: true, path: outcome.path, summary: outcome.summary, edit: { changes: outcome.edits.length ? { [uri]: outcome.edits.map((e) => lspEdit(lines, e)) } : {} } };
    }

    connection.onRequest(FETCH_METADATA, (params: FetchMetadataParams): Promise<FetchMetadataResult> => fetch(params.uri));

    // Any client: `connector.fetchMetadata` [uri]; the connector edit is applied through workspace/applyEdit.
    registerCommand(FETCH_METADATA_COMMAND, async (args) => {
      const [uri] = args;
      if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `${FETCH_METADATA_COMMAND} takes [uri].`);
      const result = await fetch(uri);
      if (!result.ok) {
        void connection.window.showErrorMessage(`The $metadata was not fetched: ${result.message}`);
        return result;
      }
      if (Object.keys(result.edit.changes ?? {}).length && client().applyEdit) await connection.workspace.applyEdit({ label: 'Name the metadata file', edit: result.edit });
      void connection.window.showInformationMessage(`Wrote ${result.path}: ${result.summary}.`);
      return result;
    });
  },
});

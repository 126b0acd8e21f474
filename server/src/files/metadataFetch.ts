import { realpathSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { addMetadataEdits, describeService, fetchMetadata, getLanguageService, type SecretProvider, type SendOptions, type TextEdit, type TokenSource } from '../core';
import { METADATA_FILES } from './metadataFiles';
import { writeFileWhole } from './wholeFile';
import { inside } from './projectRoot';

/** Reads the connector (its model only: nothing is checked before a download). */
const languageService = getLanguageService();

export interface MetadataFetchInput {
  /** The connector file (absolute) and its current text (an open document's, unsaved edits included). */
  connectorPath: string;
  text: string;
  /** Where to write, absolute, as the user chose it; else the connector's `metadata`, else NAME.metadata.xml beside it. */
  out?: string;
  /** Folders a path the connector names may be written in (the workspace); a chosen `out` may be anywhere. */
  roots: readonly string[];
  secrets: SecretProvider;
  /** Where an OAuth2 connector's token comes from: the edge's token cache, as for its requests. */
  tokens: TokenSource;
  /** How the download (and a token request) is sent: the network, the time limit and a cancel. */
  send: SendOptions;
}

export type MetadataFetchOutcome =
  | { ok: true; path: string; /** As the connector names it, relative to its folder. */ named: string; edits: TextEdit[]; summary: string; /** The connector names another file than the one written. */ namesOther?: string }
  | { ok: false; /** 'input': the file or a secret is wrong and nothing was sent; 'download': the service's answer. */ kind: 'input' | 'download'; message: string };

/** `orders.connector.json` → `orders.metadata.xml`. */
export function defaultMetadataName(connectorPath: string): string {
  return `${basename(connectorPath).replace(/\.connector\.json$/i, '').replace(/\.json$/i, '')}.metadata.xml`;
}

function realParentInside(path: string, roots: readonly string[]): boolean {
  let folder = dirname(path);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  let real: string;
  try {
    real = realpathSync(existsSync(path) ? path : folder);
  } catch {
    return false;
  }
  return roots.some((root) => {
    try {
      return inside(real, realpathSync(root));
    } catch {
      return false;
    }
  });
}

/**
 * Downloads a connector's $metadata, writes it (a temporary file renamed into place, so a failure leaves the old
 * one), and returns the edits that name it in the connector when it does not yet. The same for CLI and editor.
 */
export async function fetchMetadataFile(input: MetadataFetchInput): Promise<MetadataFetchOutcome> {
  const { connector } = languageService.read(input.text);
  if (connector?.kind !== 'odata') return { ok: false, kind: 'input', message: `${basename(input.connectorPath)} is not an OData connector ("kind": "odata"); only OData services have $metadata.` };
  const connectorDir = dirname(input.connectorPath);
  const named = connector.metadata?.value;
  const target = input.out ?? resolve(connectorDir, named ?? defaultMetadataName(input.connectorPath));
  // A path the file names (not one the user typed) must stay inside the workspace: a connector cannot make the tool overwrite ~/.bashrc.
  const outside = (done: string): MetadataFetchOutcome => ({ ok: false, kind: 'input', message: `The connector names ${JSON.stringify(named)} as its metadata file, which resolves outside the workspace (${target}); ${done}. Give the place to write explicitly, or name a file inside the workspace.` });
  if (!input.out && !realParentInside(target, input.roots)) return outside('nothing was downloaded');
  const fetched = await fetchMetadata(connector, { secrets: input.secrets, tokens: input.tokens }, input.send);
  if (!fetched.ok) return { ok: false, kind: fetched.code === 'invalid-connector' || fetched.code === 'missing-secret' ? 'input' : 'download', message: fetched.message };
  // Again once the download is in: a folder on the way may have become a link elsewhere while it ran.
  if (!input.out && !realParentInside(target, input.roots)) return outside('nothing was written');
  const failed = writeFileWhole(target, (fd) => (writeFileSync(fd, fetched.text), true));
  if (failed) return { ok: false, kind: 'download', message: `${target} cannot be written (${failed.code ?? failed.message}).` };
  METADATA_FILES.changed(target);
  const relativePath = relative(connectorDir, target).split(sep).join('/');
  const name = isAbsolute(relativePath) ? target : relativePath;
  const namesOther = named !== undefined && resolve(connectorDir, named) !== target ? named : undefined;
  return { ok: true, path: target, named: name, edits: addMetadataEdits(input.text, connector, name), summary: describeService(fetched.service), ...(namesOther ? { namesOther } : {}) };
}

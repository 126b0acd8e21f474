// One import of requests (curl, Postman, HAR) from its text to the connector and values files' texts, shared by
// `connector import curl|postman|har` and the editor: files a request names are written relative to the connector,
// the result is checked as `connector lint` checks it, and no credential of the source may be in anything written.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { getLanguageService, importRequestTexts, type Finding, type RequestImportInput, type RequestImportTexts } from '../core';

/** What the edge adds to an import's input. */
export interface RequestImportFileInput extends Omit<RequestImportInput, 'filePath'> {
  /** The connector file written (absolute), when there is one: files are named relative to its folder. */
  connectorPath?: string;
  /** The folder relative file names in the source are read against (the working folder, the source file's folder). */
  sourceFolder: string;
}

export type RequestImportFileOutcome =
  | ({ ok: true; /** Findings of the connector checks on the written text above info level (expected: none). */ findings: Finding[]; valuesPath?: string } & RequestImportTexts)
  | { ok: false; message: string; offset?: number };

/** The largest source read: a HAR file with its answers' bodies, a collection of thousands of requests. */
export const MAX_SOURCE_BYTES = 64 * 1024 * 1024;

/** A source file's text (UTF-8, without a byte-order mark); only a regular file is read, and none larger than the limit. */
export async function readSourceFile(path: string): Promise<string> {
  // Without waiting for a FIFO's writer: the open returns, and the check on the descriptor refuses it.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREGULAR' });
    if (stat.size > MAX_SOURCE_BYTES) throw Object.assign(new Error(`it is ${Math.round(stat.size / 1024 / 1024)} MB; at most ${MAX_SOURCE_BYTES / 1024 / 1024} MB are read`), { code: 'ETOOLARGE' });
    return (await handle.readFile('utf8')).replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
}

/** The values file beside a connector: `NAME.connector.json` → `NAME.values.json`. */
export function valuesPathOf(connectorPath: string): string {
  return /\.connector\.json$/i.test(connectorPath) ? connectorPath.replace(/\.connector\.json$/i, '.values.json') : connectorPath.replace(/(\.jsonc?)?$/i, '.values.json');
}

/** Shorter credentials are not looked for in text: they would be found in ordinary words by chance. */
const MIN_SECRET_LENGTH = 4;

/** Whether any credential of the source is in a text (as is, or as JSON writes it). */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((s) => s.length >= MIN_SECRET_LENGTH && (text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1))));
}

/** Text with every credential of the source replaced by •••: for reports, which quote the source. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length)) out = out.split(secret).join('•••');
  return out;
}

/** Imports requests into connector and values texts; refuses when a credential would be written into either. */
export function importRequestsFile(input: RequestImportFileInput): RequestImportFileOutcome {
  const folder = input.connectorPath ? dirname(input.connectorPath) : undefined;
  const filePath = (path: string): string => {
    if (folder === undefined) return path;
    const absolute = isAbsolute(path) ? path : resolve(input.sourceFolder, path);
    const inside = relative(folder, absolute);
    return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside.split(sep).join('/');
  };
  const outcome = importRequestTexts({ ...input, filePath });
  if (!outcome.ok) return outcome;
  if (holdsSecret(outcome.text, outcome.result.secrets) || (outcome.valuesText !== undefined && holdsSecret(outcome.valuesText, outcome.result.secrets))) {
    return { ok: false, message: 'A credential of the source would be written into the connector or its values file; nothing was written. Please report this with the source (credentials removed).' };
  }
  const findings = getLanguageService().check(outcome.text).result.findings.filter((f) => f.severity !== 'info');
  return { ...outcome, findings, ...(input.connectorPath && outcome.valuesText !== undefined ? { valuesPath: valuesPathOf(input.connectorPath) } : {}) };
}

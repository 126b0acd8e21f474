// `connector import curl|postman|har`: the requests a user already has as a connector and its values file.
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { commandLineOf, connectorFileNameFor, LineIndex, listRequestOrigins, SOURCE_NAMES, type RequestSourceKind, type SecretToSet } from '../../core';
import { readJsonFile, type JsonFileText } from '../../io/jsonText';
import { importRequestsFile, readSourceFile, valuesPathOf, withoutSecrets } from '../../requestImport/importFile';
import { formatChanges, formatFindings, formatNotes, readImportTarget, writeImported } from '../importReport';
import type { CliIo } from '../io';
import { displayPathOf } from '../lint/lintFiles';
import { describeFsError } from '../usage';
import { IMPORT_REQUESTS_HELP, parseImportRequestsOptions, type ImportRequestsOptions } from './options';

/** How to set each secret the connector names: in VS Code and on the command line. */
export function secretAdvice(secrets: readonly SecretToSet[]): string {
  return secrets.map((s) => `The connector signs in with secret '${s.name}' (the source sent ${s.carried}). Set it: in VS Code with Connector: Set Secret…, on the command line as ${s.variable}.\n`).join('');
}

/** Where a curl command could not be read: line and column in the text, when it has more than one line. */
function placeIn(text: string, offset: number | undefined): string {
  if (offset === undefined) return '';
  const position = new LineIndex(text).positionAt(Math.min(offset, text.length));
  return ` (line ${position.line + 1}, column ${position.character + 1})`;
}

/** The existing values file beside `out`, when it is there. */
async function readValuesFile(path: string, io: CliIo, shown: string): Promise<{ ok: true; file?: JsonFileText } | { ok: false }> {
  try {
    return { ok: true, file: await readJsonFile(path) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true };
    io.stderr(`connector import: cannot read ${shown}: ${describeFsError(error)}.\nNothing was written.\n`);
    return { ok: false };
  }
}

/** `connector import curl|postman|har`. Exit 0 written, 2 nothing written. */
export async function runImportRequestsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseImportRequestsOptions(argv);
  if (options.help) {
    io.stdout(IMPORT_REQUESTS_HELP);
    return 0;
  }
  const kind = options.kind;
  let text: string;
  let label: string;
  let sourceFolder = io.cwd;
  if (options.curlArguments) {
    text = commandLineOf(options.curlArguments);
    label = 'a curl command';
  } else if (options.source === '-') {
    text = (await io.readStdin()).toString('utf8').replace(/^\uFEFF/, '');
    label = kind === 'curl' ? 'a curl command' : `a ${SOURCE_NAMES[kind]}`;
  } else {
    const path = resolve(io.cwd, options.source ?? '');
    try {
      text = await readSourceFile(path);
    } catch (error) {
      io.stderr(`connector import: cannot read ${options.source ?? ''}: ${describeFsError(error)}.\nNothing was written.\n`);
      return 2;
    }
    label = basename(path);
    sourceFolder = dirname(path);
  }
  let environmentText: string | undefined;
  if (options.environment) {
    try {
      environmentText = await readSourceFile(resolve(io.cwd, options.environment));
    } catch (error) {
      io.stderr(`connector import: cannot read ${options.environment}: ${describeFsError(error)}.\nNothing was written.\n`);
      return 2;
    }
  }
  const source: ReadSource = { kind, text, label, sourceFolder, ...(environmentText !== undefined ? { environmentText } : {}) };
  if (!options.allOrigins) return importInto(io, options, source, options.out, options.origin);
  // Every origin: the one most requests go to into --out, each other one into HOST.connector.json beside it.
  const listed = listRequestOrigins({ kind, text, label, ...(environmentText !== undefined ? { environmentText } : {}), ...(options.include ? { include: options.include } : {}) });
  if (!listed.ok) {
    io.stderr(`connector import: ${listed.message}\nNothing was written.\n`);
    return 2;
  }
  const origins = listed.origins.map((o) => o.origin).filter((o, i) => o !== '' || i === 0);
  const outFolder = dirname(resolve(io.cwd, options.out ?? ''));
  let code = 0;
  for (const [i, origin] of origins.entries()) {
    const out = i === 0 ? options.out : join(outFolder, connectorFileNameFor(origin));
    const elsewhere = origins.filter((o) => o !== origin);
    code = Math.max(code, await importInto(io, options, { ...source, importedElsewhere: elsewhere }, out, origin));
  }
  return code;
}

/** What the source gave, read once for every connector written from it. */
interface ReadSource {
  kind: RequestSourceKind;
  text: string;
  label: string;
  sourceFolder: string;
  environmentText?: string;
  importedElsewhere?: readonly string[];
}

/** Imports the requests to one origin into one connector file (printed without `out`) and reports; the exit code. */
async function importInto(io: CliIo, options: ImportRequestsOptions, source: ReadSource, outOption: string | undefined, origin: string | undefined): Promise<number> {
  const { kind, text, label, sourceFolder, environmentText } = source;
  const target = await readImportTarget(io, outOption);
  if (!target) return 2;
  const { path: out, existing } = target;
  const valuesPath = out ? valuesPathOf(out) : undefined;
  const valuesShown = valuesPath ? displayPathOf(valuesPath, io.cwd) : '';
  const values = valuesPath ? await readValuesFile(valuesPath, io, valuesShown) : { ok: true as const };
  if (!values.ok) return 2;
  const outcome = importRequestsFile({
    kind,
    text,
    label,
    sourceFolder,
    ...(out ? { connectorPath: out } : {}),
    ...(existing !== undefined ? { existingText: existing.text } : {}),
    ...(values.file ? { existingValuesText: values.file.text } : {}),
    ...(environmentText !== undefined ? { environmentText } : {}),
    ...(options.include ? { include: options.include } : {}),
    ...(options.name ? { name: options.name } : {}),
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(origin !== undefined ? { origin } : {}),
    ...(source.importedElsewhere ? { importedElsewhere: source.importedElsewhere } : {}),
    ...(options.id ? { id: options.id } : {}),
  });
  if (!outcome.ok) {
    const place = kind === 'curl' && text.includes('\n') ? placeIn(text, outcome.offset) : '';
    io.stderr(`connector import: ${place ? `${outcome.message.replace(/\.$/, '')}${place}.` : outcome.message}\nNothing was written.\n`);
    return 2;
  }
  const secrets = outcome.result.secrets;
  if (!(await writeImported(io, out ? { path: out, shown: outOption ?? '' } : undefined, existing, outcome.text))) return 2;
  const report: string[] = [];
  if (valuesPath && outcome.valuesText !== undefined) {
    try {
      await writeFile(valuesPath, values.file?.byteOrderMark ? `\uFEFF${outcome.valuesText}` : outcome.valuesText, 'utf8');
    } catch (error) {
      io.stderr(`connector import: cannot write ${valuesShown}: ${describeFsError(error)}.\n`);
      return 2;
    }
  }
  const shown = out ? displayPathOf(out, io.cwd) : 'the connector';
  const count = outcome.result.connector.operations.length;
  const operations = `${count} operation${count === 1 ? '' : 's'}`;
  if (outcome.changes) {
    report.push(`Updated ${shown} from ${label} (${operations} imported):\n`, formatChanges(outcome.changes));
  } else {
    report.push(`Imported ${operations} from ${label} into ${shown}.\n`);
  }
  if (valuesPath && outcome.valuesText !== undefined) report.push(`Examples written to ${valuesShown}${outcome.valuesChanges.length ? ':\n' : '.\n'}`, ...outcome.valuesChanges.map((c) => `  ${c}\n`));
  else if (!out && Object.keys(outcome.result.values).length > 0) report.push('The examples are written to the values file only with --out.\n');
  report.push(secretAdvice(outcome.result.secretsToSet));
  if (outcome.result.notes.length > 0) report.push(`What the platform cannot hold as the ${SOURCE_NAMES[outcome.kind]} says:\n${formatNotes(outcome.result.notes)}`);
  report.push(formatFindings(outcome.text, outcome.findings));
  io.stderr(withoutSecrets(report.join(''), secrets));
  return 0;
}

import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { exactOfNode, exportOpenApi, LineIndex, stringifyExact } from '../../core';
import { readJsonText } from '../../io/jsonText';
import { formatChanges, formatFindings, formatNotes, readImportTarget, writeImported } from '../importReport';
import { importOpenApiFile } from '../../openapi/importFile';
import { connectorCheckOptions } from '../connectorCheck';
import type { CliIo } from '../io';
import { languageService } from '../languageService';
import { displayPathOf } from '../lint/lintFiles';
import { describeFsError } from '../usage';
import { EXPORT_HELP, IMPORT_HELP, parseExportOptions, parseImportOptions } from './options';

/** `connector import openapi`: writes (or updates) a connector from an OpenAPI document. Exit 0, or 2 when nothing was written. */
export async function runImportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseImportOptions(argv);
  if (options.help) {
    io.stdout(IMPORT_HELP);
    return 0;
  }
  const spec = resolve(io.cwd, options.spec);
  const target = await readImportTarget(io, options.out);
  if (!target) return 2;
  const { path: out, existing } = target;
  if (options.check && existing === undefined) {
    io.stderr(`connector import: --check compares with an existing connector, and ${options.out ?? ''} does not exist. Import it first without --check.\n`);
    return 2;
  }
  const outcome = await importOpenApiFile({
    spec,
    specLabel: basename(spec),
    ...(options.refRoot ? { refRoot: resolve(io.cwd, options.refRoot) } : {}),
    ...(existing !== undefined ? { existingText: existing.text } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.name ? { name: options.name } : {}),
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.check ? { check: true } : {}),
  });
  if (!outcome.ok) {
    // The document is named as the user wrote it, not by the absolute path it was read from.
    io.stderr(`connector import: ${outcome.failure.message.split(spec).join(options.spec)}\nNothing was written.\n`);
    return 2;
  }
  if (outcome.differences) return reportCheck(io, options.out ?? '', options.spec, outcome.operations, outcome.differences);
  if (!(await writeImported(io, out ? { path: out, shown: options.out ?? '' } : undefined, existing, outcome.text))) return 2;
  const shown = out ? displayPathOf(out, io.cwd) : 'the connector';
  const count = outcome.operations;
  const report: string[] = [];
  if (outcome.changes) {
    report.push(`Updated ${shown} from ${options.spec} (${count} operation${count === 1 ? '' : 's'} imported):\n`);
    report.push(formatChanges(outcome.changes));
  } else {
    report.push(`Imported ${count} operation${count === 1 ? '' : 's'} from ${options.spec} into ${shown}.\n`);
  }
  if (outcome.problems.length > 0) {
    report.push(`The document does not follow the specification in ${outcome.problems.length} place${outcome.problems.length === 1 ? '' : 's'}; what could be read was imported:\n`);
    report.push(...outcome.problems.slice(0, 10).map((p) => `  ${p.replace(/\s*\n\s*/g, ' ')}\n`));
    if (outcome.problems.length > 10) report.push(`  ... and ${outcome.problems.length - 10} more.\n`);
  }
  if (outcome.notes.length > 0) report.push(`What the platform cannot hold as the document says:\n${formatNotes(outcome.notes)}`);
  report.push(formatFindings(outcome.text, outcome.findings));
  io.stderr(report.join(''));
  return 0;
}

/** `--check`: nothing written; every difference listed (exit 1), or that the connector is in step (exit 0). */
function reportCheck(io: CliIo, out: string, spec: string, operations: number, differences: readonly string[]): number {
  if (differences.length === 0) {
    io.stdout(`${out} is in step with ${spec} (${operations} operation${operations === 1 ? '' : 's'}).\n`);
    return 0;
  }
  io.stderr(`${out} differs from ${spec} in ${differences.length} place${differences.length === 1 ? '' : 's'} (nothing was written; import without --check to update it):\n${differences.map((d) => `  ${d}\n`).join('')}`);
  return 1;
}

/** `connector export openapi`: writes an OpenAPI 3.1 document for a REST connector. Exit 0, or 2 when nothing was written. */
export async function runExportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseExportOptions(argv);
  if (options.help) {
    io.stdout(EXPORT_HELP);
    return 0;
  }
  const path = resolve(io.cwd, options.file);
  let text: string;
  try {
    text = await readJsonText(path);
  } catch (error) {
    io.stderr(`connector export: cannot read the connector file ${options.file}: ${describeFsError(error)}.\n`);
    return 2;
  }
  const { connector, findings, parsed } = languageService.check(text, connectorCheckOptions(path)).result;
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0 || connector?.kind !== 'rest') {
    const shown = displayPathOf(path, io.cwd);
    const lines = new LineIndex(text);
    const why = connector?.kind === 'odata' ? `${shown} is an OData connector; the export describes REST connectors.\n` : errors.map((f) => {
      const p = lines.positionAt(f.offset);
      return `${shown}:${p.line + 1}:${p.character + 1}  ${f.message}  ${f.code}\n`;
    }).join('') || `${shown} is not a REST connector.\n`;
    io.stderr(`connector export: ${connector?.kind === 'odata' ? '' : 'fix these first (nothing was written):\n'}${why}`);
    return 2;
  }
  // Read exactly (every digit of a bound or an example kept) from the tree the check made, comments and all.
  const { document, notes } = exportOpenApi(parsed.root ? exactOfNode(parsed.root, text) : {});
  const json = `${stringifyExact(document, 2)}\n`;
  if (options.out) {
    try {
      await writeFile(resolve(io.cwd, options.out), json, 'utf8');
    } catch (error) {
      io.stderr(`connector export: cannot write ${options.out}: ${describeFsError(error)}.\n`);
      return 2;
    }
    io.stderr(`Exported ${Object.keys(document.paths as object).length} path${Object.keys(document.paths as object).length === 1 ? '' : 's'} to ${options.out}.\n`);
  } else {
    io.stdout(json);
  }
  if (notes.length > 0) io.stderr(`What OpenAPI cannot describe as the connector says:\n${formatNotes(notes)}`);
  return 0;
}

import { readCommandLine } from '../commandLine';
import { UsageError } from '../usage';

export const IMPORT_HELP = `Usage: connector import openapi SPEC [--out FILE [--check]] [--operations GLOBS] [--name NAME] [--base-url URL] [--ref-root DIR]

Reads a Swagger 2.0 or OpenAPI 3.0/3.1 document (JSON or YAML; $refs to other files are followed) and
writes a REST connector. What the platform cannot hold is reported per operation, never changed silently.

Options:
  --out FILE          the connector file to write (default: print it). When FILE already is a connector,
                      it is updated: imported operations are brought up to date, new ones added, your
                      comments and your other operations kept, and every change is listed
  --operations GLOBS  only these operations: comma-separated globs over ids or "METHOD /path",
                      e.g. --operations 'getPet*,POST /pets'
  --name NAME         the connector's name (default: the document's title)
  --base-url URL      the base URL (default: the document's first server, or host and basePath)
  --ref-root DIR      $refs may read files inside DIR (default: the document's folder); nothing is fetched
  --check             write nothing: compare the connector --out names with what the document would give it and
                      list every difference (operations added, removed or changed: method, path, headers,
                      parameters with their types and required flags; models). Exit 1 when there is one, 0 when
                      the connector is in step: a CI step that fails when the API drifts from its connector

Exit codes: 0 imported (with --check: in step), 1 with --check: the connector differs from the document,
2 the document cannot be read or imported (nothing was written).
`;

export const EXPORT_HELP = `Usage: connector export openapi FILE [--out SPEC]

Writes an OpenAPI 3.1 document (JSON, which YAML readers also read) for a REST connector, for Postman,
Spectral and code generators. What OpenAPI cannot describe is reported.

Options:
  --out SPEC   the document to write (default: print it)

Exit codes: 0 exported, 2 the connector has errors or cannot be read (nothing was written).
`;

export interface ImportCommandOptions {
  help: boolean;
  spec: string;
  out?: string;
  operations?: string;
  name?: string;
  baseUrl?: string;
  refRoot?: string;
  /** Compare instead of writing. */
  check?: boolean;
}

export interface ExportCommandOptions {
  help: boolean;
  file: string;
  out?: string;
}

/** Reads `--flag value` pairs and positionals; unknown flags are usage errors. */
function readArguments(argv: readonly string[], flags: readonly string[]): { positional: string[]; values: Record<string, string>; help: boolean } {
  const values: Record<string, string> = {};
  const known = (name: string, value: () => string): boolean => {
    if (!flags.includes(name)) return false;
    values[name] = value();
    return true;
  };
  return { ...readCommandLine(argv, known, { refuseEmpty: true }), values };
}

/** Reads the command line of `connector import openapi`. */
export function parseImportOptions(argv: readonly string[]): ImportCommandOptions {
  const check = argv.includes('--check');
  const { positional, values, help } = readArguments(argv.filter((a) => a !== '--check'), ['--out', '--operations', '--name', '--base-url', '--ref-root']);
  if (help) return { help, spec: '' };
  if (positional[0] !== 'openapi') throw new UsageError(positional[0] ? `'connector import ${positional[0]}' is not known; the import reads OpenAPI and Swagger documents (connector import openapi SPEC), OData $metadata (connector import odata METADATA), curl commands (connector import curl), Postman collections (connector import postman COLLECTION) and HAR files (connector import har FILE).` : 'Say what to import: connector import openapi SPEC, odata METADATA, curl, postman COLLECTION or har FILE.');
  if (positional.length !== 2) throw new UsageError('Give one OpenAPI or Swagger document, e.g. connector import openapi petstore.yaml --out petstore.connector.json.');
  if (check && !values['--out']) throw new UsageError('--check compares the connector --out names with the document: give --out FILE.');
  const baseUrl = values['--base-url'];
  if (baseUrl !== undefined && !/^https?:\/\/[^/]/i.test(baseUrl)) throw new UsageError(`--base-url takes an absolute http(s) URL, not '${baseUrl}'.`);
  return {
    help,
    spec: positional[1] ?? '',
    ...(values['--out'] ? { out: values['--out'] } : {}),
    ...(values['--operations'] ? { operations: values['--operations'] } : {}),
    ...(values['--name'] ? { name: values['--name'] } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(values['--ref-root'] ? { refRoot: values['--ref-root'] } : {}),
    ...(check ? { check } : {}),
  };
}

/** Reads the command line of `connector export openapi`. */
export function parseExportOptions(argv: readonly string[]): ExportCommandOptions {
  const { positional, values, help } = readArguments(argv, ['--out']);
  if (help) return { help, file: '' };
  if (positional[0] !== 'openapi') throw new UsageError(positional[0] ? `'connector export ${positional[0]}' is not known; the export writes OpenAPI: connector export openapi FILE.` : 'Say what to export: connector export openapi FILE.');
  if (positional.length !== 2) throw new UsageError('Give one connector file, e.g. connector export openapi petstore.connector.json --out petstore.openapi.json.');
  return { help, file: positional[1] ?? '', ...(values['--out'] ? { out: values['--out'] } : {}) };
}

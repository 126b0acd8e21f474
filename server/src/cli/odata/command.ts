import { resolve } from 'node:path';
import { importMetadataFile } from '../../metadataImport/importFile';
import { readCommandLine } from '../commandLine';
import { formatChanges, formatFindings, formatNotes, readImportTarget, writeImported } from '../importReport';
import type { CliIo } from '../io';
import { displayPathOf } from '../lint/lintFiles';
import { UsageError } from '../usage';

export const IMPORT_ODATA_HELP = `Usage: connector import odata METADATA [--out FILE] [--entity-sets GLOBS] [--base-url URL] [--name NAME]

Reads a service's $metadata (OData V4 CSDL, XML or JSON; 'connector metadata fetch' downloads it) and writes an
OData connector with a Custom request for each thing the service offers: per entity set its list, get by key,
create, update and delete (If-Match: {{etag}}), its bound actions and functions, and the service's action and
function imports, each with its parameters and the response structure the metadata gives. What the service
forbids (Capabilities restrictions) is not written; what the platform cannot hold (stream properties, binary
keys) is reported, never dropped silently.

Options:
  --out FILE           the connector file to write (default: print it). When FILE already is an OData
                       connector, what is new is added: its comments, settings and requests stay as they are,
                       and requests whose resource the service no longer has are reported
  --entity-sets GLOBS  only these entity sets, singletons and operation imports: comma-separated globs over
                       their names, e.g. --entity-sets 'CustomerOrder*,Reference_*'
  --base-url URL       the service root (default: the existing connector's, else a placeholder to set)
  --name NAME          the connector's name (default: the service's namespace)

Exit codes: 0 written, 2 the metadata cannot be read or nothing matches (nothing was written).
`;

interface ImportODataOptions {
  help: boolean;
  metadata: string;
  out?: string;
  entitySets?: string;
  baseUrl?: string;
  name?: string;
}

/** Reads the command line of `connector import odata`. */
export function parseImportODataOptions(argv: readonly string[]): ImportODataOptions {
  const values: Record<string, string> = {};
  const { positional, help } = readCommandLine(argv, (name, value) => {
    if (!['--out', '--entity-sets', '--base-url', '--name'].includes(name)) return false;
    values[name] = value();
    return true;
  }, { refuseEmpty: true });
  if (help) return { help, metadata: '' };
  if (positional.length !== 2) throw new UsageError('Give one metadata document, e.g. connector import odata orders.metadata.xml --out orders.connector.json.');
  const baseUrl = values['--base-url'];
  if (baseUrl !== undefined && (!/^https?:\/\/[^/]/i.test(baseUrl) || !URL.canParse(baseUrl))) throw new UsageError(`--base-url takes an absolute http(s) URL, not '${baseUrl}'.`);
  return {
    help,
    metadata: positional[1] ?? '',
    ...(values['--out'] ? { out: values['--out'] } : {}),
    ...(values['--entity-sets'] ? { entitySets: values['--entity-sets'] } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(values['--name'] ? { name: values['--name'] } : {}),
  };
}

/** `connector import odata`: writes (or adds to) an OData connector from a $metadata document. Exit 0, or 2 when nothing was written. */
export async function runImportODataCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseImportODataOptions(argv);
  if (options.help) {
    io.stdout(IMPORT_ODATA_HELP);
    return 0;
  }
  const metadataFile = resolve(io.cwd, options.metadata);
  const target = await readImportTarget(io, options.out);
  if (!target) return 2;
  const { path: out, existing } = target;
  const outcome = importMetadataFile({
    metadataFile,
    workingFolder: io.cwd,
    ...(out ? { connectorPath: out } : {}),
    ...(existing !== undefined ? { existingText: existing.text } : {}),
    ...(options.entitySets ? { entitySets: options.entitySets } : {}),
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  if (!outcome.ok) {
    io.stderr(`connector import: ${outcome.message.split(metadataFile).join(options.metadata)}\nNothing was written.\n`);
    return 2;
  }
  if (!(await writeImported(io, out ? { path: out, shown: options.out ?? '' } : undefined, existing, outcome.text))) return 2;
  const shown = out ? displayPathOf(out, io.cwd) : 'the connector';
  const count = outcome.added.length;
  const requests = `${count} Custom request${count === 1 ? '' : 's'}`;
  const report: string[] = [];
  if (outcome.changes) {
    report.push(`Updated ${shown} from ${options.metadata} (${requests} added):\n`);
    report.push(formatChanges(outcome.changes));
  } else {
    report.push(`Wrote ${requests} from ${options.metadata} into ${shown}.\n`);
  }
  if (outcome.notes.length > 0) report.push(`What the connector does not hold as the metadata says:\n${formatNotes(outcome.notes)}`);
  report.push(formatFindings(outcome.text, outcome.findings));
  io.stderr(report.join(''));
  return 0;
}

import type { RequestSourceKind } from '../../core';
import { readCommandLine } from '../commandLine';
import { UsageError } from '../usage';

export const IMPORT_REQUESTS_HELP = `Usage: connector import curl [FILE | - | -- CURL ARGUMENTS...] [--out FILE] [--id ID] [options]
       connector import postman COLLECTION.json [--out FILE] [--environment ENV.json] [options]
       connector import har FILE.har [--out FILE] [--include URLGLOBS] [options]

Writes (or updates) a REST connector from the requests you already have: curl commands (as an API's documentation
or a browser's "Copy as cURL (bash)" gives them; a file or standard input may hold several), a Postman collection
(v2.0 or v2.1: folders, variables, path variables, sign-in, bodies) or a browser's HAR export (its API calls). Each
request becomes an operation, its values typed from the example and the examples written to NAME.values.json beside
the connector. Credentials become the connector's authorization with a secret name; their values are never written.
What the platform cannot hold is reported.

Options:
  --out FILE           the connector file to write (default: print it; the examples are written only with --out).
                       When FILE already is a REST connector, it is updated: operations with the same id are
                       brought up to date, new ones added, your comments, operations and values kept
  --id ID              curl, one command: the operation's id (default: from the method and path)
  --name NAME          the connector's name (default: the collection's name, or the host)
  --base-url URL       the base URL (default: the requests' common origin and path prefix)
  --origin ORIGIN      import the requests to this origin (default: the one most requests go to; a connector
                       has one base URL, so the others are reported: import them with --origin into another file)
  --all-origins        import every origin: the one most requests go to into --out, each other one into a
                       connector of its own beside it, named after its host (HOST.connector.json)
  --environment FILE   postman: a Postman environment export whose values fill the collection's variables
  --include URLGLOBS   har: the requests whose URL a glob matches (comma-separated, * any text), instead of the
                       API calls (answers in JSON, XML, form or text; no pages, scripts, styles, images, fonts)

Exit codes: 0 written, 2 the source cannot be read or nothing can be imported (nothing was written).
`;

export interface ImportRequestsOptions {
  help: boolean;
  kind: RequestSourceKind;
  /** The source file (`-`: standard input). */
  source?: string;
  /** curl arguments after `--`. */
  curlArguments?: string[];
  out?: string;
  id?: string;
  name?: string;
  baseUrl?: string;
  origin?: string;
  allOrigins?: boolean;
  environment?: string;
  include?: string;
}

/** Reads the command line of `connector import curl|postman|har`. */
export function parseImportRequestsOptions(argv: readonly string[]): ImportRequestsOptions {
  const dashes = argv.indexOf('--');
  const own = dashes < 0 ? argv : argv.slice(0, dashes);
  const values: Record<string, string> = {};
  let allOrigins = false;
  const kind = own[0] as RequestSourceKind;
  const allowed = ['--out', '--name', '--base-url', '--origin', ...(kind === 'curl' ? ['--id'] : []), ...(kind === 'postman' ? ['--environment'] : []), ...(kind === 'har' ? ['--include'] : [])];
  const { positional, help } = readCommandLine(own, (name, value) => {
    if (name === '--all-origins') return (allOrigins = true);
    if (!allowed.includes(name)) return false;
    values[name] = value();
    return true;
  }, { refuseEmpty: true, dashIsPositional: true });
  if (help) return { help, kind };
  const sources = positional.slice(1);
  const baseUrl = values['--base-url'];
  if (baseUrl !== undefined && (!/^https?:\/\/[^/]/i.test(baseUrl) || !URL.canParse(baseUrl))) throw new UsageError(`--base-url takes an absolute http(s) URL, not '${baseUrl}'.`);
  const origin = values['--origin'];
  if (origin !== undefined && !/^https?:\/\/[^/]+\/?$/i.test(origin)) throw new UsageError(`--origin takes a scheme and host, e.g. https://api.example.com, not '${origin}'.`);
  if (allOrigins && origin !== undefined) throw new UsageError('--all-origins imports every origin; --origin chooses one: give one of them.');
  if (allOrigins && baseUrl !== undefined) throw new UsageError('--all-origins gives each origin its own base URL; --base-url sets one: give one of them.');
  if (allOrigins && !values['--out']) throw new UsageError('--all-origins writes a connector file for each origin beside the one --out names: give --out FILE.');
  const common = {
    help, kind,
    ...(values['--out'] ? { out: values['--out'] } : {}),
    ...(values['--name'] ? { name: values['--name'] } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(origin ? { origin } : {}),
    ...(allOrigins ? { allOrigins } : {}),
    ...(values['--id'] ? { id: values['--id'] } : {}),
    ...(values['--environment'] ? { environment: values['--environment'] } : {}),
    ...(values['--include'] ? { include: values['--include'] } : {}),
  };
  if (kind === 'curl') {
    if (dashes >= 0) {
      if (sources.length > 0) throw new UsageError('Give the curl command after --, or a file, not both.');
      const curlArguments = argv.slice(dashes + 1);
      if (curlArguments.length === 0) throw new UsageError('Give the curl arguments after --, e.g. connector import curl -- -X POST https://api.example.com/pets -d \'{"name":"Rex"}\'.');
      return { ...common, curlArguments };
    }
    if (sources.length !== 1) throw new UsageError('Give the curl command: after -- as arguments, - to read it from standard input, or a file that holds it.');
    return { ...common, source: sources[0] as string };
  }
  if (dashes >= 0) throw new UsageError(`'--' passes curl arguments; connector import ${kind} reads a file.`);
  if (sources.length !== 1) throw new UsageError(kind === 'postman' ? 'Give one collection, e.g. connector import postman petstore.postman_collection.json --out petstore.connector.json.' : 'Give one HAR file, e.g. connector import har recording.har --out app.connector.json.');
  return { ...common, source: sources[0] as string };
}

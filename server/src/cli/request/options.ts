import { readCommandLine } from '../commandLine';
import { UsageError } from '../usage';
import { maxPagesOption, timeoutOption } from '../optionValues';
import { NETWORK_HELP, networkOption, type NetworkOptions } from '../networkOptions';

export const REQUEST_HELP = `Usage: connector request FILE OPERATION_ID [options]

Builds the request of one operation (REST) or Custom request (OData) and sends it, or shows it.

Options:
  --value name=value     a value for a parameter or variable; repeat for several. Read by the
                         parameter's type: 7, true, a,b or ["a","b"] for arrays, c1,c3 or the values
                         for options, {"k":1} for objects
  --values FILE          values from a values file: { "<operation id>": { "<name>": <value>, ... } };
                         only the operation's own entry can stop sending, other entries' problems are warnings
  --dry-run              print the request (method, url, headers, body) without sending it; files are
                         shown by name and size
  --curl                 print the request as a curl command without sending it; secrets are written as
                         "$CONNECTOR_SECRET_<NAME>", so it runs as copied
  --format pretty|json   how to print the result, or with --dry-run the request (default: pretty)
  --timeout MS           the longest the whole request may take, connecting to the last byte of
                         the answer, redirects included (default: 30000); with --all-pages, each page
  --all-pages            read every page: follow OData's @odata.nextLink, else a Link rel="next" header,
                         on the request's own origin only, and join the rows into one result (GET only)
  --max-pages N          with --all-pages, the most pages read before stopping with an error (default: 100)
  --env NAME             use environment NAME from the nearest connector-environments.json (its base URL,
                         token endpoint and secret names replace the connector file's)
  --allow-files FOLDER   also allow files from this folder (repeatable); by default files named by values and
                         bodies must be inside the project (the folder above the connector with .git or
                         connector-tools.json, else the connector's folder)

${NETWORK_HELP}
Secrets come from the environment: CONNECTOR_SECRET_<NAME> (upper-case; other characters become _); with
--env, an environment that maps a secret to another name reads that name's variable.
Exit codes: 0 a 2xx result, 1 an error result, 2 bad input (nothing was sent).
`;

export interface RequestOptions {
  file: string;
  operationId: string;
  /** `--value` texts by name, read by each input's type once the connector is known. */
  values: Record<string, string>;
  valuesFile?: string;
  mode: 'send' | 'dry-run' | 'curl';
  format: 'pretty' | 'json';
  timeoutMs: number;
  /** Folders files may come from besides the project (`--allow-files`). */
  allowFiles: string[];
  /** `--all-pages`: follow next links; `maxPages` bounds how many pages are read. */
  allPages: boolean;
  maxPages?: number;
  /** The environment (`--env`). */
  env?: string;
  /** The proxy and certificates (`--proxy`, `--cacert`, `--cert`, `--key`). */
  network: NetworkOptions;
  help: boolean;
}

/** Reads the command line of `connector request`; mistakes are usage errors. */
export function parseRequestOptions(argv: readonly string[]): RequestOptions {
  const options: RequestOptions = { file: '', operationId: '', values: {}, mode: 'send', format: 'pretty', timeoutMs: 30_000, allPages: false, allowFiles: [], network: { caFiles: [] }, help: false };
  const { positional, help } = readCommandLine(argv, (name, value) => {
    if (networkOption(name, value, options.network)) return true;
    if (name === '--dry-run') options.mode = options.mode === 'curl' ? 'curl' : 'dry-run';
    else if (name === '--curl') options.mode = 'curl';
    else if (name === '--value') {
      const pair = value();
      const at = pair.indexOf('=');
      if (at <= 0) throw new UsageError(`--value takes name=value, not '${pair}'.`);
      options.values[pair.slice(0, at)] = pair.slice(at + 1);
    } else if (name === '--values') options.valuesFile = value();
    else if (name === '--allow-files') options.allowFiles.push(value());
    else if (name === '--env') options.env = value();
    else if (name === '--format') {
      const format = value();
      if (format !== 'pretty' && format !== 'json') throw new UsageError(`--format is pretty or json, not '${format}'.`);
      options.format = format;
    } else if (name === '--timeout') options.timeoutMs = timeoutOption(value());
    else if (name === '--all-pages') options.allPages = true;
    else if (name === '--max-pages') options.maxPages = maxPagesOption(value());
    else return false;
    return true;
  });
  options.help = help;
  if (options.help) return options;
  if (positional.length !== 2) throw new UsageError(`Give the connector file and the operation id, e.g. connector request examples/petstore.connector.json getPet.`);
  if (options.maxPages !== undefined && !options.allPages) throw new UsageError('--max-pages limits --all-pages; give --all-pages too.');
  options.file = positional[0] ?? '';
  options.operationId = positional[1] ?? '';
  return options;
}

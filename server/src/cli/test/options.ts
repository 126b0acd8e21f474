import { readCommandLine } from '../commandLine';
import { UsageError } from '../usage';
import { timeoutOption } from '../optionValues';
import { NETWORK_HELP, networkOption, type NetworkOptions } from '../networkOptions';

export const TEST_HELP = `Usage: connector test [files, folders or globs] [options]

Runs the cases of tests files (NAME.tests.json, beside NAME.connector.json): each sends its operation with its
values and checks the answer; a scenario (a case with "steps") sends its steps in order, each step's captures
filling {{names}} in later steps' values. Cases run one at a time, in file order. A folder (default: the current one) stands
for every *.tests.json below it; a connector file stands for its tests file.

Options:
  --env NAME             use environment NAME from the nearest connector-environments.json
  --format stylish|json|junit
                         how to report (default: stylish); junit is the XML CI servers read: one testsuite
                         per connector, one testcase per case, the differences in each failure
  --output-file PATH     write the report to PATH instead of standard output
  --timeout MS           the longest one request may take (default: 30000)
  --allow-files FOLDER   also allow files from this folder (repeatable)
  --color, --no-color    colour the stylish report (default: when writing to a terminal)

${NETWORK_HELP}
Secrets come from the environment: CONNECTOR_SECRET_<NAME> (upper-case; other characters become _). Every
secret the cases need is checked before anything is sent.
Exit codes: 0 every case passed, 1 a case failed or could not be sent, 2 bad input (nothing was sent).
`;

export type TestFormat = 'stylish' | 'json' | 'junit';

export interface TestOptions {
  targets: string[];
  env?: string;
  format: TestFormat;
  outputFile?: string;
  timeoutMs: number;
  allowFiles: string[];
  color?: boolean;
  /** The proxy and certificates (`--proxy`, `--cacert`, `--cert`, `--key`). */
  network: NetworkOptions;
  help: boolean;
}

const FORMATS: readonly TestFormat[] = ['stylish', 'json', 'junit'];

/** Reads the command line of `connector test`; mistakes are usage errors. */
export function parseTestOptions(argv: readonly string[]): TestOptions {
  const options: TestOptions = { targets: [], format: 'stylish', timeoutMs: 30_000, allowFiles: [], network: { caFiles: [] }, help: false };
  const { positional, help } = readCommandLine(argv, (name, value) => {
    if (networkOption(name, value, options.network)) return true;
    if (name === '--env') options.env = value();
    else if (name === '--format') {
      const format = value();
      if (!FORMATS.includes(format as TestFormat)) throw new UsageError(`--format is stylish, json or junit, not '${format}'.`);
      options.format = format as TestFormat;
    } else if (name === '--output-file' || name === '-o') options.outputFile = value();
    else if (name === '--timeout') options.timeoutMs = timeoutOption(value());
    else if (name === '--allow-files') options.allowFiles.push(value());
    else if (name === '--color') options.color = true;
    else if (name === '--no-color') options.color = false;
    else return false;
    return true;
  }, { refuseOptionLike: true, dashIsPositional: true });
  return { ...options, targets: positional, help };
}

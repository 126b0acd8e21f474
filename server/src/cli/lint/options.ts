import { parseArgs } from 'node:util';
import { closeMatches, isSeverityLevel, type SeverityLevel } from '../../core';
import { UsageError } from '../usage';
import type { Concurrency } from './lintThreads';

export const FORMATS = ['stylish', 'compact', 'json', 'sarif', 'github'] as const;
export type OutputFormat = (typeof FORMATS)[number];

/** `connector lint` as the user asked for it, validated. */
export interface LintOptions {
  targets: string[];
  format: OutputFormat;
  /** Undefined: any number of warnings is fine. */
  maxWarnings: number | undefined;
  overrides: Record<string, SeverityLevel>;
  /** Report errors only. */
  quiet: boolean;
  /** `--color` / `--no-color`; undefined: decided by the terminal and the environment. */
  color: boolean | undefined;
  /** Write the report to this file instead of standard output. */
  outputFile: string | undefined;
  /** Read one connector from standard input (the target `-`), judged as if it were this file. */
  stdin: { filename: string | undefined } | undefined;
  /** Worker threads to check with: a number (1: none), or auto (as many as the files pay for, up to the cores). */
  concurrency: Concurrency;
  help: boolean;
}

export const LINT_HELP = `Usage: connector lint [files, folders or globs...] [options]

Checks connector files (*.connector.json) and the files around them, with the editor's checks: values
files (NAME.values.json) and tests files (NAME.tests.json) against the connector beside them,
connector-environments.json and connector-tools.json. Each file is checked as its name says; any other
file named is checked as a connector. A folder means every such file below it (node_modules and dot
folders are skipped); no argument means the current folder. Quote globs so the shell leaves them
alone: 'src/**/*.connector.json' (connectors only), 'src/**/*.values.json'.

Options:
  -f, --format <name>      stylish (default), compact (one line per problem, for editors' problem
                           matchers), json, sarif or github (GitHub Actions annotations)
      --max-warnings <n>   exit with 1 when there are more than n warnings
      --rule <id=level>    change a rule's severity: off, info, warning or error (repeatable);
                           wins over connector-tools.json
  -q, --quiet              report errors only (warnings then do not count for --max-warnings)
  -o, --output-file <path> write the report to a file instead of the terminal
      --color, --no-color  force colour on or off (default: on for a terminal; FORCE_COLOR and
                           NO_COLOR are honoured)
      --stdin-filename <p> with the target -, read a file from standard input and check and report
                           it as this file (by its name; its connector-tools.json applies)
      --concurrency <n>    check files in n threads (up to the cores), 'auto' (one per 250 files, up to
                           one fewer than the cores) or 'off' (default: one thread); the report is the same
  -h, --help               show this help

The nearest connector-tools.json in a file's folder or above (up to the project root: the nearest
folder holding .git or connector-tools.json) sets rule levels, files to ignore and per-folder
overrides; the editor reads the same file.

Exit codes: 0 no errors (and warnings within --max-warnings), 1 problems found, 2 usage or read error.
Every rule id and what it means: docs/rules.md.
`;

function parseFormat(value: string | undefined): OutputFormat {
  if (value === undefined) return 'stylish';
  const format = FORMATS.find((f) => f === value);
  if (!format) throw new UsageError(`Unknown --format '${value}'. Use one of: ${FORMATS.join(', ')}.`);
  return format;
}

function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) {
    throw new UsageError(`--max-warnings needs a whole number of 0 or more, e.g. --max-warnings 0; got '${value}'.`);
  }
  return Number(value.trim());
}

function parseRule(value: string, knownIds: readonly string[], into: Record<string, SeverityLevel>): void {
  const equals = value.indexOf('=');
  if (equals < 0) {
    throw new UsageError(`--rule '${value}' has no level. Write it as id=level, e.g. --rule ${knownIds[0] ?? 'syntax-error'}=warning.`);
  }
  const id = value.slice(0, equals).trim();
  const level = value.slice(equals + 1).trim();
  if (!isSeverityLevel(level)) {
    throw new UsageError(`--rule '${value}': unknown level '${level}'. Use off, info, warning or error.`);
  }
  if (!knownIds.includes(id)) {
    const close = closeMatches(id, knownIds);
    const advice = close.length
      ? `Did you mean ${close.map((c) => `'${c}'`).join(' or ')}?`
      : `Known rule ids: ${knownIds.join(', ')}.`;
    throw new UsageError(`--rule '${value}': there is no rule '${id}'. ${advice}`);
  }
  into[id] = level;
}

function parseConcurrency(value: string | undefined): Concurrency {
  const given = value?.trim();
  if (given === undefined || given === 'off') return 1;
  if (given === 'auto') return 'auto';
  if (!/^\d+$/.test(given) || Number(given) < 1) {
    throw new UsageError(`--concurrency needs auto, off or a whole number of threads of 1 or more, e.g. --concurrency 4; got '${value}'.`);
  }
  // Digits beyond what a number holds still mean "as many as there are cores": the count is capped at the cores.
  return Math.min(Number(given), Number.MAX_SAFE_INTEGER);
}

const EXAMPLE_VALUES: Readonly<Record<string, string>> = { concurrency: 'auto', format: 'json', 'max-warnings': '0', rule: 'syntax-error=warning', 'output-file': 'report.sarif', 'stdin-filename': 'api.connector.json' };

/** Rewrites parseArgs' errors (written for programmers) into what a user of `connector lint` should do. */
function usageErrorOf(error: unknown, argv: readonly string[]): UsageError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    return new UsageError(`Unknown option '${option}'.`);
  }
  const name = /--([\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && name) {
    const option = `--${name}`;
    if (/argument missing/.test(message)) {
      return new UsageError(`Option '${option}' needs a value, e.g. ${option} ${EXAMPLE_VALUES[name] ?? 'VALUE'}.`);
    }
    // parseArgs refuses a value starting with '-' (e.g. --max-warnings -1): judge the value itself when we can.
    const at = argv.findIndex((arg) => arg === option || (name === 'format' && arg === '-f'));
    const value = at >= 0 ? argv[at + 1] : undefined;
    if (value !== undefined) {
      if (name === 'max-warnings') parseMaxWarnings(value);
      if (name === 'format') parseFormat(value);
      if (name === 'concurrency') parseConcurrency(value);
      return new UsageError(`Option '${option}' got '${value}', which looks like an option. If it is the value, write ${option}=${value}.`);
    }
  }
  return new UsageError(message);
}

/** Parses `connector lint` arguments; throws UsageError for anything it cannot make sense of. */
export function parseLintArgs(argv: readonly string[], knownRuleIds: readonly string[]): LintOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        'max-warnings': { type: 'string' },
        rule: { type: 'string', multiple: true },
        quiet: { type: 'boolean', short: 'q' },
        'output-file': { type: 'string', short: 'o' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        'stdin-filename': { type: 'string' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw usageErrorOf(error, argv);
  }
  const { values, positionals } = parsed;
  const overrides: Record<string, SeverityLevel> = {};
  for (const rule of values.rule ?? []) parseRule(rule, knownRuleIds, overrides);
  const readsStdin = positionals.includes('-');
  if (readsStdin && positionals.length > 1) {
    throw new UsageError(`'-' reads one connector from standard input and cannot be combined with files: ${positionals.filter((p) => p !== '-').join(' ')}.`);
  }
  if (values['stdin-filename'] !== undefined && !readsStdin) {
    throw new UsageError(`--stdin-filename names the connector read from standard input; add the target '-', e.g. connector lint - --stdin-filename ${values['stdin-filename']}.`);
  }
  if (values.color && values['no-color']) throw new UsageError('--color and --no-color contradict each other; give one.');
  return {
    targets: readsStdin ? [] : positionals,
    format: parseFormat(values.format),
    maxWarnings: parseMaxWarnings(values['max-warnings']),
    overrides,
    quiet: values.quiet ?? false,
    color: values.color ? true : values['no-color'] ? false : undefined,
    outputFile: values['output-file'],
    stdin: readsStdin ? { filename: values['stdin-filename'] } : undefined,
    concurrency: parseConcurrency(values.concurrency),
    help: values.help ?? false,
  };
}

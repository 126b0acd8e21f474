// `connector`: the command line on the same core as the editor. The edge: arguments in, text and an exit code out.
import { closeMatches, visibleText } from './core';
import type { CliIo } from './cli/io';
import { runLintCommand } from './cli/lint/command';
import { METADATA_HELP, runMetadataCommand } from './cli/metadata/command';
import { runExportCommand, runImportCommand } from './cli/openapi/command';
import { IMPORT_ODATA_HELP, runImportODataCommand } from './cli/odata/command';
import { runImportRequestsCommand } from './cli/requestImport/command';
import { IMPORT_REQUESTS_HELP } from './cli/requestImport/options';
import { EXPORT_HELP, IMPORT_HELP } from './cli/openapi/options';
import { LINT_HELP } from './cli/lint/options';
import { packageInfo } from './io/packageInfo';
import { runRequestCommand } from './cli/request/command';
import { REQUEST_HELP } from './cli/request/options';
import { runTestCommand } from './cli/test/command';
import { TEST_HELP } from './cli/test/options';
import { UsageError } from './cli/usage';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { LINT_WORKER_DATA } from './cli/lint/lintMessages';
import { serveLintChunks } from './cli/lint/lintWorker';

const COMMANDS = ['lint', 'request', 'test', 'metadata', 'import', 'export'] as const;

const HELP = `Usage: connector <command> [arguments] [options]

Commands:
  lint [files, folders or globs...]   check connector files (*.connector.json) against the platform's rules
  request FILE OPERATION_ID [--value name=value...] [--env NAME] [--dry-run] [--curl]
                                      send one operation of a connector file and print the result
  test [files, folders or globs...] [--env NAME] [--format stylish|json|junit]
                                      run the cases of tests files (NAME.tests.json) and check the answers
  metadata fetch FILE [--out PATH]    download an OData connector's $metadata and name it in the connector
  import openapi SPEC [--out FILE]    write (or update) a REST connector from an OpenAPI or Swagger document
  import odata METADATA [--out FILE]  write (or add to) an OData connector's Custom requests from a service's $metadata
  import curl|postman|har SOURCE [--out FILE]
                                      write (or update) a REST connector from curl commands, a Postman collection
                                      or a browser's HAR file, with the examples in NAME.values.json
  export openapi FILE [--out SPEC]    write an OpenAPI 3.1 document for a REST connector

Options:
  -h, --help       show this help; 'connector <command> --help' shows a command's own
  -v, --version    print the version

Exit codes: 0 success, 1 problems found (lint), the request failed or a test failed, 2 usage or read error.
`;

/** Colour by the conventions: FORCE_COLOR (not 0 or false) forces it, NO_COLOR turns it off, else a terminal has it. */
export function colorWanted(env: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTerminal;
}

function processIo(): CliIo {
  return {
    // The last guard: whatever a command prints, a file's or a service's text cannot drive the terminal.
    stdout: (text) => void process.stdout.write(visibleText(text)),
    stderr: (text) => void process.stderr.write(visibleText(text)),
    stdoutPainted: (text) => void process.stdout.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    cwd: process.cwd(),
    color: colorWanted(process.env, process.stdout.isTTY === true),
    ...(process.stdout.isTTY && process.stdout.columns > 0 ? { columns: process.stdout.columns } : {}),
  };
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr(HELP);
    return 2;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    const helps: Record<string, string> = { lint: LINT_HELP, request: REQUEST_HELP, test: TEST_HELP, metadata: METADATA_HELP, import: `${IMPORT_HELP}\n${IMPORT_ODATA_HELP}\n${IMPORT_REQUESTS_HELP}`, export: EXPORT_HELP };
    io.stdout(helps[rest[0] ?? ''] ?? HELP);
    return 0;
  }
  if (command === '--version' || command === '-v' || command === '-V') {
    io.stdout(`${packageInfo().version}\n`);
    return 0;
  }
  if (command === 'lint') return runLintCommand(rest, io);
  if (command === 'request') return runRequestCommand(rest, io);
  if (command === 'test') return runTestCommand(rest, io);
  if (command === 'metadata') return runMetadataCommand(rest, io);
  if (command === 'import') {
    if (rest[0] === 'odata') return runImportODataCommand(rest, io);
    if (rest[0] === 'curl' || rest[0] === 'postman' || rest[0] === 'har') return runImportRequestsCommand(rest, io);
    return runImportCommand(rest, io);
  }
  if (command === 'export') return runExportCommand(rest, io);
  if (command.startsWith('-')) throw new UsageError(`Unknown option '${command}'. Put options after the command, e.g. connector lint --format json.`);
  const close = closeMatches(command, COMMANDS);
  throw new UsageError(`Unknown command '${command}'.${close.length ? ` Did you mean '${close[0]}'?` : ''} Commands: ${COMMANDS.join(', ')}.`);
}

function describeFailure(error: unknown, argv: readonly string[]): string {
  const command = COMMANDS.find((c) => c === argv[0]);
  const prefix = command ? `connector ${command}` : 'connector';
  if (error instanceof UsageError) {
    return `${prefix}: ${error.message}\nRun '${prefix} --help' for usage.\n`;
  }
  // Never a stack trace: the user cannot act on one, but can report the message.
  const message = error instanceof Error ? error.message : String(error);
  return `${prefix}: internal error: ${message}\nThis is a bug in Connector Tools; please report it with the command you ran.\n`;
}

/** Runs the command line and returns its exit code; every failure becomes a message and code 2. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    io.stderr(describeFailure(error, argv));
    return 2;
  }
}

function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  // The process ends by itself once idle. Only after the report has reached a (possibly slow) reader may a forgotten
  // socket or timer be cut short: exiting earlier would truncate `connector lint | less`.
  process.stdout.write('', () => setTimeout(() => process.exit(code), 1000).unref());
}

function installLastResortHandlers(argv: readonly string[]): void {
  const fail = (error: unknown): void => {
    process.stderr.write(describeFailure(error, argv));
    process.exit(2);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  // `connector lint | head`: the reader left. Nobody is left to tell; the exit code still reports the result.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') fail(error);
  });
}

if (require.main === module) {
  if (isMainThread) {
    const argv = process.argv.slice(2);
    installLastResortHandlers(argv);
    void main(argv).then(exitWhenFlushed);
  } else if (parentPort && workerData === LINT_WORKER_DATA) {
    // Started by `connector lint --concurrency` (cli/lint/lintThreads.ts) as one of its checking threads.
    serveLintChunks(parentPort);
  }
}

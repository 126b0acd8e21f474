import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { applyEdits, environmentSecrets, secretVariable } from '../../core';
import { fetchMetadataFile } from '../../files/metadataFetch';
import { keepingByteOrderMark, readJsonFile, type JsonFileText } from '../../io/jsonText';
import { readCommandLine } from '../commandLine';
import type { CliIo } from '../io';
import { displayPathOf } from '../lint/lintFiles';
import { describeFsError, UsageError } from '../usage';
import { timeoutOption } from '../optionValues';
import { readableFolders, sendOptions } from '../../sending/requestInputs';
import { withNodeExtraCaCerts } from '../../sending/network';
import { commandLineNetwork, NETWORK_HELP, networkOption, type NetworkOptions } from '../networkOptions';
import { commandLinePlace } from '../sendingPlace';
import { commandLineTokens } from '../signIn';

export const METADATA_HELP = `Usage: connector metadata fetch FILE [--out PATH] [--timeout MS] [network options]

Downloads the $metadata of an OData connector's service (<baseUrl>/$metadata) with the connector's
authorization, checks that it is OData V4 metadata, and writes it: to --out, else to the file the connector's
"metadata" names, else to NAME.metadata.xml beside FILE (for NAME.connector.json). When the connector does not
name it yet, "metadata" is added to the connector, keeping its comments and layout. Prints the path written.

Options:
  --out PATH     where to write the metadata (relative to the working folder)
  --timeout MS   the longest the download may take (default: 30000)

${NETWORK_HELP}
Secrets come from the environment: CONNECTOR_SECRET_<NAME> (upper-case; other characters become _).
Exit codes: 0 written, 1 the download failed or is not metadata, 2 bad input.
`;

interface MetadataOptions {
  file: string;
  out?: string;
  timeoutMs: number;
  network: NetworkOptions;
  help: boolean;
}

/** Reads the command line of `connector metadata`; mistakes are usage errors. */
export function parseMetadataOptions(argv: readonly string[]): MetadataOptions {
  const options: MetadataOptions = { file: '', timeoutMs: 30_000, network: { caFiles: [] }, help: false };
  const { positional, help } = readCommandLine(argv, (name, value) => {
    if (networkOption(name, value, options.network)) return true;
    if (name === '--out') options.out = value();
    else if (name === '--timeout') options.timeoutMs = timeoutOption(value());
    else return false;
    return true;
  });
  options.help = help;
  if (options.help) return options;
  if (positional[0] !== 'fetch') throw new UsageError(positional[0] === undefined ? 'Say what to do: connector metadata fetch FILE.' : `Unknown metadata command '${positional[0]}'. The command is: connector metadata fetch FILE.`);
  if (positional.length !== 2) throw new UsageError('Give the connector file, e.g. connector metadata fetch examples/ifs-orders.connector.json.');
  options.file = positional[1] ?? '';
  return options;
}

/** `connector metadata fetch FILE`: download, check and write the service's metadata; name it in the connector. */
export async function runMetadataCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseMetadataOptions(argv);
  if (options.help) {
    io.stdout(METADATA_HELP);
    return 0;
  }
  const path = resolve(io.cwd, options.file);
  let file: JsonFileText;
  try {
    file = await readJsonFile(path);
  } catch (error) {
    io.stderr(`connector metadata: cannot read ${displayPathOf(path, io.cwd)}: ${describeFsError(error)}.\n`);
    return 2;
  }
  const { text } = file;
  const env = environmentSecrets(process.env);
  const missing: string[] = [];
  const edge = commandLineNetwork(options.network, io.cwd, process.env);
  const network = edge.ok ? withNodeExtraCaCerts(edge.value, process.env) : edge;
  if (!network.ok) {
    io.stderr(`connector metadata: ${network.message} Nothing was sent.\n`);
    return 2;
  }
  const send = sendOptions(network.value, options.timeoutMs);
  const outcome = await fetchMetadataFile({
    connectorPath: path,
    text,
    ...(options.out ? { out: resolve(io.cwd, options.out) } : {}),
    roots: readableFolders(commandLinePlace([], network.value), path),
    secrets: (name) => {
      const value = env(name);
      if (!value) missing.push(name);
      return value;
    },
    tokens: commandLineTokens(io).source(send),
    send,
  });
  if (!outcome.ok) {
    const hint = missing.length ? ` Set it in the environment as ${secretVariable(missing[0] ?? '')}.` : '';
    io.stderr(`connector metadata: ${outcome.message}${hint}\n`);
    return outcome.kind === 'input' ? 2 : 1;
  }
  if (outcome.edits.length > 0) {
    try {
      await writeFile(path, keepingByteOrderMark(file, applyEdits(text, outcome.edits)));
    } catch (error) {
      io.stderr(`connector metadata: wrote ${displayPathOf(outcome.path, io.cwd)}, but cannot add "metadata" to ${displayPathOf(path, io.cwd)}: ${describeFsError(error)}.\n`);
      return 2;
    }
    io.stderr(`Added "metadata": ${JSON.stringify(outcome.named)} to ${displayPathOf(path, io.cwd)}.\n`);
  } else if (outcome.namesOther) {
    io.stderr(`Note: the connector names ${JSON.stringify(outcome.namesOther)} as its metadata; it was left as it is.\n`);
  }
  io.stderr(`The service has ${outcome.summary}.\n`);
  io.stdout(`${displayPathOf(outcome.path, io.cwd)}\n`);
  return 0;
}

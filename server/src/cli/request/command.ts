import { resolve } from 'node:path';
import {
  curlCommand, DEFAULT_MAX_PAGES, describePreview, environmentSecrets, LineIndex, prepareRequest, requestJson, resultJsonText, secretVariable, sendPrepared,
  type BuildProblem,
} from '../../core';
import { readJsonText } from '../../io/jsonText';
import { requestInputs } from '../../sending/requestInputs';
import { connectorCheckOptions } from '../connectorCheck';
import type { CliIo } from '../io';
import { languageService } from '../languageService';
import { displayPathOf } from '../lint/lintFiles';
import { describeFsError } from '../usage';
import { parseRequestOptions, REQUEST_HELP } from './options';
import { prettyResult } from './printResult';
import { commandLinePlace } from '../sendingPlace';
import { commandLineNetwork } from '../networkOptions';
import { commandLineTokens } from '../signIn';

async function readText(path: string, io: CliIo, what: string): Promise<string | undefined> {
  try {
    return await readJsonText(path);
  } catch (error) {
    io.stderr(cannotRead(what, path, error));
    return undefined;
  }
}

function cannotRead(what: string, path: string, error: unknown): string {
  return `connector request: cannot read the ${what} ${path}: ${describeFsError(error)}.\n`;
}

/** Problems as lines: `file:line:col  message` where a problem has a place, with a hint of how to give a value or secret. */
function problemLines(problems: readonly BuildProblem[], files: Record<'connector' | 'values', { shown: string; lines: LineIndex } | undefined>): string {
  return problems.map((p) => {
    const file = p.at ? files[p.at.file] : undefined;
    const where = p.at && file ? `${file.shown}:${file.lines.positionAt(p.at.offset).line + 1}:${file.lines.positionAt(p.at.offset).character + 1}  ` : '';
    const hint = p.code === 'missing-secret' && p.name ? ` Set it in the environment as ${secretVariable(p.name)}.` : p.code === 'missing-value' && p.name ? ` Pass it with --value ${p.name}=...` : '';
    return `  ${where}${p.message}${hint}\n`;
  }).join('');
}

/** `connector request`: prepare one operation's request, then show it or send it. Exit 0 on 2xx, 1 on an error result, 2 on bad input. */
export async function runRequestCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseRequestOptions(argv);
  if (options.help) {
    io.stdout(REQUEST_HELP);
    return 0;
  }
  const path = resolve(io.cwd, options.file);
  const text = await readText(path, io, 'connector file');
  if (text === undefined) return 2;
  const allowed = options.allowFiles.map((f) => resolve(io.cwd, f));
  const { connector, findings } = languageService.check(text, connectorCheckOptions(path, { allowed })).result;
  if (!connector) {
    // What the syntax check found (nesting far too deep, a file that is not JSON) says why there is no object.
    const unreadable: BuildProblem[] = findings.filter((f) => f.code === 'syntax-error').map((f) => ({ code: 'invalid-connector', message: f.message, at: { file: 'connector', offset: f.offset, length: f.length } }));
    io.stderr(`connector request: ${displayPathOf(path, io.cwd)} is not a connector (no JSON object); nothing was sent.\n${problemLines(unreadable, { connector: { shown: displayPathOf(path, io.cwd), lines: new LineIndex(text) }, values: undefined })}`);
    return 2;
  }
  const env = environmentSecrets(process.env);
  // A preview needs no secret: a stand-in is used, and redacted like the real one would be.
  const missingSecrets: string[] = [];
  const network = commandLineNetwork(options.network, io.cwd, process.env, options.mode !== 'send');
  if (!network.ok) {
    io.stderr(`connector request: ${network.message} Nothing was sent.\n`);
    return 2;
  }
  const assembled = await requestInputs(commandLinePlace(allowed, network.value), {
    connectorPath: path,
    ...(options.env !== undefined ? { environment: options.env } : {}),
    ...(options.valuesFile ? { valuesFile: resolve(io.cwd, options.valuesFile) } : {}),
    secrets: options.mode === 'send' ? env : (name) => env(name) || (missingSecrets.push(name), `(secret ${name})`),
    // Only a send fetches an OAuth2 token; a preview shows a stand-in.
    ...(options.mode === 'send' ? { tokens: commandLineTokens(io) } : {}),
    timeoutMs: options.timeoutMs,
  });
  if (!assembled.ok) {
    io.stderr(assembled.problem === 'values-file' ? cannotRead('values file', assembled.path, assembled.error) : `connector request: ${assembled.message} Nothing was sent.\n`);
    return 2;
  }
  const { inputs } = assembled;
  const prepared = await prepareRequest({ connector, findings, operationId: options.operationId, entered: options.values, ...inputs.prepare });
  const located = {
    connector: { shown: displayPathOf(path, io.cwd), lines: new LineIndex(text) },
    values: inputs.valuesFile ? { shown: displayPathOf(inputs.valuesFile.path, io.cwd), lines: new LineIndex(inputs.valuesFile.text) } : undefined,
  };
  if (prepared.warnings.length > 0) io.stderr(`Warning: other entries of the values file have problems (not used for '${options.operationId}'):\n${problemLines(prepared.warnings, located)}`);
  if (!prepared.ok) {
    io.stderr(`connector request: the request cannot be built (nothing was sent):\n${problemLines(prepared.problems, located)}`);
    return 2;
  }
  const request = prepared.request;
  if (options.mode !== 'send') {
    if (options.mode === 'curl') io.stdout(`${curlCommand(request, inputs.send.network)}\n`);
    else io.stdout(options.format === 'json' ? `${JSON.stringify(requestJson(request, inputs.send.network), null, 2)}\n` : `${describePreview(request, inputs.send.network)}\n`);
    for (const name of missingSecrets) io.stderr(`Note: secret '${name}' is not set; sending will need ${secretVariable(name)}.\n`);
    for (const warning of request.warnings) io.stderr(`Warning: ${warning}\n`);
    return 0;
  }
  const { result } = await sendPrepared(request, inputs.send, options.allPages ? { maxPages: options.maxPages ?? DEFAULT_MAX_PAGES } : undefined);
  io.stdout(options.format === 'json' ? `${resultJsonText(result)}\n` : prettyResult(result));
  return result.status >= 200 && result.status < 300 && result.errors.length === 0 ? 0 : 1;
}

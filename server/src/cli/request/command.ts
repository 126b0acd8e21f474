import { dirname, resolve } from 'node:path';
import {
  curlCommand, describePreview, environmentSecrets, LineIndex, networkFromEnvironment, prepareRequest, requestJson, resultJsonText, secretVariable, sendPrepared, TokenCache,
  type AppliedEnvironment, type BuildProblem,
} from '../../core';
import { commandLineRoot } from '../../files/projectRoot';
import { workspaceFiles } from '../../files/workspaceFiles';
import { environmentFor } from '../../io/environmentsFiles';
import { readJsonText } from '../../io/jsonText';
import { connectorCheckOptions } from '../connectorCheck';
import type { CliIo } from '../io';
import { languageService } from '../languageService';
import { displayPathOf } from '../lint/lintFiles';
import { describeFsError } from '../usage';
import { parseRequestOptions, REQUEST_HELP } from './options';
import { prettyResult } from './printResult';

async function readText(path: string, io: CliIo, what: string): Promise<string | undefined> {
  try {
    return await readJsonText(path);
  } catch (error) {
    io.stderr(`connector request: cannot read the ${what} ${path}: ${describeFsError(error)}.\n`);
    return undefined;
  }
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
  const baseDir = dirname(path);
  const project = commandLineRoot(baseDir);
  const allowed = options.allowFiles.map((f) => resolve(io.cwd, f));
  const { connector, findings } = languageService.check(text, connectorCheckOptions(path, { allowed })).result;
  if (!connector) {
    // What the syntax check found (nesting far too deep, a file that is not JSON) says why there is no object.
    const unreadable: BuildProblem[] = findings.filter((f) => f.code === 'syntax-error').map((f) => ({ code: 'invalid-connector', message: f.message, at: { file: 'connector', offset: f.offset, length: f.length } }));
    io.stderr(`connector request: ${displayPathOf(path, io.cwd)} is not a connector (no JSON object); nothing was sent.\n${problemLines(unreadable, { connector: { shown: displayPathOf(path, io.cwd), lines: new LineIndex(text) }, values: undefined })}`);
    return 2;
  }
  const valuesPath = options.valuesFile ? resolve(io.cwd, options.valuesFile) : undefined;
  const valuesText = valuesPath ? await readText(valuesPath, io, 'values file') : undefined;
  if (valuesPath && valuesText === undefined) return 2;
  let environment: AppliedEnvironment | undefined;
  if (options.env !== undefined) {
    const chosen = environmentFor(path, options.env, project);
    if (!chosen.ok) {
      io.stderr(`connector request: ${chosen.message} Nothing was sent.\n`);
      return 2;
    }
    environment = chosen.environment;
  }
  const env = environmentSecrets(process.env);
  const send = { timeoutMs: options.timeoutMs, network: networkFromEnvironment(process.env) };
  // A preview needs no secret: a stand-in is used, and redacted like the real one would be.
  const missingSecrets: string[] = [];
  const secrets = options.mode === 'send' ? env : (name: string): string => env(name) || (missingSecrets.push(name), `(secret ${name})`);
  const prepared = await prepareRequest({
    connector,
    findings,
    operationId: options.operationId,
    ...(valuesText !== undefined ? { valuesFileText: valuesText } : {}),
    entered: options.values,
    secrets,
    ...(environment ? { environment } : {}),
    // Only a send fetches an OAuth2 token; a preview shows a stand-in.
    ...(options.mode === 'send' ? { tokens: new TokenCache().source(send) } : {}),
    baseDir,
    files: workspaceFiles({
      roots: [project.folder],
      allowed,
      howToAllow: '--allow-files FOLDER',
    }),
  });
  const located = {
    connector: { shown: displayPathOf(path, io.cwd), lines: new LineIndex(text) },
    values: valuesPath && valuesText !== undefined ? { shown: displayPathOf(valuesPath, io.cwd), lines: new LineIndex(valuesText) } : undefined,
  };
  if (prepared.warnings.length > 0) io.stderr(`Warning: other entries of the values file have problems (not used for '${options.operationId}'):\n${problemLines(prepared.warnings, located)}`);
  if (!prepared.ok) {
    io.stderr(`connector request: the request cannot be built (nothing was sent):\n${problemLines(prepared.problems, located)}`);
    return 2;
  }
  const request = prepared.request;
  if (options.mode !== 'send') {
    if (options.mode === 'curl') io.stdout(`${curlCommand(request)}\n`);
    else io.stdout(options.format === 'json' ? `${JSON.stringify(requestJson(request), null, 2)}\n` : `${describePreview(request)}\n`);
    for (const name of missingSecrets) io.stderr(`Note: secret '${name}' is not set; sending will need ${secretVariable(name)}.\n`);
    for (const warning of request.warnings) io.stderr(`Warning: ${warning}\n`);
    return 0;
  }
  const { result } = await sendPrepared(request, send);
  io.stdout(options.format === 'json' ? `${resultJsonText(result)}\n` : prettyResult(result));
  return result.status >= 200 && result.status < 300 && result.errors.length === 0 ? 0 : 1;
}

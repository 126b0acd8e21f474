import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { curlCommand, describeRequest } from '../../core/request/curl';
import { buildRequest } from '../../core/request';
import { runRequest } from '../../core/request/run';
import { checkValuesFile, valuesFor } from '../../core/request/valuesFile';
import { LineIndex } from '../../core/lineIndex';
import { lintText } from '../../core/lint';
import type { CliIo } from '../io';
import { displayPathOf } from '../lint/lintFiles';
import { describeFsError } from '../usage';
import { parseLooseValue, parseRequestOptions, REQUEST_HELP, secretVariable } from './options';
import { describeInputs } from '../../core/request/inputs';
import { parseInput } from '../../core/request/parseInput';
import type { JsonValue } from '../../core/tree';
import { prettyResult } from './printResult';

async function readText(path: string, io: CliIo, what: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    io.stderr(`connector request: cannot read the ${what} ${path}: ${describeFsError(error)}.\n`);
    return undefined;
  }
}

function located(text: string, file: string, findings: { offset: number; message: string; code: string }[]): string {
  const lines = new LineIndex(text);
  return findings.map((f) => {
    const p = lines.positionAt(f.offset);
    return `${file}:${p.line + 1}:${p.character + 1}  ${f.message}  ${f.code}\n`;
  }).join('');
}

/** `connector request`: build one operation's request, then show it or send it. Exit 0 on 2xx, 1 on an error result, 2 on bad input. */
export async function runRequestCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseRequestOptions(argv);
  if (options.help) {
    io.stdout(REQUEST_HELP);
    return 0;
  }
  const path = resolve(io.cwd, options.file);
  const shown = displayPathOf(path, io.cwd);
  const text = await readText(path, io, 'connector file');
  if (text === undefined) return 2;
  const { connector, findings } = lintText(text);
  const errors = findings.filter((f) => f.severity === 'error');
  if (!connector || errors.length > 0) {
    io.stderr(`connector request: ${shown} has errors; fix them first (nothing was sent):\n${located(text, shown, errors)}`);
    return 2;
  }
  const inputs = describeInputs(connector, options.operationId) ?? [];
  let values: Record<string, JsonValue> = {};
  const badValues: string[] = [];
  for (const [name, textValue] of Object.entries(options.values)) {
    const input = inputs.find((i) => i.name === name);
    if (!input) {
      values[name] = parseLooseValue(textValue);
      continue;
    }
    const parsed = parseInput(input, textValue);
    if (parsed.ok) values[name] = parsed.value;
    else badValues.push(`  --value ${name}=${textValue}: ${parsed.message}\n`);
  }
  if (badValues.length > 0) {
    io.stderr(`connector request: some values do not fit (nothing was sent):\n${badValues.join('')}`);
    return 2;
  }
  if (options.valuesFile) {
    const valuesPath = resolve(io.cwd, options.valuesFile);
    const valuesText = await readText(valuesPath, io, 'values file');
    if (valuesText === undefined) return 2;
    const problems = checkValuesFile(valuesText, connector);
    if (problems.length > 0) {
      io.stderr(`connector request: the values file has problems (nothing was sent):\n${located(valuesText, displayPathOf(valuesPath, io.cwd), problems)}`);
      return 2;
    }
    // Values given on the command line win over the file's.
    values = { ...valuesFor(valuesText, options.operationId), ...values };
  }
  const secrets = (name: string): string | undefined => process.env[secretVariable(name)];
  const input = { connector, operationId: options.operationId, values, secrets, baseDir: dirname(path) };
  if (options.mode !== 'send') {
    // A preview needs no secret: a stand-in is used, and redacted like the real one would be.
    const missing: string[] = [];
    const previewSecrets = (name: string): string => {
      const value = secrets(name);
      if (value) return value;
      missing.push(name);
      return `(secret ${name})`;
    };
    const built = await buildRequest({ ...input, secrets: previewSecrets });
    for (const name of missing) io.stderr(`Note: secret '${name}' is not set; sending will need ${secretVariable(name)}.\n`);
    if (!built.ok) return reportProblems(built.problems, io);
    io.stdout(`${options.mode === 'curl' ? curlCommand(built.request) : describeRequest(built.request)}\n`);
    for (const warning of built.request.warnings) io.stderr(`Warning: ${warning}\n`);
    return 0;
  }
  const outcome = await runRequest({ ...input, send: { timeoutMs: options.timeoutMs } });
  if (!outcome.sent) return reportProblems(outcome.problems, io);
  const { result } = outcome;
  io.stdout(options.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : prettyResult(result));
  return result.status >= 200 && result.status < 300 && result.errors.length === 0 ? 0 : 1;
}

function reportProblems(problems: { code: string; message: string; name?: string }[], io: CliIo): number {
  const lines = problems.map((p) => {
    const hint = p.code === 'missing-secret' && p.name ? ` Set it in the environment as ${secretVariable(p.name)}.` : p.code === 'missing-value' && p.name ? ` Pass it with --value ${p.name}=...` : '';
    return `  ${p.message}${hint}\n`;
  });
  io.stderr(`connector request: the request cannot be built (nothing was sent):\n${lines.join('')}`);
  return 2;
}

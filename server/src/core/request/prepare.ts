import { withEnvironment, type AppliedEnvironment } from '../environments/apply';
import type { Finding } from '../findings';
import type { Connector } from '../model';
import type { TokenSource } from '../oauth2/types';
import type { ExactJson } from '../values/exactJson';
import { readValues } from '../values/read';
import { applyAuthorization } from './auth';
import type { FileAccess } from './files';
import { describeInputs, odataBodyFile, type InputDescription } from './inputs';
import { newBoundary } from '../http/body';
import { buildODataRequest, odataTexts } from './odata';
import { buildBatch, readBodyFile } from './prepareBatch';
import { ODATA_BATCH } from '../vocabulary';
import { buildRestRequest, restFilesNeeded } from './rest';
import { resolveValues } from './restValues';
import type { BuildProblem, SecretProvider, SuppliedValues } from './types';
import { checkValuesFile } from './valuesFile';
import type { BuiltRequest, FileRef } from '../http/types';

/** Everything a request is prepared from: the file, the values from each source, secrets, and the file step. */
export interface PrepareInput {
  connector: Connector;
  /** The connector file's findings: any error refuses sending. */
  findings?: readonly Finding[];
  /** The REST operation's or Custom request's `id`. */
  operationId: string;
  /** The text of a values file (`NAME.values.json`), when one is used. */
  valuesFileText?: string;
  /** Typed texts by name (prompts, `--value`); they win over the values file. */
  entered?: Readonly<Record<string, string>>;
  /** Values as JSON (programs, tests); they win over both. */
  values?: SuppliedValues;
  secrets: SecretProvider;
  /** Folder of the connector file: files named by values and bodies are relative to it. */
  baseDir: string;
  files: FileAccess;
  /** The environment chosen for this request: its base URL, token endpoint and secret names replace the file's. */
  environment?: AppliedEnvironment;
  /** Where OAuth2 tokens come from; absent for previews, which fetch no token (a redacted stand-in is shown). */
  tokens?: TokenSource;
}

/** A prepared request, or every reason there is none; warnings either way (problems elsewhere in a values file). */
export type Prepared =
  | { ok: true; request: BuiltRequest; warnings: BuildProblem[]; /** The values it was built from, by name, as supplied (before defaults). */ values: SuppliedValues }
  | { ok: false; problems: BuildProblem[]; warnings: BuildProblem[] };

function located(finding: Finding & { name?: string }, file: 'connector' | 'values', code: BuildProblem['code']): BuildProblem {
  return { code, message: finding.message, ...(finding.name !== undefined ? { name: finding.name } : {}), at: { file, offset: finding.offset, length: finding.length } };
}

/** Drops a problem about a name that a located problem (in the values file) already reports. */
function withoutRepeats(problems: BuildProblem[]): BuildProblem[] {
  const located = new Set(problems.filter((p) => p.at && p.name !== undefined).map((p) => p.name));
  return problems.filter((p) => p.at || p.name === undefined || !located.has(p.name));
}

function unknownOperation(id: string, connector: Connector): BuildProblem {
  const known = connector.kind === 'rest' ? connector.operations.map((o) => o.id?.value) : connector.kind === 'odata' ? connector.customRequests.map((r) => r.id?.value) : [];
  const ids = known.filter((k): k is string => typeof k === 'string');
  return { code: 'unknown-operation', message: `No operation with id '${id}' in this file.${ids.length ? ` Known ids: ${ids.map((k) => `'${k}'`).join(', ')}.` : ''}` };
}

/** The values of one operation from every source (values file, then typed texts, then JSON values), and the values file's problems. */
function gatherValues(input: PrepareInput, inputs: readonly InputDescription[], bodyTexts: ReadonlyMap<string, string>, problems: BuildProblem[], warnings: BuildProblem[]): Record<string, ExactJson> {
  if (input.valuesFileText !== undefined) {
    for (const f of checkValuesFile(input.valuesFileText, input.connector, bodyTexts)) {
      // Only the sent operation's own entry (or a file that cannot be read at all) blocks sending.
      const own = f.operationId === undefined || f.operationId === input.operationId;
      (own ? problems : warnings).push(located(f, 'values', own ? 'invalid-value' : 'unknown-value'));
    }
  }
  const read = readValues(inputs, {
    ...(input.valuesFileText !== undefined ? { valuesFile: { text: input.valuesFileText, operationId: input.operationId } } : {}),
    ...(input.entered ? { entered: input.entered } : {}),
    ...(input.values ? { values: input.values } : {}),
  });
  for (const { name, message } of read.problems) problems.push({ code: 'invalid-value', name, message: `'${name}': ${message}` });
  return read.values;
}

/**
 * Prepares one operation's request from the file, values and secrets: refuses when the file has errors, reads
 * and checks values from every source, finds files through the edge's file step, builds (no I/O) and adds the
 * authorization. Every problem is listed at once; nothing is sent here.
 */
export async function prepareRequest(input: PrepareInput): Promise<Prepared> {
  const { operationId } = input;
  const connector = input.environment ? withEnvironment(input.connector, input.environment) : input.connector;
  const problems: BuildProblem[] = (input.findings ?? []).filter((f) => f.severity === 'error').map((f) => located(f, 'connector', 'invalid-connector'));
  const warnings: BuildProblem[] = [];
  const refuse = (): Prepared => ({ ok: false, problems: withoutRepeats(problems), warnings });
  if (connector.kind === undefined) {
    if (problems.length === 0) problems.push({ code: 'invalid-connector', message: "The file has no valid 'kind' (\"rest\" or \"odata\"); fix the file's problems first." });
    return refuse();
  }
  const operation = connector.kind === 'rest' ? connector.operations.find((o) => o.id?.value === operationId) : undefined;
  const customRequest = connector.kind === 'odata' ? connector.customRequests.find((r) => r.id?.value === operationId) : undefined;
  if (!operation && !customRequest) {
    problems.push(unknownOperation(operationId, connector));
    return refuse();
  }
  const bodyTexts = customRequest ? await readBodyFile(customRequest, input.files, input.baseDir, problems) : new Map<string, string>();
  const bodyFile = customRequest ? odataBodyFile(customRequest) : undefined;
  const inputs = describeInputs(connector, operationId, bodyTexts) ?? [];
  const values = gatherValues(input, inputs, bodyTexts, problems, warnings);
  let built: ReturnType<typeof buildRestRequest> | undefined;
  const constraintWarnings: string[] = [];
  if (connector.kind === 'rest' && operation) {
    const resolved = resolveValues(connector, operation, values);
    problems.push(...resolved.problems);
    constraintWarnings.push(...resolved.warnings);
    const found = new Map<string, FileRef>();
    for (const given of new Set(restFilesNeeded(resolved.resolved))) {
      const outcome = await input.files.find(given, input.baseDir);
      if (outcome.ok) found.set(given, outcome.file);
      else problems.push(outcome.problem);
    }
    if (problems.length === 0) built = buildRestRequest(connector, operation, resolved.resolved, found, newBoundary());
  } else if (connector.kind === 'odata' && customRequest?.operation?.value === ODATA_BATCH) {
    // A batch's values are its items' own; values given for the batch itself name nothing.
    if (problems.length === 0) built = await buildBatch(connector, customRequest, input.files, input.baseDir);
  } else if (connector.kind === 'odata' && customRequest) {
    const texts = odataTexts(customRequest, inputs, values, problems);
    if (problems.length === 0) built = buildODataRequest(connector, customRequest, texts, bodyFile === undefined ? undefined : bodyTexts.get(bodyFile));
  }
  if (!built) return refuse();
  if (!built.ok) {
    problems.push(...built.problems);
    return refuse();
  }
  const environment = input.environment;
  const authorized = await applyAuthorization(connector, { ...built.request, warnings: [...built.request.warnings, ...constraintWarnings] }, input.secrets, {
    ...(environment ? { secretName: (name: string) => environment.secrets[name] ?? name } : {}),
    ...(input.tokens ? { tokens: input.tokens } : {}),
  });
  if (!authorized.ok) {
    problems.push(...authorized.problems);
    return refuse();
  }
  return { ok: true, request: authorized.request, warnings, values };
}

import type { Connector } from '../model';
import { applyAuthorization } from './auth';
import { buildODataRequest } from './odata';
import { buildRestRequest } from './rest';
import type { BuildOutcome, SecretProvider, SuppliedValues } from './types';

/** Everything a request is built from. */
export interface BuildInput {
  connector: Connector;
  /** The REST operation's or Custom request's `id`. */
  operationId: string;
  values: SuppliedValues;
  secrets: SecretProvider;
  /** Folder of the connector file: `file`/`stream` values and `body.file` are relative to it. */
  baseDir: string;
}

/** Builds the request an operation sends for the supplied values, or says every reason it cannot (nothing is sent). */
export async function buildRequest(input: BuildInput): Promise<BuildOutcome> {
  const { connector, operationId } = input;
  let outcome: BuildOutcome;
  if (connector.kind === 'rest') {
    const operation = connector.operations.find((o) => o.id?.value === operationId);
    if (!operation) return unknownOperation(operationId, connector.operations.map((o) => o.id?.value));
    outcome = buildRestRequest(connector, operation, input.values, input.baseDir);
  } else if (connector.kind === 'odata') {
    const request = connector.customRequests.find((r) => r.id?.value === operationId);
    if (!request) return unknownOperation(operationId, connector.customRequests.map((r) => r.id?.value));
    outcome = buildODataRequest(connector, request, input.values, input.baseDir);
  } else {
    return { ok: false, problems: [{ code: 'invalid-connector', message: "The file has no valid 'kind' (\"rest\" or \"odata\"); fix the file's problems first." }] };
  }
  if (!outcome.ok) return outcome;
  return applyAuthorization(connector, outcome.request, input.secrets);
}

function unknownOperation(id: string, known: (string | undefined)[]): BuildOutcome {
  const ids = known.filter((k): k is string => typeof k === 'string');
  return {
    ok: false,
    problems: [{
      code: 'unknown-operation',
      message: `No operation with id '${id}' in this file.${ids.length ? ` Known ids: ${ids.map((k) => `'${k}'`).join(', ')}.` : ''}`,
    }],
  };
}

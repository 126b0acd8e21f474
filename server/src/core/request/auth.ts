import type { Connector } from '../model';
import type { BuildOutcome, BuiltRequest, SecretProvider } from './types';

/** Adds the connector's authorization to a built request, reading secret values by name. */
export async function applyAuthorization(_connector: Connector, request: BuiltRequest, _secrets: SecretProvider): Promise<BuildOutcome> {
  return { ok: true, request };
}

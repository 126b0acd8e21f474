import type { RestConnector, RestOperation } from '../model';
import type { BuildOutcome, SuppliedValues } from './types';

/** Builds a REST operation's request from supplied values (no I/O). */
export function buildRestRequest(_connector: RestConnector, _operation: RestOperation, _values: SuppliedValues, _baseDir: string): BuildOutcome {
  return { ok: false, problems: [{ code: 'invalid-connector', message: 'REST request building is not implemented yet.' }] };
}

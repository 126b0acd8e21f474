import type { CustomRequest, ODataConnector } from '../model';
import type { BuildOutcome, SuppliedValues } from './types';

/** Builds an OData Custom request from supplied values (no I/O). */
export function buildODataRequest(_connector: ODataConnector, _request: CustomRequest, _values: SuppliedValues, _baseDir: string): BuildOutcome {
  return { ok: false, problems: [{ code: 'invalid-connector', message: 'OData request building is not implemented yet.' }] };
}

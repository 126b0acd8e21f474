// Compiles the connector schema when first needed. The bundles never run this module: esbuild.mjs puts in its place
// the same validator, compiled when the bundle is built (see standaloneValidator.ts), so the command line and the
// language server start without compiling a schema.
import type { ValidateFunction } from 'ajv/dist/2020';
import connectorSchema from '../../../../schemas/connector.schema.json';
import { connectorAjv } from './ajvSetup';

/** The connector schema's validator. */
export function compiledValidator(): ValidateFunction {
  return connectorAjv().compile(connectorSchema);
}

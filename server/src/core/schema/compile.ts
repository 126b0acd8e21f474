import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import connectorSchema from '../../../../schemas/connector.schema.json';
import { compiledValidator } from './compiledValidator';

let validator: ValidateFunction | undefined;

/** The connector schema's validator, made on first use and kept (compiling costs far more than validating). */
export function connectorValidator(): ValidateFunction {
  validator ??= compiledValidator();
  return validator;
}

/** The schema itself, for tests and editors. */
export const CONNECTOR_SCHEMA: unknown = connectorSchema;

export type { ErrorObject };

import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import connectorSchema from '../../../../schemas/connector.schema.json';
import { patternProblem } from '../pattern';

let validator: ValidateFunction | undefined;

/** The connector schema, compiled on first use and kept (compiling costs far more than validating). */
export function connectorValidator(): ValidateFunction {
  if (!validator) {
    // verbose: errors carry their schema, which lists the allowed property names for "did you mean".
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictRequired: false });
    addFormats(ajv, ['uri']);
    // A `pattern` is valid when the one matcher that runs patterns accepts it.
    ajv.addFormat('regex', { type: 'string', validate: (source: string) => patternProblem(source) === undefined });
    validator = ajv.compile(connectorSchema);
  }
  return validator;
}

/** The schema itself, for tests and editors. */
export const CONNECTOR_SCHEMA: unknown = connectorSchema;

export type { ErrorObject };

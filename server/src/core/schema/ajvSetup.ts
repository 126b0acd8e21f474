import Ajv2020, { type CodeOptions } from 'ajv/dist/2020';
import { formats } from './formats';

/** The validator's settings, the same whether it is compiled at run time or into the bundles. */
export function connectorAjv(code?: CodeOptions): Ajv2020 {
  // verbose: errors carry their schema, which lists the allowed property names for "did you mean".
  const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictRequired: false, ...(code ? { code } : {}) });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}

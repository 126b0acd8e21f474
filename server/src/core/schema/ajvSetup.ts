import Ajv2020, { type CodeOptions } from 'ajv/dist/2020';
import { formats } from './formats';

/**
 * Ajv's code gathers the errors of a referenced schema (each operation's, each parameter's) into a new array holding
 * all errors so far, so that a file with thousands of errors copies them thousands of times; this makes it append
 * them to the array it has. Applied to the code compiled at run time and to the code the bundles carry.
 */
export function appendErrorsInPlace(code: string): string {
  return code.replace(/(\w+) = \1 === null \? (\w+)\.errors : \1\.concat\(\2\.errors\);/g, '$1 = $1 === null ? $2.errors : ($2.errors.forEach((e) => $1.push(e)), $1);');
}

/** The validator's settings, the same whether it is compiled at run time or into the bundles. */
export function connectorAjv(code?: CodeOptions): Ajv2020 {
  // verbose: errors carry their schema, which lists the allowed property names for "did you mean".
  const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictRequired: false, code: { process: appendErrorsInPlace, ...code } });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}

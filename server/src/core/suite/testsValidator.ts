// Compiles the tests file schema when first needed. The bundles never run this module: esbuild.mjs puts in its place
// the same validator, compiled when the bundle is built (see schema/standaloneValidator.ts), so the command line and
// the language server carry no schema compiler.
import Ajv, { type CodeOptions, type ValidateFunction } from 'ajv';
import testsSchema from '../../../../schemas/connector-tests.schema.json';
import { appendErrorsInPlace } from '../schema/ajvSetup';

/** The tests file validator's settings, the same whether it is compiled at run time or into the bundles. */
export function testsAjv(code?: CodeOptions): Ajv {
  // verbose: errors carry their schema, which lists the allowed property names for "did you mean".
  return new Ajv({ allErrors: true, verbose: true, strict: false, code: { process: appendErrorsInPlace, ...code } });
}

/** The tests file schema's validator. */
export function compiledTestsValidator(): ValidateFunction {
  return testsAjv().compile(testsSchema);
}

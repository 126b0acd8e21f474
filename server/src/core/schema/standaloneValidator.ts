// Used by the build (esbuild.mjs), never at run time: the connector schema's and the tests file schema's validators
// as JavaScript source, which the bundles carry in place of compiledValidator.ts and suite/testsValidator.ts.
import { _ } from 'ajv/dist/compile/codegen';
import standaloneCode from 'ajv/dist/standalone';
import connectorSchema from '../../../../schemas/connector.schema.json';
import testsSchema from '../../../../schemas/connector-tests.schema.json';
import { testsAjv } from '../suite/testsValidator';
import { appendErrorsInPlace, connectorAjv } from './ajvSetup';

/** The module source: `compiledValidator()` as compiledValidator.ts has it; `formatsModule` is formats.ts's path. */
export function standaloneValidatorSource(formatsModule: string): string {
  const ajv = connectorAjv({ source: true, formats: _`require(${formatsModule}).formats` });
  ajv.addSchema(connectorSchema, 'connector');
  return `${appendErrorsInPlace(standaloneCode(ajv, { connector: 'connector' }))}\nexports.compiledValidator = () => exports.connector;\n`;
}

/** The module source: `compiledTestsValidator()` as suite/testsValidator.ts has it. */
export function standaloneTestsValidatorSource(): string {
  const ajv = testsAjv({ source: true });
  ajv.addSchema(testsSchema, 'tests');
  return `${appendErrorsInPlace(standaloneCode(ajv, { tests: 'tests' }))}\nexports.compiledTestsValidator = () => exports.tests;\n`;
}

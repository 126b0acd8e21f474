// Used by the build (esbuild.mjs), never at run time: the connector schema's validator as JavaScript source, which
// the bundles carry in place of compiledValidator.ts.
import { _ } from 'ajv/dist/compile/codegen';
import standaloneCode from 'ajv/dist/standalone';
import connectorSchema from '../../../../schemas/connector.schema.json';
import { connectorAjv } from './ajvSetup';

/** The module source: `compiledValidator()` as compiledValidator.ts has it; `formatsModule` is formats.ts's path. */
export function standaloneValidatorSource(formatsModule: string): string {
  const ajv = connectorAjv({ source: true, formats: _`require(${formatsModule}).formats` });
  ajv.addSchema(connectorSchema, 'connector');
  return `${standaloneCode(ajv, { connector: 'connector' })}\nexports.compiledValidator = () => exports.connector;\n`;
}

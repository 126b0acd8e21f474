// Real public OpenAPI and Swagger documents shipped in npm packages (devDependencies), used where they are installed.
import { dirname, join } from 'node:path';

const EXAMPLES = dirname(require.resolve('@readme/oas-examples/package.json'));
const ENFORCER = dirname(require.resolve('openapi-enforcer/package.json'));

/** A document under test: where it is, and what it stands for. */
export interface TestDocument {
  label: string;
  path: string;
}

/** `@readme/oas-examples` (MIT): the Swagger Petstore in every version and OpenAPI 3 feature examples. */
export function oasExample(version: '2.0' | '3.0' | '3.1', name: string, format: 'json' | 'yaml' = 'json'): TestDocument {
  return { label: `${version} ${name}`, path: join(EXAMPLES, version, format, `${name}.${format}`) };
}

/** `openapi-enforcer` (Apache-2.0) ships documents its users filed, split over several files by `$ref`. */
export function enforcerResource(path: string): TestDocument {
  return { label: `split ${path}`, path: join(ENFORCER, 'test-resources', path) };
}

/** The documents the import is held to: every version, multipart uploads, header API keys, arrays in several places, split files. */
export const PARITY_DOCUMENTS: TestDocument[] = [
  oasExample('2.0', 'petstore'),
  oasExample('2.0', 'petstore-expanded'),
  oasExample('3.0', 'petstore', 'yaml'),
  oasExample('3.0', 'parameters-style'),
  oasExample('3.0', 'parameters-common'),
  oasExample('3.0', 'file-uploads'),
  oasExample('3.0', 'form-data'),
  oasExample('3.0', 'uspto'),
  oasExample('3.0', 'schema-encoding-style'),
  oasExample('3.1', 'petstore'),
  oasExample('3.1', 'train-travel'),
  oasExample('3.1', 'parameters-style'),
  enforcerResource('issue-86/oas.yaml'),
  enforcerResource('ref-parser/openapi.yml'),
];

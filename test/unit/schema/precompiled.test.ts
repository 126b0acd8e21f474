import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv/dist/2020';
import { compiledValidator } from '../../../server/src/core/schema/compiledValidator';
import { standaloneValidatorSource } from '../../../server/src/core/schema/standaloneValidator';
import { parseDocument } from '../../../server/src/core/parse';
import { generateArraysAndHeadersConnector, generateODataConnector, generateRestConnector } from '../../bench/generate';
import { mutatedConnector } from '../robustness/properties';

const SCHEMA_DIR = join(__dirname, '..', '..', '..', 'server', 'src', 'core', 'schema');

/** The validator the bundles carry: the standalone source, loaded as esbuild's bundle would load it. */
function precompiled(): ValidateFunction {
  const module = { exports: {} as { compiledValidator: () => ValidateFunction } };
  const load = new Function('exports', 'require', 'module', standaloneValidatorSource(join(SCHEMA_DIR, 'formats.ts')));
  load(module.exports, createRequire(join(SCHEMA_DIR, 'compile.ts')), module);
  return module.exports.compiledValidator();
}

const runtime = compiledValidator();
const bundled = precompiled();

function assertSameErrors(text: string): void {
  const value = parseDocument(text).tree?.value(0);
  runtime(value);
  bundled(value);
  assert.deepStrictEqual(bundled.errors ?? null, runtime.errors ?? null, text.slice(0, 300));
}

test('the validator compiled into the bundles reports what the one compiled at run time reports', () => {
  const examples = join(__dirname, '..', '..', '..', 'examples');
  for (const file of readdirSync(examples).filter((f) => f.endsWith('.connector.json'))) assertSameErrors(readFileSync(join(examples, file), 'utf8'));
  for (const text of [generateRestConnector(20), generateODataConnector(20), generateArraysAndHeadersConnector(5)]) assertSameErrors(text);
});

test('and on random edits of connectors (wrong types, unknown properties, UI spellings, broken patterns)', () => {
  fc.assert(fc.property(mutatedConnector, (text) => assertSameErrors(text)), { numRuns: 1_000 });
});

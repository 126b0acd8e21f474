import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv/dist/2020';
import { compiledValidator } from '../../../server/src/core/schema/compiledValidator';
import { standaloneTestsValidatorSource, standaloneValidatorSource } from '../../../server/src/core/schema/standaloneValidator';
import { compiledTestsValidator } from '../../../server/src/core/suite/testsValidator';
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

/** The tests file validator the bundles carry, loaded the same way. */
function precompiledTests(): ValidateFunction {
  const module = { exports: {} as { compiledTestsValidator: () => ValidateFunction } };
  const load = new Function('exports', 'require', 'module', standaloneTestsValidatorSource());
  load(module.exports, createRequire(join(SCHEMA_DIR, 'compile.ts')), module);
  return module.exports.compiledTestsValidator();
}

const runtimeTests = compiledTestsValidator();
const bundledTests = precompiledTests();

function assertSameTestsErrors(value: unknown): void {
  runtimeTests(value);
  bundledTests(value);
  assert.deepStrictEqual(bundledTests.errors ?? null, runtimeTests.errors ?? null, JSON.stringify(value).slice(0, 300));
}

/** Tests files near the schema's shape: known and unknown keys, right and wrong types, at every level. */
const anyValue = fc.oneof(fc.string(), fc.integer({ min: -1000, max: 1000 }), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }));
const expectation = fc.dictionary(fc.constantFrom('status', 'data', 'headers', 'maxMs', 'stauts', 'body'), fc.oneof(anyValue, fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.boolean(), fc.integer()), { maxKeys: 3 })), { maxKeys: 5 });
const testCase = fc.dictionary(fc.constantFrom('name', 'operation', 'values', 'expect', 'nmae', 'extra'), fc.oneof(anyValue, expectation), { maxKeys: 6 });
const testsFile = fc.oneof(
  fc.record({ cases: fc.array(fc.oneof(testCase, anyValue), { maxLength: 4 }) }),
  fc.dictionary(fc.constantFrom('$schema', 'cases', 'case', 'tests'), fc.oneof(anyValue, fc.array(testCase, { maxLength: 2 })), { maxKeys: 3 }),
  fc.jsonValue(),
);

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

test('the tests file validator compiled into the bundles reports what the one compiled at run time reports', () => {
  const examples = join(__dirname, '..', '..', '..', 'examples');
  for (const file of readdirSync(examples).filter((f) => f.endsWith('.tests.json'))) assertSameTestsErrors(parseDocument(readFileSync(join(examples, file), 'utf8')).tree?.value(0));
  fc.assert(fc.property(testsFile, (value) => assertSameTestsErrors(value)), { numRuns: 2_000 });
});

test('errors of referenced schemas are appended in place, by the bundled and the run-time validator alike: 40,000 operations missing their properties', { timeout: 120_000 }, () => {
  assert.doesNotMatch(standaloneValidatorSource(join(SCHEMA_DIR, 'formats.ts')), /\.concat\(\w+\.errors\)/);
  assert.doesNotMatch(standaloneTestsValidatorSource(), /\.concat\(\w+\.errors\)/);
  const document = { kind: 'rest', name: 'n', baseUrl: 'https://a.example', operations: Array.from({ length: 40_000 }, () => ({})) };
  assert.equal(runtime(document), false);
  assert.equal(bundled(document), false);
  const required = (errors: ValidateFunction['errors']): string[] => (errors ?? []).filter((e) => e.keyword === 'required').map((e) => `${e.instancePath} ${String(e.params.missingProperty)}`);
  const fromRuntime = required(runtime.errors);
  assert.deepEqual(required(bundled.errors), fromRuntime);
  assert.ok(fromRuntime.includes('/operations/39999 id'), fromRuntime.slice(-3).join());
  assert.equal(fromRuntime.filter((e) => e.startsWith('/operations/39999 ')).length, fromRuntime.filter((e) => e.startsWith('/operations/0 ')).length);
});

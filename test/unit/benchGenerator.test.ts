import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { generateODataConnector, generateRestConnector } from '../bench/generate';
import { readCsdl } from '../../server/src/core/metadata/readCsdl';
import { projectionMetadata } from '../support/largeMetadata';

// Benchmarks must measure the clean path users live on; a generator producing findings would measure error handling.
test('generated REST connector is clean and deterministic', () => {
  const text = generateRestConnector(8);
  assert.equal(text, generateRestConnector(8));
  const { findings, connector } = lintText(text);
  assert.deepEqual(findings.map((f) => `${f.code}: ${f.message}`), []);
  assert.equal(connector?.kind, 'rest');
  assert.equal(connector?.kind === 'rest' ? connector.operations.length : 0, 8);
});

test('generated OData connector is clean and deterministic', () => {
  const text = generateODataConnector(6);
  assert.equal(text, generateODataConnector(6));
  const { findings, connector } = lintText(text);
  assert.deepEqual(findings.map((f) => `${f.code}: ${f.message}`), []);
  assert.equal(connector?.kind, 'odata');
});

test('the generated projection-shaped $metadata is OData V4, of the size asked for, and deterministic', () => {
  const text = projectionMetadata(200_000);
  assert.equal(text, projectionMetadata(200_000));
  assert.ok(text.length >= 200_000 && text.length < 210_000, String(text.length));
  const read = readCsdl(text);
  assert.ok(read.ok);
  const sets = [...(read.service.container?.children.values() ?? [])].filter((c) => c.kind === 'entitySet');
  assert.ok(sets.length > 30, String(sets.length));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { generateConnectorWithFindings, generateODataConnector, generateRestConnector } from '../bench/generate';
import { readCsdl } from '../../server/src/core/metadata/readCsdl';
import { projectionMetadata } from '../support/largeMetadata';

// Benchmarks measure the clean path a finished file takes, and apart from it a file full of findings: the clean
// generators must stay clean, or every figure would measure error handling.
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

test('generated connector full of findings has three on nine operations in ten, each with a fix, and is deterministic', () => {
  const text = generateConnectorWithFindings(20);
  assert.equal(text, generateConnectorWithFindings(20));
  const { findings, connector } = lintText(text);
  assert.equal(connector?.kind === 'rest' ? connector.operations.length : 0, 20);
  const operations = connector?.kind === 'rest' ? connector.operations : [];
  const perOperation = operations.map((o) => findings.filter((f) => f.offset >= o.node.offset && f.offset < o.node.offset + o.node.length));
  assert.deepEqual(perOperation.map((f) => f.length), operations.map((_, i) => (i % 10 === 9 ? 0 : 3)));
  assert.equal(findings.length, 18 * 3, 'no finding outside the operations');
  assert.deepEqual([...new Set(findings.map((f) => `${f.code}/${f.severity}`))].sort(), ['constraints-not-enforced/info', 'empty-value-without-effect/warning']);
  assert.ok(findings.every((f) => f.fixes?.length === 1));
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

// The streaming CSDL XML reader against the reader it replaced (fast-xml-parser's tree, then the model): the same
// service model, in the same order, for real documents (Dataverse's, the example's, odata-v4-server's test
// documents), the rule tables' fixture, the generated projections and hand-written documents that use the corners of
// CSDL XML (aliases declared late, several schemas and containers, every way of writing an annotation value).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readCsdlXml } from '../../../server/src/core/metadata/readXml';
import { previousReadCsdlXml } from '../../support/previousCsdlReader';
import { FIXTURE_XML } from '../../support/metadataFixture';
import { CSDL_CORNERS as CORNERS } from '../../support/csdlCorners';
import { ifsProjectionMetadata, largeMetadataText, projectionMetadata } from '../../support/largeMetadata';

const ROOT = join(__dirname, '..', '..', '..');
const ODATA_SERVER_DOCUMENTS = join(ROOT, 'node_modules', 'odata-v4-server', 'src', 'test', 'metadata');

/** The model as text, Maps in their order and objects with their keys in theirs: equal text, identical models. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map) return { $map: [...item.entries()] };
    if (item instanceof Set) return { $set: [...item] };
    if (typeof item === 'number' && !Number.isFinite(item)) return { $number: String(item) };
    if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.getPrototypeOf(item) === null) return { $nullPrototype: { ...item } };
    return item;
  });
}

function assertSameModel(label: string, text: string): void {
  const previous = previousReadCsdlXml(text);
  const streamed = readCsdlXml(text);
  assert.ok(previous.ok, `${label}: the previous reader refuses it: ${previous.ok ? '' : previous.problem.message}`);
  assert.ok(streamed.ok, `${label}: ${streamed.ok ? '' : streamed.problem.message}`);
  const expected = canonical(previous.service);
  const actual = canonical(streamed.service);
  if (actual !== expected) {
    let at = 0;
    while (at < actual.length && actual[at] === expected[at]) at++;
    assert.fail(`${label}: the models differ at character ${at}:\n  previous: …${expected.slice(Math.max(0, at - 200), at + 200)}\n  streamed: …${actual.slice(Math.max(0, at - 200), at + 200)}`);
  }
}

describe('the streaming CSDL XML reader reads the same model as the reader it replaced', () => {
  it('for the rule tables\' fixture and the example service', () => {
    assertSameModel('fixture', FIXTURE_XML);
    assertSameModel('examples/ifs-orders.metadata.xml', readFileSync(join(ROOT, 'examples', 'ifs-orders.metadata.xml'), 'utf8'));
  });

  it('for odata-v4-server\'s test documents', () => {
    const files = readdirSync(ODATA_SERVER_DOCUMENTS).filter((f) => f.endsWith('.xml'));
    assert.ok(files.length >= 6);
    for (const file of files) assertSameModel(file, readFileSync(join(ODATA_SERVER_DOCUMENTS, file), 'utf8'));
  });

  it('for Dataverse\'s document (8.5 MB)', () => {
    assertSameModel('Dataverse', largeMetadataText());
  });

  it('for the generated projections, the IFS-shaped one included', () => {
    assertSameModel('projection, 1 MB', projectionMetadata(1024 * 1024));
    assertSameModel('IFS projection, 1 MB', ifsProjectionMetadata(1024 * 1024));
  });

  for (const [label, text] of Object.entries(CORNERS)) {
    it(`for ${label}`, () => assertSameModel(label, text));
  }
});

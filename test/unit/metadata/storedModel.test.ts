// A read service kept as text between processes (storedModel.ts): what comes back is the model that was read, to the
// prototypes and the numbers JSON cannot write, and a text that is not exactly a stored model gives nothing.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readCsdl } from '../../../server/src/core/metadata/readCsdl';
import { serviceFromStoredText, storedServiceText } from '../../../server/src/core/metadata/storedModel';
import type { ServiceMetadata } from '../../../server/src/core/metadata/model';
import { CSDL_CORNERS } from '../../support/csdlCorners';
import { FIXTURE_XML } from '../../support/metadataFixture';
import { ifsProjectionMetadata, largeMetadataText } from '../../support/largeMetadata';

const ROOT = join(__dirname, '..', '..', '..');

function read(text: string): ServiceMetadata {
  const result = readCsdl(text);
  assert.ok(result.ok, result.ok ? '' : result.problem.message);
  return result.service;
}

function assertRoundTrip(label: string, service: ServiceMetadata): void {
  const stored = storedServiceText(service, 'k');
  assert.ok(stored !== undefined, `${label}: not storable`);
  // deepStrictEqual compares prototypes, Map order and Object.is for numbers (NaN, -0).
  assert.deepStrictEqual(serviceFromStoredText(stored, 'k'), service, label);
}

/** Annotation values JSON cannot write as they are, and names that are keys of Object.prototype. */
const ODD_VALUES = `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.01" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
<Schema Namespace="Odd" Alias="O" xmlns="http://docs.oasis-open.org/odata/ns/edm">
  <EnumType Name="E" IsFlags="true"><Member Name="A" Value="1"/><Member Name="B"/></EnumType>
  <TypeDefinition Name="Code" UnderlyingType="Edm.String"><Annotation Term="Core.Description" String="a code"/></TypeDefinition>
  <ComplexType Name="Base" Abstract="true" OpenType="true"/>
  <EntityType Name="T" BaseType="O.Base" HasStream="true">
    <Key><PropertyRef Name="Id"/></Key>
    <Property Name="Id" Type="Edm.Int32" Nullable="false" DefaultValue="0" MaxLength="max" Precision="10" Scale="variable">
      <Annotation Term="Odd.NaN" Int="not a number"/><Annotation Term="Odd.Big" Float="1e400"/><Annotation Term="Odd.Small" Float="-1e400"/>
      <Annotation Term="Odd.MinusZero" Int="-0"/><Annotation Term="Odd.Big" Qualifier="q" Decimal="9007199254740993"/>
      <Annotation Term="Odd.Record"><Record Type="O.Base"><PropertyValue Property="__proto__" String="x"/><PropertyValue Property="$Path" Path="Id"/><PropertyValue Property="constructor"/></Record></Annotation>
      <Annotation Term="Odd.Nested"><Collection><Collection><Null/><Int>-0</Int></Collection><Record/><EnumMember>O.E/A O.E/B</EnumMember><Path>a/b</Path></Collection></Annotation>
      <Annotation Term="__proto__" String="term"/>
    </Property>
    <NavigationProperty Name="Self" Type="Collection(O.T)" ContainsTarget="true" Partner="Self" Nullable="false"/>
  </EntityType>
  <Function Name="F" IsBound="true" IsComposable="true" EntitySetPath="it"><Parameter Name="it" Type="O.T"/><ReturnType Type="Collection(O.T)" Nullable="false"/></Function>
  <Function Name="F" IsBound="true"><Parameter Name="it" Type="Collection(O.T)"/></Function>
  <Action Name="Go"/>
  <EntityContainer Name="C">
    <EntitySet Name="Ts" EntityType="O.T"><NavigationPropertyBinding Path="Self" Target="Ts"/></EntitySet>
    <Singleton Name="One" Type="O.T"/><ActionImport Name="Go" Action="O.Go" EntitySet="Ts"/><FunctionImport Name="Fi" Function="O.F"/>
  </EntityContainer>
  <Annotations Target="O.C/Ts"><Annotation Term="Core.OptimisticConcurrency"><Collection><PropertyPath>Id</PropertyPath></Collection></Annotation></Annotations>
</Schema></edmx:DataServices></edmx:Edmx>`;

describe('a stored service model', () => {
  it('comes back identical for odd annotation values: NaN, ±Infinity, -0, records with prototype keys, nested collections', () => {
    const service = read(ODD_VALUES);
    const id = (service.types.get('Odd.T') as { properties: Map<string, { annotations: Record<string, unknown> }> }).properties.get('Id')?.annotations;
    assert.ok(Number.isNaN(id?.['Odd.NaN']) && id?.['Odd.Big'] === Infinity && Object.is(id['Odd.MinusZero'], -0), 'the document has the odd values');
    assertRoundTrip('odd values', service);
    const back = serviceFromStoredText(storedServiceText(service, 'k') ?? '', 'k');
    const record = (back?.types.get('Odd.T') as { properties: Map<string, { annotations: Record<string, Record<string, unknown>> }> }).properties.get('Id')?.annotations['Odd.Record'];
    assert.equal(Object.getPrototypeOf(record), null);
    assert.equal(Object.getOwnPropertyDescriptor(record, '__proto__')?.value, 'x', 'a property named __proto__ stays a property');
  });

  it('comes back identical for real and generated documents, CSDL JSON and the corners of CSDL XML', () => {
    assertRoundTrip('fixture', read(FIXTURE_XML));
    assertRoundTrip('example', read(readFileSync(join(ROOT, 'examples', 'ifs-orders.metadata.xml'), 'utf8')));
    const serverDocuments = join(ROOT, 'node_modules', 'odata-v4-server', 'src', 'test', 'metadata');
    for (const file of readdirSync(serverDocuments).filter((f) => f.endsWith('.xml'))) assertRoundTrip(file, read(readFileSync(join(serverDocuments, file), 'utf8')));
    assertRoundTrip('Dataverse', read(largeMetadataText()));
    assertRoundTrip('IFS projection, 1 MB', read(ifsProjectionMetadata(1024 * 1024)));
    for (const [label, text] of Object.entries(CSDL_CORNERS)) assertRoundTrip(label, read(text));
    assertRoundTrip('CSDL JSON', read(JSON.stringify({
      $Version: '4.01', $EntityContainer: 'N.C',
      N: {
        Order: { $Kind: 'EntityType', $Key: ['OrderNo'], OrderNo: {}, Stamp: { $Type: 'Edm.DateTimeOffset', $Nullable: true, '@Core.Computed': true, '@N.Odd': { a: [1, { $Path: 'x' }] } } },
        C: { $Kind: 'EntityContainer', Orders: { $Collection: true, $Type: 'N.Order' } },
      },
    })));
  });

  it('is not used under another key, cut short anywhere, or with a field of the wrong shape', () => {
    const service = read(FIXTURE_XML);
    const stored = storedServiceText(service, 'k') ?? '';
    assert.equal(serviceFromStoredText(stored, 'other'), undefined);
    for (let end = 0; end < stored.length; end += Math.max(1, Math.floor(stored.length / 200))) assert.equal(serviceFromStoredText(stored.slice(0, end), 'k'), undefined, `cut at ${end}`);
    const whole = JSON.parse(stored) as Record<string, unknown>;
    const hostile: unknown[] = [
      { ...whole, format: 0 },
      { ...whole, types: 'x' },
      { ...whole, types: [['E', 'n', 'q', null, 8, null, [], [], 0]] },
      { ...whole, types: [['E', 'n', 'q', null, 0, null, ['p'], [], 0]] },
      { ...whole, types: [['X']] },
      { ...whole, operations: [['A', 'n', 'q', true, false, [], ['T', false], null, 0]] },
      { ...whole, container: ['C', 'N.C', [], []] },
      { ...whole, container: ['C', 'N.C', 0, [['S', 'Set', 'N.T', ['odd'], 0]]] },
      { ...whole, aliases: [1, 2] },
      { ...whole, namespaces: null },
      { ...whole, container: ['C', 'N.C', ['T', { n: 'eleven' }], []] },
      { ...whole, container: ['C', 'N.C', ['T', { r: [], o: [] }], []] },
      [],
      null,
    ];
    const texts = hostile.map((value) => JSON.stringify(value));
    // Nested deeper than any reader nests values, and deeper than JSON.parse itself goes.
    for (const depth of [5_000, 1_000_000]) {
      const deep = `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
      texts.push(JSON.stringify({ ...whole, container: ['C', 'N.C', ['T', 'DEEP'], []] }).replace('"DEEP"', deep));
    }
    for (const text of texts) assert.equal(serviceFromStoredText(text, 'k'), undefined, text.slice(0, 120));
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsdl } from '../../../server/src/core/metadata/readCsdl';
import { keyOf, propertiesOf, structuredType, isReadOnly, recordFlag } from '../../../server/src/core/metadata/lookups';
import { MAX_METADATA_CHARS, MAX_XML_DEPTH } from '../../../server/src/core/metadata/xmlSafety';
import { TERMS } from '../../../server/src/core/metadata/model';
import { FIXTURE_XML } from '../../support/metadataFixture';

const EDMX = (schema: string): string => `<?xml version="1.0"?><edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices><Schema Namespace="N" xmlns="http://docs.oasis-open.org/odata/ns/edm">${schema}</Schema></edmx:DataServices></edmx:Edmx>`;

function problemOf(text: string): { code: string; message: string } {
  const read = readCsdl(text);
  assert.equal(read.ok, false, 'the document must be refused');
  return read.ok ? { code: '', message: '' } : read.problem;
}

describe('reading CSDL XML', () => {
  it('reads types, keys, inheritance, navigation, operations, the container and annotations (inline, out of line, by alias)', () => {
    const read = readCsdl(FIXTURE_XML);
    assert.ok(read.ok);
    const service = read.service;
    const order = structuredType(service, 'Shop.Sales.Order');
    const special = structuredType(service, 'S.SpecialOrder');
    assert.ok(order && special);
    assert.deepEqual(keyOf(service, special), ['OrderNo'], 'the key is inherited');
    assert.ok(propertiesOf(service, special).has('Priority') && propertiesOf(service, special).has('Amount'));
    assert.equal(isReadOnly(propertiesOf(service, order).get('OrderDate') as never), 'computed');
    assert.equal(isReadOnly(propertiesOf(service, order).get('ChangedBy') as never), 'read-only');
    assert.equal(order.navigationProperties.get('Lines')?.containsTarget, true);
    const documents = service.container?.children.get('Documents');
    assert.equal(recordFlag(documents, TERMS.deleteRestrictions, 'Deletable'), false);
    assert.equal(service.operations.get('Shop.Sales.Release')?.[0]?.bound, true);
    assert.equal(service.container?.children.get('TopOrders')?.kind, 'functionImport');
  });

  it('applies out-of-line annotations to types, properties, sets and bound operations', () => {
    const read = readCsdl(EDMX(`<EntityType Name="T"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
      <Action Name="A" IsBound="true"><Parameter Name="it" Type="N.T"/><Parameter Name="p" Type="Edm.String"/></Action>
      <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="N.T"/></EntityContainer>
      <Annotations Target="N.T/Id"><Annotation Term="Org.OData.Core.V1.Computed" Bool="true"/></Annotations>
      <Annotations Target="N.C/Ts"><Annotation Term="Org.OData.Core.V1.OptimisticConcurrency"><Collection><PropertyPath>Id</PropertyPath></Collection></Annotation></Annotations>
      <Annotations Target="N.A(N.T)/p"><Annotation Term="Org.OData.Core.V1.Description" String="why"/></Annotations>`));
    assert.ok(read.ok);
    const type = structuredType(read.service, 'N.T');
    assert.equal(type?.properties.get('Id')?.annotations[TERMS.computed], true);
    assert.deepEqual(read.service.container?.children.get('Ts')?.annotations[TERMS.optimisticConcurrency], [{ $PropertyPath: 'Id' }]);
    assert.equal(read.service.operations.get('N.A')?.[0]?.parameters[1]?.annotations[TERMS.description], 'why');
  });

  it('decodes the predefined entities and character references in attribute values', () => {
    const read = readCsdl(EDMX('<EntityType Name="T"><Property Name="A" Type="Edm.String"><Annotation Term="Org.OData.Core.V1.Description" String="a &amp; b &lt;c&gt; &#233;"/></Property></EntityType>'));
    assert.ok(read.ok);
    assert.equal(structuredType(read.service, 'N.T')?.properties.get('A')?.annotations[TERMS.description], 'a & b <c> é');
  });

  it('refuses a document type declaration, so no entity is ever expanded (billion laughs)', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>${EDMX('<EntityType Name="T"><Property Name="A" Type="&lol2;"/></EntityType>')}`;
    const problem = problemOf(laughs);
    assert.equal(problem.code, 'doctype');
    assert.match(problem.message, /no entity can be expanded/);
    assert.equal(problemOf(`<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>`).code, 'doctype');
  });

  it('refuses nesting deeper than any CSDL document, without exhausting the stack', () => {
    const deep = `${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`;
    const problem = problemOf(deep);
    assert.equal(problem.code, 'too-deep');
    assert.ok(MAX_XML_DEPTH >= 50);
  });

  it('refuses a document above the size cap before parsing it', () => {
    const problem = problemOf(`<x>${' '.repeat(MAX_METADATA_CHARS)}</x>`);
    assert.equal(problem.code, 'too-large');
  });

  it('says what is wrong with text that is not metadata', () => {
    assert.equal(problemOf('<html><body>Login</body></html>').code, 'not-csdl');
    assert.equal(problemOf('<edmx:Edmx Version="4.0"><unclosed>').code, 'not-xml');
    assert.equal(problemOf('<?xml version="1.0"?><edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices><Schema Namespace="x"/></edmx:DataServices></edmx:Edmx>').code, 'odata-v2');
    assert.equal(problemOf('{ "not": "csdl" }').code, 'not-csdl');
    assert.equal(problemOf('{ "$Version": ').code, 'not-json');
  });
});

describe('reading CSDL JSON', () => {
  it('reads the same model as XML: keys, navigation, enums, operations, container, annotations by alias', () => {
    const read = readCsdl(JSON.stringify({
      $Version: '4.01',
      $EntityContainer: 'N.C',
      $Reference: { 'https://x/Core.json': { $Include: [{ $Namespace: 'Org.OData.Core.V1', $Alias: 'Core' }] } },
      N: {
        Status: { $Kind: 'EnumType', Planned: 0, Released: 1 },
        Order: { $Kind: 'EntityType', $Key: ['OrderNo'], OrderNo: {}, Status: { $Type: 'N.Status' }, Stamp: { $Type: 'Edm.DateTimeOffset', $Nullable: true, '@Core.Computed': true }, Lines: { $Kind: 'NavigationProperty', $Type: 'N.Line', $Collection: true, $ContainsTarget: true } },
        Line: { $Kind: 'EntityType', $Key: ['No'], No: { $Type: 'Edm.Int32' } },
        Release: [{ $Kind: 'Action', $IsBound: true, $Parameter: [{ $Name: 'it', $Type: 'N.Order' }] }],
        C: { $Kind: 'EntityContainer', Orders: { $Collection: true, $Type: 'N.Order', '@Core.OptimisticConcurrency': ['Stamp'] }, Me: { $Type: 'N.Order' } },
      },
    }));
    assert.ok(read.ok);
    const order = structuredType(read.service, 'N.Order');
    assert.deepEqual(order?.key, ['OrderNo']);
    assert.equal(order?.properties.get('OrderNo')?.nullable, false, 'absent $Nullable means false');
    assert.equal(order?.properties.get('OrderNo')?.type.name, 'Edm.String', 'absent $Type means Edm.String');
    assert.equal(order?.properties.get('Stamp')?.annotations[TERMS.computed], true);
    assert.equal(order?.navigationProperties.get('Lines')?.type.collection, true);
    assert.equal(read.service.container?.children.get('Orders')?.kind, 'entitySet');
    assert.equal(read.service.container?.children.get('Me')?.kind, 'singleton');
    assert.equal(read.service.operations.get('N.Release')?.[0]?.kind, 'action');
  });

  it('refuses deep nesting without recursion', () => {
    let deep = '0';
    for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
    assert.equal(problemOf(`{ "$Version": "4.01", "N": ${deep} }`).code, 'too-deep');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { printConnectorJson } from '../../../server/src/core/importing/printConnector';
import { lintText } from '../../../server/src/core/lint';
import { keyPredicateTemplate, placeholderName } from '../../../server/src/core/metadata/arguments';
import { structuredType } from '../../../server/src/core/metadata/lookups';
import { jsonVariableTemplate, urlLiteralTemplate } from '../../../server/src/core/metadata/primitives';
import { importMetadata, listMetadataChoices } from '../../../server/src/core/odataImport/importMetadata';
import type { CustomRequestJson, ODataImportOptions } from '../../../server/src/core/odataImport/types';
import type { JsonValue } from '../../../server/src/core/tree';
import { FIXTURE_SERVICE, FIXTURE_XML, fixtureSource, readService } from '../../support/metadataFixture';

/** The fixture with what a projection of many entity sets also has: keys of every kind, one type behind two sets, operations with typed parameters. */
const WIDE_XML = FIXTURE_XML.replace('<EntityContainer Name="Container">', `
      <EntityType Name="Rate"><Key><PropertyRef Name="Currency"/><PropertyRef Name="ValidFrom"/><PropertyRef Name="Kind"/></Key>
        <Property Name="Currency" Type="Edm.String" Nullable="false"/><Property Name="ValidFrom" Type="Edm.Date" Nullable="false"/>
        <Property Name="Kind" Type="S.Status" Nullable="false"/><Property Name="Value" Type="Edm.Decimal" Nullable="false"/>
        <Property Name="Big" Type="Edm.Int64" Nullable="false"/><Property Name="Etag" Type="Edm.String"/></EntityType>
      <EntityType Name="Blob"><Key><PropertyRef Name="Hash"/></Key><Property Name="Hash" Type="Edm.Binary" Nullable="false"/></EntityType>
      <EntityType Name="Shape" Abstract="true"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
      <Action Name="Rename" IsBound="true"><Parameter Name="it" Type="S.Customer"/><Parameter Name="CustomerId" Type="Edm.Guid" Nullable="false"/><Parameter Name="Name" Type="Edm.String" Nullable="false"/><ReturnType Type="S.Customer"/></Action>
      <Function Name="Convert"><Parameter Name="Currency" Type="Edm.String" Nullable="false"/><Parameter Name="On" Type="Edm.Date" Nullable="false"/><Parameter Name="Ref" Type="Edm.Guid" Nullable="false"/><Parameter Name="Kind" Type="S.Status" Nullable="false"/><Parameter Name="Amounts" Type="Collection(Edm.Decimal)" Nullable="false"/><Parameter Name="Where" Type="S.Address"/><ReturnType Type="Edm.Decimal"/></Function>
      <Action Name="Upload"><Parameter Name="Data" Type="Edm.Stream"/></Action>
      <Action Name="Archive" IsBound="true"><Parameter Name="them" Type="Collection(S.Rate)"/></Action>
      <Action Name="Archive" IsBound="true"><Parameter Name="it" Type="S.Rate"/></Action>
      <EntityContainer Name="Container">`).replace('</EntityContainer>', `
        <EntitySet Name="Rates" EntityType="S.Rate"/>
        <EntitySet Name="Blobs" EntityType="S.Blob"/>
        <EntitySet Name="Shapes" EntityType="S.Shape"/>
        <EntitySet Name="ArchivedCustomers" EntityType="S.Customer"/>
        <EntitySet Name="Odd{x}" EntityType="S.Customer"/>
        <FunctionImport Name="Convert" Function="S.Convert"/>
        <ActionImport Name="Upload" Action="S.Upload"/>
      </EntityContainer>`);
const WIDE = readService(WIDE_XML);

function imported(options: Partial<ODataImportOptions> = {}, service = WIDE): { requests: Map<string, CustomRequestJson>; text: string; notes: string[] } {
  const outcome = importMetadata(service, { metadataPath: 'shop.metadata.xml', baseUrl: 'https://erp.example.com/odata', ...options });
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.failure.message);
  const text = `${printConnectorJson(outcome.result.connector as unknown as JsonValue)}\n`;
  return { requests: new Map(outcome.result.connector.customRequests.map((r) => [r.id, r])), text, notes: outcome.result.notes.map((n) => `${n.where}${n.item ? ` ${n.item}` : ''}: ${n.reason}`) };
}

function request(requests: Map<string, CustomRequestJson>, id: string): CustomRequestJson {
  const found = requests.get(id);
  assert.ok(found, `no request '${id}'; got ${[...requests.keys()].join(', ')}`);
  return found;
}

describe('literals and placeholders from the metadata', () => {
  it('names placeholders after properties, as variables are written', () => {
    assert.deepEqual(['OrderNo', 'ID', 'URLPath', 'book_ID', 'accountid', 'A', 'Kö{x}'].map(placeholderName), ['orderNo', 'id', 'urlPath', 'book_ID', 'accountid', 'a', 'kö_x_']);
  });

  it("writes each type's url literal around a path parameter, and what a url cannot carry as nothing", () => {
    const literal = (name: string, collection = false): string | undefined => urlLiteralTemplate(WIDE, { name, collection }, 'p');
    assert.deepEqual(
      ['Edm.String', 'Edm.Int32', 'Edm.Int64', 'Edm.Decimal', 'Edm.Guid', 'Edm.Date', 'Edm.DateTimeOffset', 'Edm.Boolean', 'Edm.Duration', 'Shop.Sales.Status', 'Edm.Binary', 'Edm.Stream', 'Edm.GeographyPoint', 'Shop.Sales.Address'].map((t) => literal(t)),
      ["'{p}'", '{p}', '{p}', '{p}', '{p}', '{p}', '{p}', '{p}', "duration'{p}'", "Shop.Sales.Status'{p}'", undefined, undefined, undefined, undefined],
    );
    assert.equal(literal('Edm.String', true), undefined);
    assert.deepEqual(['Edm.String', 'Edm.Date', 'Edm.Int64', 'Edm.Decimal', 'Edm.Boolean', 'Shop.Sales.Status', 'Shop.Sales.Address'].map((name) => jsonVariableTemplate(WIDE, { name, collection: false }, 'v')), ['"{{v}}"', '"{{v}}"', '{{v}}', '{{v}}', '{{v}}', '"{{v}}"', '{{v}}']);
  });

  it('writes compound keys by name, each as its type requires; a binary key cannot be written', () => {
    const rate = structuredType(WIDE, 'Shop.Sales.Rate');
    assert.ok(rate);
    assert.equal(keyPredicateTemplate(WIDE, rate), "Currency='{currency}',ValidFrom={validFrom},Kind=Shop.Sales.Status'{kind}'");
    assert.equal(keyPredicateTemplate(WIDE, structuredType(WIDE, 'Shop.Sales.Blob') as never), undefined);
  });
});

describe('connector import odata: what is written for a service', () => {
  it('writes list, get, create, update and delete per entity set, bound operations and imports, with ids that read as what they do', () => {
    const { requests } = imported();
    assert.deepEqual([...requests.keys()], [
      'listOrders', 'getOrder', 'createOrder', 'updateOrder', 'deleteOrder', 'release', 'total',
      'listCustomers', 'getCustomerInCustomers', 'createCustomerInCustomers', 'updateCustomerInCustomers', 'deleteCustomerInCustomers', 'renameCustomers',
      'listDocuments', 'getDocument',
      'listRates', 'getRate', 'createRate', 'updateRate', 'deleteRate', 'archiveRates', 'archiveRates2',
      'listBlobs', 'createBlob',
      'listShapes', 'getShape', 'deleteShape',
      'listArchivedCustomers', 'getCustomerInArchivedCustomers', 'createCustomerInArchivedCustomers', 'updateCustomerInArchivedCustomers', 'deleteCustomerInArchivedCustomers', 'renameArchivedCustomers',
      'getMe', 'renameMe', 'resetAll', 'topOrders', 'convert',
    ]);
  });

  it('reads a collection with $top, and $select of key and scalars where the type has more', () => {
    const { requests } = imported();
    assert.deepEqual(request(requests, 'listOrders').query, { $top: 100, $select: 'OrderNo,CustomerNo,Status,OrderDate,ChangedBy,Amount,Quantity,Due,Ref,Urgent' });
    assert.deepEqual(request(requests, 'listRates').query, { $top: 100 });
    assert.deepEqual(request(requests, 'listOrders').responseStructure, { value: [{ '@odata.etag': '', OrderNo: '', CustomerNo: '', Status: '', OrderDate: '', ChangedBy: '', Amount: 0, Quantity: 0, Due: '', Ref: '', Urgent: false }] });
  });

  it('addresses one entity by a typed path parameter per key property', () => {
    const { requests } = imported();
    assert.equal(request(requests, 'getOrder').url, "Orders('{orderNo}')");
    assert.equal(request(requests, 'getCustomerInCustomers').url, 'Customers({customerId})');
    assert.equal(request(requests, 'getRate').url, "Rates(Currency='{currency}',ValidFrom={validFrom},Kind=Shop.Sales.Status'{kind}')");
  });

  it('creates with every non-nullable property and the keys the service does not compute: strings and dates quoted, numbers bare', () => {
    const { requests } = imported();
    assert.equal(request(requests, 'createOrder').body, '{ "OrderNo": "{{orderNo}}", "CustomerNo": "{{customerNo}}" }');
    // Customer's key is computed by the service: the body leaves it out.
    assert.equal(request(requests, 'createCustomerInCustomers').body, '{ "Name": "{{name}}" }');
    assert.equal(request(requests, 'createRate').body, '{ "Currency": "{{currency}}", "ValidFrom": "{{validFrom}}", "Kind": "{{kind}}", "Value": {{value}}, "Big": {{big}} }');
    assert.deepEqual(request(requests, 'createOrder').responseStructure, request(requests, 'getOrder').responseStructure, 'a create answers with the entity');
  });

  it('changes and deletes by key with If-Match: {{etag}}, and never lets a property take the etag variable', () => {
    const { requests } = imported();
    assert.deepEqual(request(requests, 'updateOrder').headers, { 'If-Match': '{{etag}}', Prefer: 'return=representation' });
    assert.equal(request(requests, 'updateOrder').body, '{ "CustomerNo": "{{customerNo}}" }', 'the immutable key is not sent');
    assert.deepEqual(request(requests, 'deleteOrder'), { id: 'deleteOrder', summary: "Delete one Order of Orders (etag: the ETag it was read with)", operation: 'delete', url: "Orders('{orderNo}')", headers: { 'If-Match': '{{etag}}' } });
    assert.equal(request(requests, 'updateRate').body, '{ "Value": {{value}}, "Big": {{big}} }');
  });

  it('calls bound operations on their binding and imports at the root, parameters typed; a key and a parameter of one name get distinct placeholders', () => {
    const { requests } = imported();
    assert.deepEqual(request(requests, 'release'), {
      id: 'release', summary: 'Action Release on one Order of Orders (optional: Notify)', operation: 'action', url: "Orders('{orderNo}')/Shop.Sales.Release",
      headers: { 'If-Match': '{{etag}}' }, body: '{ "Reason": "{{reason}}", "Notify": {{notify}} }',
    });
    assert.equal(request(requests, 'total').url, "Orders('{orderNo}')/Shop.Sales.Total()");
    assert.deepEqual(request(requests, 'total').responseStructure, { value: 0 });
    const rename = request(requests, 'renameCustomers');
    assert.equal(rename.url, 'Customers({customerId})/Shop.Sales.Rename');
    assert.equal(rename.body, '{ "CustomerId": "{{renameCustomerId}}", "Name": "{{name}}" }');
    assert.deepEqual(rename.responseStructure, { CustomerId: '', Name: '' });
    const convert = request(requests, 'convert');
    assert.equal(convert.url, "Convert(Currency='{currency}',On={on},Ref={ref},Kind=Shop.Sales.Status'{kind}',Amounts=@amounts,Where=@where)");
    // Structured values and collections are JSON in parameter aliases; an object's braces would read as a path parameter.
    assert.deepEqual(convert.query, { '@amounts': '[]', '@where': 'null' });
    assert.equal(convert.summary, 'Function Convert (optional: Where) → Edm.Decimal');
    assert.equal(request(requests, 'topOrders').url, 'TopOrders(Count={count})');
    assert.deepEqual(request(requests, 'resetAll'), { id: 'resetAll', summary: 'Action ResetAll', operation: 'action', url: 'ResetAll' });
  });

  it('writes no create, update or delete the metadata forbids, and says what it left out and why', () => {
    const { requests, notes } = imported();
    for (const id of ['createDocument', 'updateDocument', 'deleteDocument', 'getBlob', 'createShape', 'updateShape']) assert.ok(!requests.has(id), id);
    for (const expected of [
      /^Documents: No create for Documents: the service does not allow creating them \(Capabilities.InsertRestrictions/m,
      /^Documents: No update .*UpdateRestrictions/m,
      /^Documents: No delete .*DeleteRestrictions/m,
      /^Documents File: 'File' is a stream property/m,
      /^Documents \$value: Documents holds media entities/m,
      /^Blobs: No get, update or delete for Blobs: the key 'Hash' \(Edm.Binary\) cannot be written as a path parameter in a url\.$/m,
      /^Shapes: No create for Shapes: its type Shape is abstract/m,
      /^Shapes: No update for Shapes: none of its properties can change \(they are keys, computed, read-only or immutable\)\.$/m,
      /^Odd\{x\}: "Odd\{x\}" is no OData identifier/m,
      /^Report: Function 'Report' returns a stream/m,
      /^Upload: Action 'Upload' takes a stream \('Data'\)/m,
      /^archiveRates2: Another request of this service is named 'archiveRates'; this one is 'archiveRates2'\.$/m,
    ]) assert.ok(notes.some((n) => expected.test(n)), `${expected}\n${notes.join('\n')}`);
    assert.ok(!notes.some((n) => n.startsWith('connector')));
    const placeholder = importMetadata(WIDE, { metadataPath: 'm.xml', entitySets: 'Rates' });
    assert.ok(placeholder.ok);
    assert.equal(placeholder.result.connector.baseUrl, 'https://service.example/odata');
    assert.deepEqual(placeholder.result.notes[0], { kind: 'changed', where: 'connector', item: 'baseUrl', reason: 'The metadata does not say where the service is; baseUrl is https://service.example/odata. Set the service root (or import with --base-url).' });
  });

  it('gives each request the same id whatever else is chosen', () => {
    const all = imported().requests;
    const some = imported({ entitySets: 'Archived*,Rates' }).requests;
    assert.deepEqual([...some.keys()], ['listRates', 'getRate', 'createRate', 'updateRate', 'deleteRate', 'archiveRates', 'archiveRates2', 'listArchivedCustomers', 'getCustomerInArchivedCustomers', 'createCustomerInArchivedCustomers', 'updateCustomerInArchivedCustomers', 'deleteCustomerInArchivedCustomers', 'renameArchivedCustomers']);
    for (const [id, value] of some) assert.deepEqual(value, all.get(id));
    const picked = imported({ choices: ['Orders()/Shop.Sales.Release', 'Convert'] }).requests;
    assert.deepEqual([...picked.keys()], ['release', 'convert']);
  });

  it('lists what a picker offers, with the requests each gives and what it leaves out', () => {
    const choices = listMetadataChoices(WIDE);
    const documents = choices.find((c) => c.key === 'Documents');
    assert.deepEqual(documents?.requests.map((r) => `${r.id} ${r.operation} ${r.url}`), ['listDocuments read Documents', "getDocument read Documents('{docNo}')"]);
    assert.equal(documents?.leftOut.length, 3);
    assert.deepEqual(choices.filter((c) => c.source === 'Orders').map((c) => `${c.kind} ${c.key}`), ['entitySet Orders', 'boundAction Orders()/Shop.Sales.Release', 'boundFunction Orders()/Shop.Sales.Total']);
  });

  it('writes a connector the checks (metadata included) find nothing wrong with', () => {
    for (const service of [WIDE, FIXTURE_SERVICE]) {
      const { text } = imported({}, service);
      const findings = lintText(text, { metadata: fixtureSource(service) }).findings.filter((f) => f.severity !== 'info');
      assert.deepEqual(findings.map((f) => `${f.code}: ${f.message} at ${JSON.stringify(text.slice(f.offset, f.offset + f.length))}`), []);
    }
  });

  it('writes hostile names only where they are safe: quoted in JSON, placeholders of letters and digits, never in a url', () => {
    const hostile = readService(FIXTURE_XML
      .replace('<Property Name="CustomerNo" Type="Edm.String" Nullable="false"/>', '<Property Name="CustomerNo" Type="Edm.String" Nullable="false"/><Property Name="Na&quot;me{x}" Type="Edm.Int32" Nullable="false"/>')
      .replace('<ComplexType Name="Address">', '<ComplexType Name="Loop"><Property Name="Next" Type="S.Loop" Nullable="false"/></ComplexType><ComplexType Name="Address">')
      .replace('<Property Name="Name" Type="Edm.String" Nullable="false"/>', '<Property Name="Name" Type="Edm.String" Nullable="false"/><Property Name="Chain" Type="S.Loop" Nullable="false"/>'));
    const { requests, text } = imported({ entitySets: 'Orders,Customers' }, hostile);
    assert.equal(request(requests, 'createOrder').body, '{ "OrderNo": "{{orderNo}}", "CustomerNo": "{{customerNo}}", "Na\\"me{x}": {{na_me_x_}} }');
    // A type that holds itself is written member by member a few levels deep, then as one variable.
    assert.equal(request(requests, 'createCustomer').body, '{ "Name": "{{name}}", "Chain": { "Next": { "Next": { "Next": { "Next": {{chainNextNextNextNext}} } } } } }');
    assert.ok(JSON.parse(request(requests, 'createOrder').body?.replace(/\{\{[^}]*\}\}/g, '0') ?? ''));
    assert.deepEqual(lintText(text, { metadata: fixtureSource(hostile) }).findings.filter((f) => f.severity !== 'info').map((f) => f.code), []);
  });

  it('says what matches when nothing does, and what a service without a container offers', () => {
    const none = importMetadata(WIDE, { metadataPath: 'm.xml', entitySets: 'Nope*' });
    assert.deepEqual(none, { ok: false, failure: { code: 'nothing-chosen', message: "No entity set, singleton or operation import matches 'Nope*'. The service has: Orders, Customers, Documents, Rates, Blobs, Shapes, ArchivedCustomers, Odd{x}, Me, ResetAll, Upload, TopOrders, ... (14 in all)." } });
    const empty = readService(FIXTURE_XML.replace(/<EntityContainer[\s\S]*<\/EntityContainer>/, ''));
    assert.deepEqual(importMetadata(empty, { metadataPath: 'm.xml' }), { ok: false, failure: { code: 'no-container', message: 'The metadata declares no entity container, so the service offers nothing to call.' } });
  });
});

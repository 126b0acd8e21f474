// `connector import odata` from the $metadata real OData V4 servers serve (the demo orders service, SAP CAP), then
// every written request sent to them: list, get, create, update and delete with the ETag, bound actions and functions.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { METADATA_XML, ODATA_PASSWORD, ODATA_USER, startOrdersOData } from '../../scripts/demo/ordersOData';
import { CAP_PASSWORD, CAP_USER, startCapService } from '../support/capServer';
import { makeTempFolder, runCli, STACK_TRACE, type TempFolder } from '../support/cli';

interface Result { status: number; errors: string[]; warnings: string[]; data?: unknown }

/** A connector a designer starts with: the service, how it signs in, and one request of their own. */
function startingConnector(baseUrl: string, user: string, secret: string, own: string): string {
  return `// Our connector to the service; requests below are ours or written from its $metadata.
{
  "kind": "odata",
  "name": "Orders", // what the designer sees
  "baseUrl": "${baseUrl}",
  "authorization": { "scheme": "basic", "username": "${user}", "secret": "${secret}" },
  "customRequests": [
    ${own}
  ]
}
`;
}

/** Sends one request of the connector with values; its result as `connector request --format json` prints it. */
async function send(cwd: string, env: Record<string, string>, id: string, values: Record<string, string | number> = {}): Promise<Result> {
  const run = await runCli(['request', 'service.connector.json', id, ...Object.entries(values).flatMap(([k, v]) => ['--value', `${k}=${v}`]), '--format', 'json'], { cwd, env });
  assert.doesNotMatch(run.stderr, STACK_TRACE);
  assert.ok(run.stdout.trim().startsWith('{'), `${id}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Result;
}

async function fetchAndImport(folder: TempFolder, env: Record<string, string>, extra: string[] = []): Promise<string> {
  const fetched = await runCli(['metadata', 'fetch', 'service.connector.json'], { cwd: folder.path, env });
  assert.equal(fetched.code, 0, fetched.stderr);
  const imported = await runCli(['import', 'odata', 'service.metadata.xml', '--out', 'service.connector.json', ...extra], { cwd: folder.path, env });
  assert.equal(imported.code, 0, imported.stderr);
  assert.equal(imported.stdout, '');
  const lint = await runCli(['lint', 'service.connector.json'], { cwd: folder.path });
  assert.equal(lint.code, 0, `the written connector has problems:\n${lint.stdout}${lint.stderr}`);
  return imported.stderr;
}

describe('connector import odata from the demo orders service (shaped like an IFS Cloud projection)', () => {
  let service: RunningService;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_IFS: ODATA_PASSWORD };
  before(async () => {
    service = await startOrdersOData(0);
    const own = '{ "id": "orderCount", "operation": "read", "url": "Orders/$count" }';
    folder = makeTempFolder({ 'service.connector.json': startingConnector(service.url, ODATA_USER, 'ifs', own), '.git/HEAD': '' });
  });
  after(async () => {
    folder?.remove();
    await service?.close();
  });

  it('adds requests to the connector from the metadata the service serves; it checks clean and keeps what the designer wrote', async () => {
    const report = await fetchAndImport(folder, env);
    assert.match(report, /^Updated service.connector.json from service.metadata.xml \(9 Custom requests added\):$/m);
    assert.match(report, /left out {2}No create for Documents: the service does not allow creating them/);
    assert.match(report, /left out {2}'FileData' is a stream property/);
    const text = readFileSync(join(folder.path, 'service.connector.json'), 'utf8');
    for (const kept of ['// Our connector to the service', '"name": "Orders", // what the designer sees', '"secret": "ifs"', '"id": "orderCount"']) assert.ok(text.includes(kept), kept);
    assert.match(text, /"connectorVersion": "2.1.17",\n {2}"metadata": "service.metadata.xml",/);
  });

  it('sends each written request correctly: list, get, create, update with the ETag, a bound action and function, delete', async () => {
    const cwd = folder.path;
    const list = await send(cwd, env, 'listOrders', { $top: 2 });
    assert.equal(list.status, 200, list.errors.join());
    assert.deepEqual(list.warnings, [], 'the response structure fits what the service answers');
    assert.deepEqual((list.data as { value: { OrderNo: string }[] }).value.map((o) => o.OrderNo), ['A-1', 'A-2']);

    const created = await send(cwd, env, 'createCustomerOrder', { orderNo: 'T-7', customerNo: 'C300' });
    assert.equal(created.status, 201, created.errors.join());
    assert.deepEqual(created.warnings, []);
    assert.deepEqual(created.data, { '@odata.etag': 'W/"T-7-1"', OrderNo: 'T-7', CustomerNo: 'C300', Status: 'Planned', OrderDate: (created.data as { OrderDate: string }).OrderDate, TotalAmount: 0 });

    const read = await send(cwd, env, 'getCustomerOrder', { orderNo: 'T-7' });
    assert.equal(read.status, 200);
    const etag = (read.data as { '@odata.etag': string })['@odata.etag'];
    assert.equal(etag, 'W/"T-7-1"');

    const stale = await send(cwd, env, 'updateCustomerOrder', { orderNo: 'T-7', etag: 'W/"T-7-0"', customerNo: 'C400' });
    assert.equal(stale.status, 412, 'the ETag in If-Match is what the service checks');
    const updated = await send(cwd, env, 'updateCustomerOrder', { orderNo: 'T-7', etag, customerNo: 'C400' });
    assert.equal(updated.status, 200, updated.errors.join());
    assert.deepEqual(updated.warnings, []);
    const newEtag = (updated.data as { '@odata.etag': string; CustomerNo: string })['@odata.etag'];
    assert.equal((updated.data as { CustomerNo: string }).CustomerNo, 'C400');
    assert.equal(newEtag, 'W/"T-7-2"', 'the answer carries the new ETag for the next change');

    const released = await send(cwd, env, 'customerOrder_Release', { orderNo: 'T-7', etag: newEtag });
    assert.equal(released.status, 204, released.errors.join());
    const total = await send(cwd, env, 'customerOrder_TotalAmount', { orderNo: 'A-1' });
    assert.deepEqual([total.status, total.data], [200, { value: 1250.5 }]);

    const afterRelease = await send(cwd, env, 'getCustomerOrder', { orderNo: 'T-7' });
    const deleted = await send(cwd, env, 'deleteCustomerOrder', { orderNo: 'T-7', etag: (afterRelease.data as { '@odata.etag': string })['@odata.etag'] });
    assert.equal(deleted.status, 204, deleted.errors.join());
    assert.equal((await send(cwd, env, 'getCustomerOrder', { orderNo: 'T-7' })).status, 404);
    const document = await send(cwd, env, 'getDocument', { docNo: 'D-1' });
    assert.deepEqual([document.status, document.data, document.warnings], [200, { DocNo: 'D-1', Title: 'Delivery note' }, []]);
  });

  it('imports again without renaming or adding anything; a changed service adds what is new and reports what is gone', async () => {
    const path = join(folder.path, 'service.connector.json');
    const before = readFileSync(path, 'utf8');
    const again = await runCli(['import', 'odata', 'service.metadata.xml', '--out', 'service.connector.json'], { cwd: folder.path });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(readFileSync(path, 'utf8'), before);
    assert.match(again.stderr, /\(0 Custom requests added\):\n {2}9 requests were already in the file; kept as they are\./);
    // The designer tunes a written request; the service drops a function and gains an entity set.
    writeFileSync(path, before.replace('"$top": 100', '"$top": 20'));
    const changed = METADATA_XML.replace(/<Function Name="CustomerOrder_TotalAmount"[\s\S]*?<\/Function>/, '')
      .replace('<EntitySet Name="Documents"', '<EntitySet Name="Lines" EntityType="IfsApp.CustomerOrderHandling.CustomerOrderLine"/>\n        <EntitySet Name="Documents"');
    writeFileSync(join(folder.path, 'service.metadata.xml'), changed);
    const third = await runCli(['import', 'odata', 'service.metadata.xml', '--out', 'service.connector.json'], { cwd: folder.path });
    assert.equal(third.code, 0, third.stderr);
    assert.match(third.stderr, /Custom request 'listLines' added \(read Lines\)\./);
    assert.match(third.stderr, /Custom request 'getCustomerOrderLine' added \(read Lines\(OrderNo='\{orderNo\}',LineNo=\{lineNo\}\)\)\./);
    assert.match(third.stderr, /Custom request 'customerOrder_TotalAmount' does not fit the service's metadata \(any longer\): 'IfsApp.CustomerOrderHandling.CustomerOrder_TotalAmount' is not a property, navigation property or bound operation of CustomerOrder/);
    const text = readFileSync(path, 'utf8');
    assert.ok(text.includes('"$top": 20'), 'the edit is kept');
    assert.ok(text.includes('"id": "customerOrder_TotalAmount"'), 'a request is never removed');
  });
});

describe('connector import odata from SAP CAP', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_CAP: CAP_PASSWORD };
  before(async () => {
    service = await startCapService({ writable: true });
    folder = makeTempFolder({ 'service.connector.json': startingConnector(service.url, CAP_USER, 'cap', ''), '.git/HEAD': '' });
  });
  after(async () => {
    folder?.remove();
    await service?.close();
  });

  it("writes what CAP's metadata says (integer keys sent, computed keys and read-only sets not, @mandatory properties asked for) and every request works", async () => {
    const report = await fetchAndImport(folder, env, ['--entity-sets', 'Books,Authors']);
    assert.match(report, /left out {2}No create for Authors/);
    const text = readFileSync(join(folder.path, 'service.connector.json'), 'utf8');
    assert.ok(text.includes('"body": "{ \\"ID\\": {{id}}, \\"title\\": \\"{{title}}\\" }"'), 'the integer key and the mandatory title are in the create');
    assert.ok(!text.includes('Chapters'), 'only the chosen entity sets');
    const cwd = folder.path;
    const created = await send(cwd, env, 'createBooks', { id: 7, title: 'Jane Eyre' });
    assert.equal(created.status, 201, created.errors.join());
    assert.deepEqual(created.warnings, []);
    const read = await send(cwd, env, 'getBooks', { id: 7 });
    assert.equal(read.status, 200, read.errors.join());
    const etag = (read.data as { '@odata.etag': string })['@odata.etag'];
    assert.match(etag, /^W\/"/);
    const list = await send(cwd, env, 'listBooks');
    assert.deepEqual((list.data as { value: { ID: number }[] }).value.map((b) => b.ID), [1, 7]);
    assert.deepEqual(list.warnings, []);
    assert.equal((await send(cwd, env, 'updateBooks', { id: 7, etag: 'W/"stale"', title: 'x' })).status, 412);
    const updated = await send(cwd, env, 'updateBooks', { id: 7, etag, title: 'Villette' });
    assert.equal(updated.status, 200, updated.errors.join());
    assert.equal((updated.data as { title: string }).title, 'Villette');
    const newEtag = (updated.data as { '@odata.etag': string })['@odata.etag'];
    const ordered = await send(cwd, env, 'order', { id: 7, etag: newEtag, quantity: 3 });
    assert.deepEqual([ordered.status, ordered.data], [200, { value: 3 }], ordered.errors.join());
    assert.equal((await send(cwd, env, 'deleteBooks', { id: 7, etag: newEtag })).status, 204);
    assert.equal((await send(cwd, env, 'getBooks', { id: 7 })).status, 404);
    const authors = await send(cwd, env, 'listAuthors');
    assert.deepEqual([authors.status, authors.data, authors.warnings], [200, { value: [{ ID: '01234567-89ab-cdef-0123-456789abcdef', name: 'Emily Brontë' }] }, []], authors.errors.join());
  });
});

describe('connector import odata: what it refuses, with nothing written', () => {
  const cases: { name: string; files: Record<string, string>; args: string[]; message: RegExp }[] = [
    { name: 'a document that is not XML', files: { 'm.xml': '<edmx:Edmx Version="4.0"><oops></edmx:Edmx>' }, args: ['m.xml'], message: /^connector import: m.xml cannot be used as \$metadata: it is not well-formed XML \(.*\) \(line 1, column 32\)\.$/m },
    { name: 'OData V2 metadata', files: { 'm.xml': '<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices/></edmx:Edmx>' }, args: ['m.xml'], message: /it describes an OData V2 \(or older\) service \(EDMX version 1.0\)/ },
    { name: 'an XML document of another kind', files: { 'm.xml': '<project><name>x</name></project>' }, args: ['m.xml'], message: /it is not an OData metadata document \(its root element is not edmx:Edmx\)/ },
    { name: 'a document with a DOCTYPE', files: { 'm.xml': '<!DOCTYPE x [<!ENTITY a "b">]><edmx:Edmx Version="4.0"/>' }, args: ['m.xml'], message: /DOCTYPE/ },
    { name: 'a file that does not exist', files: {}, args: ['nope.xml'], message: /nope.xml cannot be used as \$metadata: it does not exist/ },
    { name: 'a folder', files: { 'dir/x': '' }, args: ['dir'], message: /dir cannot be used as \$metadata: it is not a regular file/ },
    { name: 'entity sets that match nothing', files: { 'm.xml': METADATA_XML }, args: ['m.xml', '--entity-sets', 'Invoice*'], message: /No entity set, singleton or operation import matches 'Invoice\*'\. The service has: Orders, Documents\./ },
    { name: 'a REST connector as the file to add to', files: { 'm.xml': METADATA_XML, 'out.connector.json': '{ "kind": "rest", "name": "x", "baseUrl": "https://h", "operations": [] }' }, args: ['m.xml', '--out', 'out.connector.json'], message: /not an OData connector/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const folder = makeTempFolder(c.files);
      try {
        if (c.name === 'a folder') mkdirSync(join(folder.path, 'dir'), { recursive: true });
        const out = c.args.includes('--out') ? [] : ['--out', 'new.connector.json'];
        const run = await runCli(['import', 'odata', ...c.args, ...out], { cwd: folder.path });
        assert.equal(run.code, 2, run.stderr);
        assert.match(run.stderr, c.message);
        assert.match(run.stderr, /Nothing was written\.\n$/);
        assert.doesNotMatch(run.stderr, STACK_TRACE);
        assert.throws(() => readFileSync(join(folder.path, 'new.connector.json')), 'no connector was written');
        if (c.files['out.connector.json']) assert.equal(readFileSync(join(folder.path, 'out.connector.json'), 'utf8'), c.files['out.connector.json']);
      } finally {
        folder.remove();
      }
    });
  }

  it('usage mistakes are named', async () => {
    for (const [args, message] of [
      [['import', 'odata'], /Give one metadata document/],
      [['import', 'odata', 'm.xml', '--base-url', 'ftp://h'], /--base-url takes an absolute http\(s\) URL, not 'ftp:\/\/h'/],
      [['import', 'odata', 'm.xml', '--entity-sets'], /--entity-sets needs a value/],
      [['import', 'wsdl', 'x'], /the import reads OpenAPI and Swagger documents \(connector import openapi SPEC\), OData \$metadata \(connector import odata METADATA\), curl commands \(connector import curl\), Postman collections/],
    ] as const) {
      const run = await runCli([...args]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, message);
    }
    const help = await runCli(['import', 'odata', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: connector import odata METADATA/);
  });

  it('reads CSDL JSON as well as XML', async () => {
    const csdl = {
      $Version: '4.01', $EntityContainer: 'N.C',
      N: {
        Order: { $Kind: 'EntityType', $Key: ['OrderNo'], OrderNo: {}, Amount: { $Type: 'Edm.Decimal' } },
        Release: [{ $Kind: 'Action', $IsBound: true, $Parameter: [{ $Name: 'it', $Type: 'N.Order' }, { $Name: 'Reason', $Type: 'Edm.String' }] }],
        C: { $Kind: 'EntityContainer', Orders: { $Collection: true, $Type: 'N.Order', '@Org.OData.Core.V1.OptimisticConcurrency': [] } },
      },
    };
    const folder = makeTempFolder({ 'orders.csdl.json': JSON.stringify(csdl) });
    try {
      const run = await runCli(['import', 'odata', 'orders.csdl.json', '--out', 'orders.connector.json', '--base-url', 'https://h/odata'], { cwd: folder.path });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /^Wrote 6 Custom requests from orders.csdl.json into orders.connector.json\.$/m);
      const text = readFileSync(join(folder.path, 'orders.connector.json'), 'utf8');
      assert.ok(text.includes('"url": "Orders(\'{orderNo}\')/N.Release"') && text.includes('"body": "{ \\"Reason\\": \\"{{reason}}\\" }"'), text);
      const lint = await runCli(['lint', 'orders.connector.json'], { cwd: folder.path });
      assert.equal(lint.code, 0, lint.stdout);
    } finally {
      folder.remove();
    }
  });

  it('prints the connector when no file is given, naming the metadata from the working folder', async () => {
    const folder = makeTempFolder({ 'meta/orders.xml': METADATA_XML });
    try {
      const run = await runCli(['import', 'odata', 'meta/orders.xml', '--entity-sets', 'Orders', '--name', 'IFS orders', '--base-url', 'https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc/'], { cwd: folder.path });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^\/\/ Custom requests written from orders.xml by connector import odata\.\n\{\n {2}"kind": "odata",\n {2}"name": "IFS orders",\n {2}"baseUrl": "https:\/\/ifs.example.com\/main\/ifsapplications\/projection\/v1\/CustomerOrderHandling.svc",\n {2}"connectorVersion": "2.1.17",\n {2}"metadata": "meta\/orders.xml",/);
      assert.match(run.stderr, /^Wrote 7 Custom requests from meta\/orders.xml into the connector\.$/m);
    } finally {
      folder.remove();
    }
  });
});

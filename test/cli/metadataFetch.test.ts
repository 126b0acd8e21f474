// `connector metadata fetch` against real OData servers started here: odata-v4-server and SAP CAP (with its
// mocked basic authentication), then the connector checked against what they serve.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CAP_PASSWORD, CAP_USER, startCapService } from '../support/capServer';
import { makeTempFolder, runCli, STACK_TRACE } from '../support/cli';
import { FIXTURE_XML } from '../support/metadataFixture';
import { startThirdPartyOData } from '../support/odataV4Server';

interface LintJson { code: string; line: number; message: string }

function connector(baseUrl: string, requests: string[], extra = ''): string {
  return `// Orders of the service, checked against its $metadata.
{
  "kind": "odata",
  "name": "Test", // the display name
  "baseUrl": "${baseUrl}",
  "connectorVersion": "2.1.17",${extra}
  "customRequests": [
    ${requests.join(',\n    ')}
  ]
}
`;
}

async function lint(cwd: string, file: string): Promise<LintJson[]> {
  const run = await runCli(['lint', file, '--format', 'json'], { cwd });
  assert.doesNotMatch(run.stderr, STACK_TRACE);
  return JSON.parse(run.stdout) as LintJson[];
}

describe('connector metadata fetch against odata-v4-server', () => {
  let service: Awaited<ReturnType<typeof startThirdPartyOData>>;
  before(async () => {
    service = await startThirdPartyOData();
  });
  after(() => service.close());

  it('writes NAME.metadata.xml beside the file, names it in the connector keeping comments and layout, and prints the path', async () => {
    const folder = makeTempFolder({ 'orders.connector.json': connector(service.url, ['{ "id": "list", "operation": "read", "url": "Orders" }']), '.git/HEAD': '' });
    try {
      const run = await runCli(['metadata', 'fetch', 'orders.connector.json'], { cwd: folder.path });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'orders.metadata.xml\n');
      assert.match(run.stderr, /Added "metadata": "orders.metadata.xml"/);
      assert.match(readFileSync(join(folder.path, 'orders.metadata.xml'), 'utf8'), /<edmx:Edmx[\s\S]*EntitySet Name="Orders"/);
      const text = readFileSync(join(folder.path, 'orders.connector.json'), 'utf8');
      assert.match(text, /^\/\/ Orders of the service/);
      assert.match(text, /"name": "Test", \/\/ the display name/);
      assert.match(text, /"connectorVersion": "2.1.17",\n {2}"metadata": "orders.metadata.xml",\n/);
      // Fetching again rewrites the file and leaves the connector as it is.
      const again = await runCli(['metadata', 'fetch', 'orders.connector.json'], { cwd: folder.path });
      assert.equal(again.code, 0, again.stderr);
      assert.equal(readFileSync(join(folder.path, 'orders.connector.json'), 'utf8'), text);
    } finally {
      folder.remove();
    }
  });

  it('a connector saved with a byte-order mark is read as editors show it and keeps its mark', async () => {
    const folder = makeTempFolder({ 'orders.connector.json': `\uFEFF${connector(service.url, ['{ "id": "list", "operation": "read", "url": "Orders" }'])}`, '.git/HEAD': '' });
    try {
      const run = await runCli(['metadata', 'fetch', 'orders.connector.json'], { cwd: folder.path });
      assert.equal(run.code, 0, run.stderr);
      const text = readFileSync(join(folder.path, 'orders.connector.json'), 'utf8');
      assert.match(text, /^\uFEFF\/\/ Orders of the service/);
      assert.match(text, /"connectorVersion": "2.1.17",\n {2}"metadata": "orders.metadata.xml",\n/);
    } finally {
      folder.remove();
    }
  });

  it('then checks Custom requests against what the service declares', async () => {
    const requests = [
      '{ "id": "ok", "operation": "read", "url": "Orders(\'{no}\')", "query": { "$select": "OrderNo,Status" }, "responseStructure": { "OrderNo": "", "Status": "" } }',
      '{ "id": "set", "operation": "read", "url": "Ordrs" }',
      '{ "id": "key", "operation": "read", "url": "Orders(1)" }',
      '{ "id": "body", "operation": "create", "url": "Orders", "body": "{ \\"OrderNo\\": \\"N-1\\", \\"Customer\\": \\"C9\\" }" }',
      '{ "id": "select", "operation": "read", "url": "Orders", "query": { "$select": "OrderNo,State" } }',
    ];
    const folder = makeTempFolder({ 'orders.connector.json': connector(service.url, requests), '.git/HEAD': '' });
    try {
      assert.equal((await runCli(['metadata', 'fetch', 'orders.connector.json', '--out', 'meta/service.xml'], { cwd: folder.path })).code, 0);
      assert.ok(existsSync(join(folder.path, 'meta', 'service.xml')));
      assert.match(readFileSync(join(folder.path, 'orders.connector.json'), 'utf8'), /"metadata": "meta\/service.xml"/);
      const findings = await lint(folder.path, 'orders.connector.json');
      assert.deepEqual(findings.map((f) => f.code), ['unknown-resource', 'key-predicate', 'unknown-body-property', 'query-option']);
      assert.match(findings[0]?.message ?? '', /Did you mean 'Orders'/);
      assert.match(findings[1]?.message ?? '', /string in single quotes/);
      assert.match(findings[2]?.message ?? '', /Did you mean 'CustomerNo'/);
      assert.match(findings[3]?.message ?? '', /Did you mean 'Status'/);
    } finally {
      folder.remove();
    }
  });
});

describe('connector metadata fetch against SAP CAP (mocked basic authentication)', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  before(async () => {
    service = await startCapService();
  });
  after(() => service.close());

  const auth = `\n  "authorization": { "scheme": "basic", "username": "${CAP_USER}", "secret": "cap" },`;

  it('needs the secret: without it nothing is sent and the variable is named; a wrong one gets the status', async () => {
    const folder = makeTempFolder({ 'books.connector.json': connector(service.url, [], auth), '.git/HEAD': '' });
    try {
      const missing = await runCli(['metadata', 'fetch', 'books.connector.json'], { cwd: folder.path, env: { CONNECTOR_SECRET_CAP: undefined } });
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /secret 'cap' is not set.*CONNECTOR_SECRET_CAP/);
      const wrong = await runCli(['metadata', 'fetch', 'books.connector.json'], { cwd: folder.path, env: { CONNECTOR_SECRET_CAP: 'nope' } });
      assert.equal(wrong.code, 1);
      assert.match(wrong.stderr, /answered 401 \(check the secret and the user\)/);
      assert.doesNotMatch(wrong.stderr, /nope/);
      assert.ok(!existsSync(join(folder.path, 'books.metadata.xml')), 'nothing is written');
    } finally {
      folder.remove();
    }
  });

  it("fetches with the connector's authorization; CAP's annotations drive the checks", async () => {
    const requests = [
      '{ "id": "list", "operation": "read", "url": "Books", "query": { "$select": "ID,title,price", "$filter": "stock gt 10 and genre eq \'Fiction\'", "$top": 5 }, "responseStructure": { "value": [{ "ID": 0, "title": "", "price": 0 }] } }',
      '{ "id": "order", "operation": "action", "url": "Books({id})/bookshop.CatalogService.order", "headers": { "If-Match": "{{etag}}" }, "body": "{ \\"quantity\\": {{quantity}} }" }',
      '{ "id": "badKey", "operation": "read", "url": "Books(ID=\'1\')" }',
      '{ "id": "newAuthor", "operation": "create", "url": "Authors", "body": "{ \\"name\\": \\"Emily\\" }" }',
      '{ "id": "rename", "operation": "update", "url": "Books(1)", "body": "{ \\"title\\": \\"x\\", \\"modifiedAt\\": \\"2026-11-22T10:00:00Z\\" }" }',
      '{ "id": "orderNone", "operation": "action", "url": "Books(1)/bookshop.CatalogService.order", "headers": { "If-Match": "*" }, "body": "{}" }',
      '{ "id": "stock", "operation": "read", "url": "Books(1)/bookshop.CatalogService.stockValue()" }',
    ];
    const folder = makeTempFolder({ 'books.connector.json': connector(service.url, requests, auth), '.git/HEAD': '' });
    try {
      const run = await runCli(['metadata', 'fetch', 'books.connector.json'], { cwd: folder.path, env: { CONNECTOR_SECRET_CAP: CAP_PASSWORD } });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /3 entity sets, 3 entity types/);
      assert.doesNotMatch(readFileSync(join(folder.path, 'books.metadata.xml'), 'utf8'), new RegExp(CAP_PASSWORD));
      const findings = await lint(folder.path, 'books.connector.json');
      assert.deepEqual(findings.map((f) => `${f.code}`), ['key-predicate', 'operation-restricted', 'if-match-missing', 'read-only-in-body', 'operation-parameter', 'operation-kind']);
      assert.match(findings[0]?.message ?? '', /whole number/);
      assert.match(findings[1]?.message ?? '', /does not allow creating Authors/);
      assert.match(findings[2]?.message ?? '', /optimistic concurrency/);
      assert.match(findings[3]?.message ?? '', /'modifiedAt' is computed/);
      assert.match(findings[4]?.message ?? '', /needs 'quantity'/);
      assert.match(findings[5]?.message ?? '', /invoked with GET/);
      // The valid read goes to CAP and comes back in the shape the structure describes (a file with errors sends nothing).
      writeFileSync(join(folder.path, 'ok.connector.json'), connector(service.url, [requests[0] as string], `${auth}\n  "metadata": "books.metadata.xml",`));
      assert.deepEqual(await lint(folder.path, 'ok.connector.json'), []);
      const sent = await runCli(['request', 'ok.connector.json', 'list', '--format', 'json'], { cwd: folder.path, env: { CONNECTOR_SECRET_CAP: CAP_PASSWORD } });
      const result = JSON.parse(sent.stdout) as { status: number; data: unknown };
      assert.equal(result.status, 200, sent.stderr);
      assert.deepEqual(result.data, { value: [{ ID: 1, title: 'Wuthering Heights', price: 11.11 }] });
    } finally {
      folder.remove();
    }
  });
});

describe('connector metadata fetch refuses what it must not write', () => {
  let html: Server;
  let url = '';
  before(async () => {
    html = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Please sign in</body></html>'));
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(html.address() as AddressInfo).port}/odata`;
  });
  after(() => new Promise<void>((resolve) => html.close(() => resolve())));

  it('a page that is not metadata is not written', async () => {
    const folder = makeTempFolder({ 'x.connector.json': connector(url, []), '.git/HEAD': '' });
    try {
      const run = await runCli(['metadata', 'fetch', 'x.connector.json'], { cwd: folder.path });
      assert.equal(run.code, 1);
      assert.match(run.stderr, /cannot be used as metadata: it is not an OData metadata document/);
      assert.ok(!existsSync(join(folder.path, 'x.metadata.xml')));
    } finally {
      folder.remove();
    }
  });

  it('a metadata path the connector names outside the project is not written (nothing is downloaded)', async () => {
    const folder = makeTempFolder({ 'project/x.connector.json': connector(url, [], '\n  "metadata": "../../outside.xml",'), 'project/.git/HEAD': '' });
    try {
      const run = await runCli(['metadata', 'fetch', 'project/x.connector.json'], { cwd: folder.path });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /resolves outside the workspace/);
      assert.ok(!existsSync(join(folder.path, '..', 'outside.xml')));
    } finally {
      folder.remove();
    }
  });

  it('a folder swapped for a link outside the project while the download runs is not written through', async () => {
    const folder = makeTempFolder({ 'project/x.connector.json': '', 'project/.git/HEAD': '', 'project/meta/keep': '', 'outside/keep': '' });
    const project = join(folder.path, 'project');
    // The service answers only once the folder the connector names has become a link to a folder outside the project.
    const swapping = createServer((_request, response) => {
      rmSync(join(project, 'meta'), { recursive: true });
      symlinkSync(join(folder.path, 'outside'), join(project, 'meta'));
      response.writeHead(200, { 'Content-Type': 'application/xml' }).end(FIXTURE_XML);
    });
    await new Promise<void>((resolve) => swapping.listen(0, '127.0.0.1', () => resolve()));
    try {
      writeFileSync(join(project, 'x.connector.json'), connector(`http://127.0.0.1:${(swapping.address() as AddressInfo).port}/odata`, [], '\n  "metadata": "meta/x.metadata.xml",'));
      const run = await runCli(['metadata', 'fetch', 'x.connector.json'], { cwd: project });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, /resolves outside the workspace/);
      assert.deepEqual(readdirSync(join(folder.path, 'outside')), ['keep']);
    } finally {
      await new Promise<void>((resolve) => swapping.close(() => resolve()));
      folder.remove();
    }
  });

  it('says how to call it, and refuses a REST connector', async () => {
    const usage = await runCli(['metadata', 'get', 'x.connector.json']);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /connector metadata fetch FILE/);
    const folder = makeTempFolder({ 'r.connector.json': '{ "kind": "rest", "name": "r", "baseUrl": "https://a.b", "operations": [] }' });
    try {
      writeFileSync(join(folder.path, 'x'), '');
      const rest = await runCli(['metadata', 'fetch', 'r.connector.json'], { cwd: folder.path });
      assert.equal(rest.code, 2);
      assert.match(rest.stderr, /not an OData connector/);
    } finally {
      folder.remove();
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CAP_PASSWORD, CAP_USER, PAGE_SIZE, startCapService } from '../support/capServer';
import { makeTempFolder, runCli, STACK_TRACE, type TempFolder } from '../support/cli';
import type { RunningService } from '../../scripts/demo/http';
import { ODATA_PASSWORD, ODATA_USER, startOrdersOData } from '../../scripts/demo/ordersOData';
import { startBystander, startHostilePager, type PagingService } from '../support/pagingServers';

interface PagedResult { status: number; errors: string[]; pages?: number; data?: { value?: { ID?: number; n?: number }[]; '@odata.nextLink'?: string } }

function odataConnector(baseUrl: string, secret: string, requests: string[]): string {
  return `{
  "kind": "odata", "name": "Paged", "baseUrl": "${baseUrl}", "connectorVersion": "2.1.17",
  "authorization": { "scheme": "basic", "username": "${CAP_USER}", "secret": "${secret}" },
  "customRequests": [ ${requests.join(',\n    ')} ]
}
`;
}

const read = (id: string, url: string, extra = ''): string => `{ "id": "${id}", "operation": "read", "url": "${url}"${extra} }`;

describe('connector request --all-pages against SAP CAP with @cds.query.limit', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_CAP: CAP_PASSWORD };
  before(async () => {
    service = await startCapService({ pagedBooks: 7 });
    folder = makeTempFolder({
      'books.connector.json': odataConnector(service.url, 'cap', [
        read('listBooks', 'Books', ', "query": { "$select": "ID,title" }, "responseStructure": { "value": [{ "ID": 0, "title": "" }] }'),
      ]),
      '.git/HEAD': '',
    });
  });
  after(async () => {
    folder.remove();
    await service.close();
  });

  it('without --all-pages reads the first page only: CAP caps it and links the next', async () => {
    const run = await runCli(['request', 'books.connector.json', 'listBooks', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as PagedResult;
    assert.equal(result.data?.value?.length, PAGE_SIZE);
    assert.equal(result.pages, undefined);
  });

  it('with --all-pages every page arrives, rows in order, the next link dropped', async () => {
    const run = await runCli(['request', 'books.connector.json', 'listBooks', '--all-pages', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as PagedResult;
    assert.deepEqual(result.data?.value?.map((b) => b.ID), [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(result.pages, Math.ceil(7 / PAGE_SIZE));
    assert.equal(result.data?.['@odata.nextLink'], undefined);
    assert.deepEqual(result.errors, []);
  });

  it('--max-pages below the pages there are stops with an error naming the limit; the rows read are kept', async () => {
    const run = await runCli(['request', 'books.connector.json', 'listBooks', '--all-pages', '--max-pages', '2'], { cwd: folder.path, env });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /Pages: 2/);
    assert.match(run.stdout, /Error: Paging stopped at the limit of 2 pages; the service has more\. Raise maxPages \(--max-pages\)/);
    assert.match(run.stdout, /"ID": 4/);
    assert.doesNotMatch(run.stdout, /"ID": 5/);
  });

  it('--max-pages must be a whole number of pages, and needs --all-pages', async () => {
    for (const bad of ['0', '1e400', '9007199254740993', '-1', '2.5', '']) {
      const run = await runCli(['request', 'books.connector.json', 'listBooks', '--all-pages', '--max-pages', bad], { cwd: folder.path, env });
      assert.equal(run.code, 2, `--max-pages '${bad}'`);
      assert.match(run.stderr, /--max-pages takes a whole number of pages from 1 to 10000/);
    }
    const alone = await runCli(['request', 'books.connector.json', 'listBooks', '--max-pages', '3'], { cwd: folder.path, env });
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /--max-pages limits --all-pages; give --all-pages too/);
  });
});

describe('connector request --all-pages against a service that pages badly', () => {
  let pager: PagingService;
  let bystander: PagingService;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_PAGER: 'pager-secret-value' };
  const send = (id: string, ...more: string[]): ReturnType<typeof runCli> => runCli(['request', 'paged.connector.json', id, '--all-pages', ...more], { cwd: folder.path, env });
  before(async () => {
    bystander = await startBystander();
    pager = await startHostilePager(bystander.url);
    folder = makeTempFolder({
      'paged.connector.json': odataConnector(`${pager.url}/odata`, 'pager', ['Loop', 'Away', 'CrLf', 'Huge', 'Endless', 'NotText'].map((name) => read(name.toLowerCase(), name))),
      'items.connector.json': `{ "kind": "rest", "name": "Items", "baseUrl": "${pager.url}/rest",
        "authorization": { "scheme": "apiKey", "in": "header", "name": "Authorization", "secret": "pager" },
        "operations": [ { "id": "listItems", "method": "GET", "path": "/items" } ] }`,
      'keyed.connector.json': `{ "kind": "rest", "name": "Keyed", "baseUrl": "${pager.url}/rest",
        "authorization": { "scheme": "apiKey", "in": "query", "name": "key", "secret": "pager" },
        "operations": [ { "id": "listItems", "method": "GET", "path": "/items" } ] }`,
      '.git/HEAD': '',
    });
  });
  after(async () => {
    folder.remove();
    await pager.close();
    await bystander.close();
  });

  it('a link back to a page already read is a loop: an error, each page read once', async () => {
    const before = pager.hits.length;
    const run = await send('loop');
    assert.equal(run.code, 1);
    assert.match(run.stdout, /Error: Page 2 links back to a page already read \(http:\/\/127\.0\.0\.1:\d+\/odata\/Loop\); the service pages in a loop/);
    assert.deepEqual(pager.hits.slice(before).map((h) => h.path), ['/odata/Loop', '/odata/Loop?page=2']);
  });

  it('a link to another origin is refused: nothing reaches it, with or without credentials', async () => {
    const run = await send('away');
    assert.equal(run.code, 1);
    assert.match(run.stdout, new RegExp(`Error: Page 1 links to its next page on ${bystander.url.replace(/\./g, '\\.')}, not on ${pager.url.replace(/\./g, '\\.')}; it was not read, so the request's credentials stay with`));
    assert.equal(bystander.hits.length, 0);
    assert.doesNotMatch(run.stdout, /pager-secret-value/);
  });

  it('a link with CR/LF is not followed (the URL parser would drop them silently)', async () => {
    const before = pager.hits.length;
    const run = await send('crlf', '--format', 'json');
    assert.equal(run.code, 1);
    const result = JSON.parse(run.stdout) as PagedResult;
    assert.match(result.errors.join('\n'), /Page 1 links to its next page with control characters \("CrLf\?page=2\\r\\nX-Injected: yes"\); the link was not followed/);
    assert.equal(pager.hits.length, before + 1);
  });

  it('numbers past a double (1e400, 2^53+1) keep their digits across pages', async () => {
    const run = await send('huge', '--format', 'json');
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /"@odata\.count": 1e400/);
    assert.equal(run.stdout.match(/"n": 1e400/g)?.length, 2);
    assert.equal(run.stdout.match(/"id": 9007199254740993/g)?.length, 2);
    assert.match(run.stdout, /"pages": 2/);
  });

  it('a service that never stops paging is stopped at the default limit of 100 pages', async () => {
    const run = await send('endless', '--format', 'json');
    assert.equal(run.code, 1);
    const result = JSON.parse(run.stdout) as PagedResult;
    assert.equal(result.pages, 100);
    assert.equal(result.data?.value?.length, 200);
    assert.match(result.errors.join('\n'), /limit of 100 pages/);
  });

  it('a next link that is not text is an error, not an address', async () => {
    const run = await send('nottext');
    assert.equal(run.code, 1);
    assert.match(run.stdout, /Error: Page 1 has an @odata\.nextLink that is not text; paging stopped\./);
    assert.doesNotMatch(run.stdout + run.stderr, STACK_TRACE);
  });

  it('REST: Link rel="next" pages are read with the same credentials and the arrays joined', async () => {
    const before = pager.hits.length;
    const run = await runCli(['request', 'items.connector.json', 'listItems', '--all-pages', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const result = JSON.parse(run.stdout) as { data: { n: number }[]; pages: number };
    assert.deepEqual(result.data.map((r) => r.n), [11, 12, 21, 22, 31, 32]);
    assert.equal(result.pages, 3);
    const hits = pager.hits.slice(before);
    assert.deepEqual(hits.map((h) => h.path), ['/rest/items', '/rest/items?page=2', '/rest/items?page=3']);
    assert.ok(hits.every((h) => h.authorization === 'pager-secret-value'), 'every page carries the credentials');
  });

  it('REST: an API key in the query goes to every page, though the next links leave it out', async () => {
    const before = pager.hits.length;
    const run = await runCli(['request', 'keyed.connector.json', 'listItems', '--all-pages'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /Pages: 3/);
    assert.deepEqual(pager.hits.slice(before).map((h) => h.path), ['/rest/items?key=pager-secret-value', '/rest/items?page=2&key=pager-secret-value', '/rest/items?page=3&key=pager-secret-value']);
  });

  it('a request that is not GET is refused with --all-pages, nothing sent', async () => {
    const post = makeTempFolder({ 'post.connector.json': odataConnector(`${pager.url}/odata`, 'pager', [`{ "id": "make", "operation": "create", "url": "Loop", "body": "{}" }`]), '.git/HEAD': '' });
    try {
      const before = pager.hits.length;
      const run = await runCli(['request', 'post.connector.json', 'make', '--all-pages'], { cwd: post.path, env });
      assert.equal(run.code, 1);
      assert.match(run.stdout, /All pages follows next links of GET requests; this request is POST, so nothing was sent/);
      assert.equal(pager.hits.length, before);
    } finally {
      post.remove();
    }
  });
});

describe('connector test: cases with allPages and maxPages against SAP CAP with @cds.query.limit', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_CAP: CAP_PASSWORD };
  before(async () => {
    service = await startCapService({ pagedBooks: 5 });
    const cases = [
      { name: 'every book, all pages', operation: 'listBooks', allPages: true, expect: { status: 200, data: { value: [{ ID: 1 }, { ID: 2 }, { ID: 3 }, { ID: 4 }, { ID: 5 }] } } },
      { name: 'more pages than the limit', operation: 'listBooks', allPages: true, maxPages: 2, expect: { status: 200 } },
      { name: 'the last book, found across pages', steps: [
        { name: 'list', operation: 'listBooks', allPages: true, capture: { last: '/data/value/4/ID' } },
        { name: 'read it', operation: 'getBook', values: { id: '{{last}}' }, expect: { status: 200, data: { ID: 5 } } },
      ] },
      { name: 'a step past its maxPages', steps: [{ name: 'list', operation: 'listBooks', allPages: true, maxPages: 2, capture: { last: '/data/value/1/ID' } }] },
    ];
    folder = makeTempFolder({
      'books.connector.json': odataConnector(service.url, 'cap', [read('listBooks', 'Books', ', "query": { "$select": "ID" }'), read('getBook', 'Books({id})')]),
      'books.tests.json': JSON.stringify({ cases }, null, 2),
      '.git/HEAD': '',
    });
  });
  after(async () => {
    folder.remove();
    await service.close();
  });

  it('a case with allPages checks the rows of every page; one past its maxPages is an error naming the limit', async () => {
    const run = await runCli(['test', 'books.tests.json', '--format', 'json'], { cwd: folder.path, env });
    const report = JSON.parse(run.stdout) as { files: { cases: { name: string; outcome: string; failures: { message: string }[] }[] }[] };
    const [all, limited] = report.files[0]?.cases ?? [];
    assert.equal(all?.outcome, 'passed', JSON.stringify(all?.failures));
    assert.equal(limited?.outcome, 'error');
    assert.match(limited?.failures[0]?.message ?? '', /not every page was read \(2 read\): Paging stopped at the limit of 2 pages/);
    assert.equal(run.code, 1);
  });

  it('a scenario step with allPages captures from the rows of every page; one past its maxPages stops the step', async () => {
    const run = await runCli(['test', 'books.tests.json', '--format', 'json'], { cwd: folder.path, env });
    type Step = { name: string; outcome: string; failures: { message: string }[] };
    const report = JSON.parse(run.stdout) as { files: { cases: { name: string; outcome: string; steps?: Step[] }[] }[] };
    const byName = new Map(report.files[0]?.cases.map((c) => [c.name, c]));
    const across = byName.get('the last book, found across pages');
    assert.equal(across?.outcome, 'passed', JSON.stringify(across?.steps));
    assert.deepEqual(across?.steps?.map((s) => s.outcome), ['passed', 'passed']);
    const limited = byName.get('a step past its maxPages');
    assert.equal(limited?.outcome, 'error', JSON.stringify(limited?.steps));
    assert.match(limited?.steps?.[0]?.failures[0]?.message ?? '', /not every page was read \(2 read\): Paging stopped at the limit of 2 pages/);
  });
});

describe('connector request --all-pages against the demo OData service (Prefer: odata.maxpagesize)', () => {
  let demo: RunningService;
  let folder: TempFolder;
  before(async () => {
    demo = await startOrdersOData(0);
    folder = makeTempFolder({
      'orders.connector.json': `{
  "kind": "odata", "name": "Orders", "baseUrl": "${demo.url}", "connectorVersion": "2.1.17",
  "authorization": { "scheme": "basic", "username": "${ODATA_USER}", "secret": "ifs" },
  "customRequests": [ { "id": "everyOrder", "operation": "read", "url": "Orders", "headers": { "Prefer": "odata.maxpagesize=1" },
    "query": { "$select": "OrderNo", "$orderby": "OrderNo desc", "$count": true } } ]
}
`,
      '.git/HEAD': '',
    });
  });
  after(async () => {
    folder.remove();
    await demo.close();
  });

  it('reads one order per page and joins them, keeping the query options and the count', async () => {
    const run = await runCli(['request', 'orders.connector.json', 'everyOrder', '--all-pages', '--format', 'json'], { cwd: folder.path, env: { CONNECTOR_SECRET_IFS: ODATA_PASSWORD } });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const result = JSON.parse(run.stdout) as { pages: number; data: { '@odata.count': number; value: { OrderNo: string }[] } };
    assert.deepEqual(result.data.value.map((o) => o.OrderNo), ['A-3', 'A-2', 'A-1']);
    assert.equal(result.data['@odata.count'], 3);
    assert.equal(result.pages, 3);
  });
});

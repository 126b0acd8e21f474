// The result panel's Next page and All pages, as the language server serves them: the answer's next link offered
// (on the request's origin only), the request sent again there with its credentials, or every page read.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { SendRequestResult } from '../../server/src/protocol';
import { answerSecrets, startLsp, type LspSession } from '../support/lspClient';
import { startBystander, startHostilePager, type PagingService } from '../support/pagingServers';

const SECRET = 'pager-secret-value';

describe('Next page and All pages through the language server', () => {
  let lsp: LspSession;
  let pager: PagingService;
  let bystander: PagingService;
  let items: string;
  let odata: string;

  before(async () => {
    bystander = await startBystander();
    pager = await startHostilePager(bystander.url);
    const dir = mkdtempSync(join(tmpdir(), 'connector-paging-'));
    const files = {
      'items.connector.json': `{ "kind": "rest", "name": "Items", "baseUrl": "${pager.url}/rest",
  "authorization": { "scheme": "apiKey", "in": "header", "name": "Authorization", "secret": "pager" },
  "operations": [ { "id": "listItems", "method": "GET", "path": "/items" } ] }`,
      'paged.connector.json': `{ "kind": "odata", "name": "Paged", "baseUrl": "${pager.url}/odata", "connectorVersion": "2.1.17",
  "authorization": { "scheme": "basic", "username": "u", "secret": "pager" },
  "customRequests": [ { "id": "away", "operation": "read", "url": "Away" } ] }`,
    };
    lsp = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    answerSecrets(lsp, (params) => (params.name === 'pager' ? SECRET : undefined));
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text);
      const uri = pathToFileURL(join(dir, name)).href;
      await lsp.open(uri, text);
      await lsp.diagnostics(uri, 1);
    }
    items = pathToFileURL(join(dir, 'items.connector.json')).href;
    odata = pathToFileURL(join(dir, 'paged.connector.json')).href;
  });
  after(async () => {
    await lsp.stop();
    await pager.close();
    await bystander.close();
  });

  const send = (uri: string, operationId: string, more: object = {}): Promise<SendRequestResult> => lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId, values: { entered: {} }, ...more });

  test('an answer with a next link offers it; Next page sends the request there with its credentials', async () => {
    const first = await send(items, 'listItems');
    assert.ok(first.ok);
    assert.equal(first.nextPageUrl, `${pager.url}/rest/items?page=2`);
    const before = pager.hits.length;
    const second = await send(items, 'listItems', { pageUrl: first.nextPageUrl });
    assert.ok(second.ok);
    assert.match(second.result.dataJson ?? '', /^\[\{"n":21\},\{"n":22\}\]$/);
    assert.equal(second.nextPageUrl, `${pager.url}/rest/items?page=3`);
    assert.deepEqual(pager.hits.slice(before), [{ path: '/rest/items?page=2', authorization: SECRET }]);
    const last = await send(items, 'listItems', { pageUrl: second.nextPageUrl });
    assert.ok(last.ok);
    assert.equal(last.nextPageUrl, undefined);
  });

  test('All pages reads every page into one result, which offers no next page', async () => {
    const all = await send(items, 'listItems', { maxPages: 100 });
    assert.ok(all.ok);
    assert.equal(all.result.pages, 3);
    assert.equal(all.result.dataJson, '[{"n":11},{"n":12},{"n":21},{"n":22},{"n":31},{"n":32}]');
    assert.equal(all.nextPageUrl, undefined);
  });

  test('a next link to another origin is not offered, and a page address elsewhere is refused with nothing sent', async () => {
    const away = await send(odata, 'away');
    assert.ok(away.ok);
    assert.equal(away.nextPageUrl, undefined);
    const refused = await send(items, 'listItems', { pageUrl: `${bystander.url}/rest/items?page=2` });
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.problems.join(' '), /not on http:\/\/127\.0\.0\.1:\d+; it was not read, so the request's credentials stay with/);
    assert.equal(bystander.hits.length, 0);
  });

  test('a page limit outside 1 to 10000 is refused as a bad request', async () => {
    for (const maxPages of [0, 10_001, Number.POSITIVE_INFINITY, 'all']) await assert.rejects(send(items, 'listItems', { maxPages }), /maxPages/, String(maxPages));
  });
});

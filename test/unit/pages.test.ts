import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import testsSchema from '../../schemas/connector-tests.schema.json';
import { linkHeaderNext, MAX_PAGES_LIMIT, nextLinkOf, nextPage, rowsOf, withAllRows, withQueryCredential } from '../../server/src/core/http/pages';
import { JsonNumber } from '../../server/src/core/values/exactJson';

describe('next links', () => {
  it('reads rel="next" among several links, quoted or not, with commas inside the target', () => {
    assert.equal(linkHeaderNext('<https://a.test/x?p=1,2>; rel="prev", <https://a.test/x?p=3,4>; rel="next"'), 'https://a.test/x?p=3,4');
    assert.equal(linkHeaderNext('</items?page=2>;rel=next'), '/items?page=2');
    assert.equal(linkHeaderNext('</items?page=2>; rel="last next"'), '/items?page=2');
    assert.equal(linkHeaderNext('</items?page=2>; rel="nextish"'), undefined);
    assert.equal(linkHeaderNext('</items?page=2>; title="next"'), undefined);
    assert.equal(linkHeaderNext(undefined), undefined);
  });

  it('prefers the body\'s @odata.nextLink; null means no next page; anything else that is not text is flagged', () => {
    const headers = { link: '</b>; rel="next"' };
    assert.equal(nextLinkOf({ value: [], '@odata.nextLink': '/a' }, headers), '/a');
    assert.equal(nextLinkOf({ value: [], '@odata.nextLink': null }, headers), undefined);
    assert.deepEqual(nextLinkOf({ value: [], '@odata.nextLink': new JsonNumber('1e400') }, headers), { notText: true });
    assert.equal(nextLinkOf([1, 2], headers), '/b');
    assert.equal(nextLinkOf(undefined, {}), undefined);
  });

  it('resolves against the page that linked it and refuses other origins, other schemes, loops and the limit', () => {
    const first = 'https://svc.test/odata/Orders?$top=5';
    const page = 'https://svc.test/odata/Orders?$skiptoken=5';
    assert.deepEqual(nextPage('Orders?$skiptoken=10#x', page, first, new Set(), 2, 100), { ok: true, url: 'https://svc.test/odata/Orders?$skiptoken=10' });
    for (const elsewhere of ['http://svc.test/odata/Orders', 'https://svc.test:444/o', '//evil.test/o', 'https://svc.test.evil.test/o']) {
      const refused = nextPage(elsewhere, page, first, new Set(), 1, 100);
      assert.equal(refused.ok, false, elsewhere);
      assert.match(refused.ok ? '' : refused.message, /not on https:\/\/svc\.test; it was not read/);
    }
    const scheme = nextPage('javascript:alert(1)', page, first, new Set(), 1, 100);
    assert.match(scheme.ok ? '' : scheme.message, /a javascript: address/);
    const loop = nextPage('/odata/Orders?$top=5', page, first, new Set(['https://svc.test/odata/Orders?$top=5']), 2, 100);
    assert.match(loop.ok ? '' : loop.message, /links back to a page already read/);
    const limit = nextPage('Orders?$skiptoken=10', page, first, new Set(), 3, 3);
    assert.match(limit.ok ? '' : limit.message, /limit of 3 pages/);
    for (const control of ['Orders?a=1\r\nHost: evil', 'Orders\t?a', 'Orders\u0000']) {
      const refused = nextPage(control, page, first, new Set(), 1, 100);
      assert.match(refused.ok ? '' : refused.message, /control characters/, JSON.stringify(control));
    }
  });

  it('joins rows: OData value arrays without the next link, REST top-level arrays; the first page is not changed', () => {
    const firstPage = { '@odata.context': '$metadata#Orders', '@odata.count': new JsonNumber('1e400'), value: [{ n: 1 }], '@odata.nextLink': 'x' };
    const rows = [...(rowsOf(firstPage) ?? []), { n: 2 }];
    assert.deepEqual(withAllRows(firstPage, rows), { '@odata.context': '$metadata#Orders', '@odata.count': new JsonNumber('1e400'), value: [{ n: 1 }, { n: 2 }] });
    assert.deepEqual(firstPage.value, [{ n: 1 }]);
    assert.deepEqual(withAllRows([1], [1, 2]), [1, 2]);
    assert.equal(rowsOf({ value: 'no' }), undefined);
    assert.equal(rowsOf('text'), undefined);
  });

  it('carries a query API key to pages whose link leaves it out, and not twice', () => {
    const first = 'https://svc.test/items?limit=5&api%20key=s%26cret';
    assert.equal(withQueryCredential('https://svc.test/items?page=2', first, 'api key'), 'https://svc.test/items?page=2&api%20key=s%26cret');
    assert.equal(withQueryCredential('https://svc.test/items', first, 'api key'), 'https://svc.test/items?api%20key=s%26cret');
    assert.equal(withQueryCredential('https://svc.test/items?api%20key=other', first, 'api key'), 'https://svc.test/items?api%20key=other');
    assert.equal(withQueryCredential('https://svc.test/items?page=2', first, undefined), 'https://svc.test/items?page=2');
  });

  it('the tests file schema allows the same page limits as the command line', () => {
    assert.equal(testsSchema.definitions.maxPages.maximum, MAX_PAGES_LIMIT);
    assert.equal(testsSchema.definitions.maxPages.minimum, 1);
  });
});

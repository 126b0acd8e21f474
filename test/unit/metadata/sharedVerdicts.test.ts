// What a Custom request's url, options and body say against a service is kept and shared by every request written
// alike (connectors of one service repeat them). These checks run the same request text in turn against what must
// change the verdict: another service, another baseUrl, other option values, parameterMode, another kind of write,
// another entity; each would get the first verdict back from a cache keyed on too little.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintText, type LintOptions } from '../../../server/src/core/lint';
import { analyzeRequest, type RequestAnalysis } from '../../../server/src/core/metadata/request';
import type { CustomRequest } from '../../../server/src/core/model';
import type { Finding } from '../../../server/src/core/findings';
import { customRequest, FIXTURE_XML, fixtureSource, readService, shopConnector, WITH_METADATA } from '../../support/metadataFixture';
import { odataConnector } from '../../support/connectorText';

function findings(text: string, options: LintOptions = WITH_METADATA): Finding[] {
  return lintText(text, options).findings;
}

function codes(text: string, options: LintOptions = WITH_METADATA): string[] {
  return findings(text, options).map((f) => f.code);
}

const read = (url: string, extra = ''): string => shopConnector([customRequest('read', url, extra)]);

describe('verdicts shared by requests written alike', () => {
  it('another service with the same request text gets its own verdict, and the first keeps its own', () => {
    const renamed = { metadata: fixtureSource(readService(FIXTURE_XML.replace('<EntitySet Name="Orders"', '<EntitySet Name="Sales"').replace('Target="Orders"', 'Target="Sales"').replace('EntitySet="Orders"', 'EntitySet="Sales"'))) };
    const text = read('Orders');
    assert.deepEqual(codes(text), []);
    assert.ok(codes(text, renamed).includes('unknown-resource'));
    assert.deepEqual(codes(text), []);
  });

  it('option values are part of what is judged', () => {
    assert.deepEqual(codes(read('Orders', '"query": { "$select": "OrderNo" }')), []);
    const bad = findings(read('Orders', '"query": { "$select": "Staus" }'));
    assert.ok(bad.some((f) => f.code === 'query-option' && /Did you mean 'Status'/.test(f.message)), JSON.stringify(bad));
    assert.deepEqual(codes(read('Orders', '"query": { "$select": "OrderNo" }')), []);
  });

  it('with parameterMode onlyPath the query object is not judged against the metadata', () => {
    assert.ok(codes(read('Orders', '"query": { "$select": "Staus" }')).includes('query-option'));
    assert.ok(!codes(read('Orders', '"query": { "$select": "Staus" }, "parameterMode": "onlyPath"')).includes('query-option'));
  });

  it('the baseUrl decides whether an absolute url is this service', () => {
    const url = 'https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc/Orders?$select=Staus';
    const withBase = (baseUrl: string): string => odataConnector([customRequest('read', url)], '"connectorVersion": "2.1.17",\n  "metadata": "shop.metadata.xml"').replace('"https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc"', JSON.stringify(baseUrl));
    assert.ok(codes(withBase('https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc')).includes('query-option'));
    assert.ok(!codes(withBase('https://other.example.com/svc')).includes('query-option'));
  });

  it('a relative url is judged alike under any baseUrl, and shares one verdict across them; an absolute one does not', () => {
    const at = (baseUrl: string, url: string): string => shopConnector([customRequest('read', url, '"query": { "$select": "Staus" }')]).replace('"https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc"', JSON.stringify(baseUrl));
    const analysisOf = (text: string): RequestAnalysis => {
      const { connector, metadata } = lintText(text, WITH_METADATA);
      assert.ok(connector?.kind === 'odata' && metadata, 'an OData connector checked against the fixture');
      return analyzeRequest(metadata, connector, connector.customRequests[0] as CustomRequest, text);
    };
    const bases = ['https://a.example.com/svc', 'https://b.example.com/other/svc.svc', 'http://127.0.0.1:3031/odata/v4/orders'];
    const relative = bases.map((base) => analysisOf(at(base, "Orders('A')")));
    assert.ok(relative[0]?.target, 'the relative url resolves');
    for (const analysis of relative) assert.equal(analysis.path, relative[0]?.path, 'one verdict for every baseUrl');
    assert.deepEqual(bases.map((base) => findings(at(base, "Orders('A')")).map((f) => [f.code, f.message])), bases.map(() => findings(at(bases[0] as string, "Orders('A')")).map((f) => [f.code, f.message])));
    // An absolute url names its service: under a baseUrl it does not start with, it is another service's.
    const absolute = "https://a.example.com/svc/Orders('A')";
    assert.ok(analysisOf(at('https://a.example.com/svc', absolute)).target);
    assert.equal(analysisOf(at('https://b.example.com/svc', absolute)).path, undefined);
    assert.ok(analysisOf(at('https://a.example.com/svc', absolute)).target, 'and the first verdict stands');
  });

  it('two identical requests in one file are each reported where they stand', () => {
    const request = customRequest('read', 'Orders', '"query": { "$select": "Staus" }');
    const text = shopConnector([request, request.replace('"id": "r"', '"id": "s"')]);
    const at = findings(text).filter((f) => f.code === 'query-option').map((f) => f.offset);
    const first = text.indexOf('Staus');
    assert.deepEqual(at, [first, text.indexOf('Staus', first + 1)]);
  });

  it('the same body is judged for the kind of write and the entity it is sent to', () => {
    const body = '"body": "{ \\"OrderNo\\": \\"A\\" }"';
    const update = findings(shopConnector([customRequest('update', "Orders('A')", body)]));
    const replace = findings(shopConnector([customRequest('replace', "Orders('A')", body)]));
    assert.ok(update.some((f) => /an update must not send it/.test(f.message)), JSON.stringify(update));
    assert.ok(replace.some((f) => /an replace must not send it/.test(f.message)), JSON.stringify(replace));
    assert.ok(!codes(shopConnector([customRequest('create', 'Orders', body)])).some((c) => c === 'body-read-only' || c === 'body-unknown-property'));
    const customer = findings(shopConnector([customRequest('create', 'Customers', body)]));
    assert.ok(customer.some((f) => /'OrderNo' is not .* of Customer/.test(f.message)), JSON.stringify(customer));
  });

  it('a response structure of the same text is placed where each request has it, for its own kind and selection', () => {
    const structure = '"responseStructure": { "OrderNo": "", "Amount": "" }';
    const twice = shopConnector([customRequest('read', "Orders('A')", structure), customRequest('read', "Orders('A')", structure).replace('"id": "r"', '"id": "s"')]);
    const first = twice.indexOf('"Amount": ""') + '"Amount": '.length;
    const second = twice.indexOf('"Amount": ""', first) + '"Amount": '.length;
    assert.deepEqual(findings(twice).filter((f) => f.code === 'response-structure').map((f) => f.offset), [first, second]);
    // A read of the collection answers with 'value'; a create of one entity with the entity.
    const entity = '"responseStructure": { "OrderNo": "" }';
    assert.ok(codes(shopConnector([customRequest('read', 'Orders', entity)])).includes('response-structure'));
    assert.ok(!codes(shopConnector([customRequest('create', 'Orders', `"body": "{}", ${entity}`)])).includes('response-structure'));
    // Left out by $select.
    const selected = (select: string): string[] => codes(shopConnector([customRequest('read', "Orders('A')", `"query": { "$select": "${select}" }, ${entity}`)]));
    assert.ok(!selected('OrderNo').includes('response-structure'));
    assert.ok(selected('Amount').includes('response-structure'));
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText, type LintOptions } from '../../../../../server/src/core/lint';
import { unknownResource } from '../../../../../server/src/core/rules/odata/metadata/unknownResource';
import { customRequest, FIXTURE_XML, fixtureSource, readService, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const read = (url: string): string => shopConnector([customRequest('read', url)]);

ruleTable(unknownResource, [
  { name: 'an entity set, a key, containment navigation and a property pass', text: read("Orders('A-1')/Lines(OrderNo='A-1',LineNo=1)/PartNo") },
  { name: 'navigation bound to another set, a cast, $count and a singleton pass', text: shopConnector([customRequest('read', "Orders('A-1')/Customer/Orders/$count"), customRequest('read', 'Orders/Shop.Sales.SpecialOrder'), customRequest('read', 'Me/Name')]) },
  { name: 'an absolute url under baseUrl is resolved too', text: read("https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc/Ordrs"), expect: [{ at: 'Ordrs', message: /Did you mean 'Orders'/ }] },
  { name: 'a misspelt entity set, with the fix', text: read('Ordrs'), expect: [{ at: 'Ordrs', message: /not an entity set.*Did you mean 'Orders'/ }], fixed: read('Orders') },
  { name: 'a misspelt navigation property', text: read("Orders('A-1')/Line"), expect: [{ at: 'Line', occurrence: 0, message: /Did you mean 'Lines'/ }] },
  { name: 'a property of a collection needs a key first', text: read('Orders/Status'), expect: [{ at: 'Status', message: /give a key first/ }] },
  { name: '$value on an entity without a stream', text: read("Orders('A-1')/$value"), expect: [{ at: '$value', message: /not a media entity/ }] },
  { name: 'nothing follows $count', text: read('Orders/$count/x'), expect: [{ at: 'x', occurrence: 2, message: /Nothing can follow \$count/ }] },
  { name: 'a {parameter} as a whole segment stops the check', text: read('{set}/Whatever') },
  { name: 'a url of another service is not judged', text: read('https://other.example.com/Nothing') },
  { name: 'without metadata nothing is said', text: shopConnector([customRequest('read', 'Ordrs')]).replace('"metadata": "shop.metadata.xml"', '"description": "x"') },
], WITH_METADATA);

const NOT_IN_SERVICE = 'is not an entity set, singleton, action or function of this service.';

/** The fixture with `count` more entity sets (Set0, Set1, …) in its container. */
function serviceWithSets(count: number): LintOptions {
  const sets = Array.from({ length: count }, (_, i) => `<EntitySet Name="Set${i}" EntityType="S.Customer"/>`).join('');
  return { metadata: fixtureSource(readService(FIXTURE_XML.replace('<Singleton Name="Me"', `${sets}<Singleton Name="Me"`))) };
}

const reads = (urls: readonly string[]): string => shopConnector(urls.map((url, i) => `{ "id": "r${i}", "operation": "read", "url": ${JSON.stringify(url)} }`));

test('8,000 requests naming 8,000 unknown entity sets beside 8,000 sets: each reported, suggestions within one budget per check, then none', { timeout: 120_000 }, () => {
  const count = 8_000;
  // Zet<i> is one letter from Set<i> and two or more from every other name.
  const urls = [...Array.from({ length: count }, (_, i) => `Zet${i}`), 'Zet0', "Zet1('A')/Name"];
  const findings = lintText(reads(urls), serviceWithSets(count), [unknownResource]).findings.filter((f) => f.code === unknownResource.id);
  assert.equal(findings.length, count + 2);
  const suggested = findings.findIndex((f) => !f.message.includes('Did you mean'));
  assert.ok(suggested > 0 && suggested < count, `the budget ran out after ${suggested} suggestions`);
  findings.slice(0, count).forEach((finding, i) => {
    const name = `Zet${i}`;
    if (i < suggested) {
      assert.equal(finding.message, `'${name}' ${NOT_IN_SERVICE} Did you mean 'Set${i}'?`);
      assert.equal(finding.fixes?.[0]?.title, `Change to 'Set${i}'`);
    } else {
      assert.equal(finding.message, `'${name}' ${NOT_IN_SERVICE}`);
      assert.equal(finding.fixes, undefined);
    }
  });
  // A name already suggested for is suggested for again, whatever the budget has left.
  assert.equal(findings[count]?.message, `'Zet0' ${NOT_IN_SERVICE} Did you mean 'Set0'?`);
  assert.equal(findings[count + 1]?.message, `'Zet1' ${NOT_IN_SERVICE} Did you mean 'Set1'?`);
});

test('a request naming an unknown entity set among thousands of sets gets its suggestion again in a check of its own', { timeout: 120_000 }, () => {
  const options = serviceWithSets(8_000);
  const many = lintText(reads(Array.from({ length: 8_000 }, (_, i) => `Zet${i}`)), options, [unknownResource]).findings;
  assert.doesNotMatch(many[7_999]?.message ?? '', /Did you mean/);
  const alone = lintText(reads(['Zet7999']), options, [unknownResource]).findings;
  assert.equal(alone[0]?.message, `'Zet7999' ${NOT_IN_SERVICE} Did you mean 'Set7999'?`);
});

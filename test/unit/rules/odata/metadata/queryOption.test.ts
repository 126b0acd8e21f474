import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../../server/src/core/lint';
import { queryOption } from '../../../../../server/src/core/rules/odata/metadata/queryOption';
import { customRequest, FIXTURE_XML, fixtureSource, readService, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const read = (url: string, query: string): string => shopConnector([customRequest('read', url, `"query": ${query}`)]);

ruleTable(queryOption, [
  { name: 'selected properties, expanded navigation with nested options, numbers and booleans pass', text: read('Orders', '{ "$select": "OrderNo,Address/City,Status", "$expand": "Lines($select=PartNo;$top=5),Customer", "$orderby": "OrderDate desc,OrderNo", "$top": 10, "$skip": "20", "$count": true }') },
  { name: 'options written in the url are checked too', text: shopConnector([customRequest('read', 'Orders?$select=OrderNo,Statuss')]), expect: [{ at: 'Statuss', message: /Did you mean 'Status'/ }] },
  { name: 'a percent-encoded option in the url is judged decoded and marked as written', text: shopConnector([customRequest('read', 'Orders?$select=Staus%2COrderNo&$top=5')]), expect: [{ at: '$select=Staus%2COrderNo', message: /Did you mean 'Status'/ }] },
  { name: 'a misspelt property in $select, fixed', text: read('Orders', '{ "$select": "OrderNo,Staus" }'), expect: [{ at: 'Staus', message: /Did you mean 'Status'/ }], fixed: read('Orders', '{ "$select": "OrderNo,Status" }') },
  { name: 'a structural property in $expand', text: read('Orders', '{ "$expand": "Status" }'), expect: [{ at: 'Status', occurrence: 0, message: /structural property.*\$select instead/ }] },
  { name: 'a nested $select of an expanded navigation', text: read('Orders', '{ "$expand": "Lines($select=Part)" }'), expect: [{ at: 'Part', message: /Did you mean 'PartNo'/ }] },
  { name: 'a bad sort direction, fixed', text: read('Orders', '{ "$orderby": "OrderNo descending" }'), expect: [{ at: 'descending', message: /asc or desc/ }], fixed: read('Orders', '{ "$orderby": "OrderNo desc" }') },
  { name: '$top that is not a whole number, $count that is not a boolean', text: read('Orders', '{ "$top": "ten", "$count": "yes" }'), expect: [{ at: 'ten', message: /whole number/ }, { at: 'yes', message: /true or false/ }] },
  { name: 'a collection option on one entity', text: read("Orders('A')", '{ "$top": 1 }'), expect: [{ at: '1', occurrence: 3, message: /applies to collections/ }] },
  { name: 'a misspelt system option, fixed', text: read('Orders', '{ "$slect": "OrderNo" }'), expect: [{ at: '"$slect"', message: /Did you mean '\$select'/ }], fixed: read('Orders', '{ "$select": "OrderNo" }') },
], WITH_METADATA);

test('$select and $orderby of 8,000 unknown names on a type of 8,000 properties: each reported, suggestions within one budget per option', { timeout: 120_000 }, () => {
  const count = 8_000;
  const properties = Array.from({ length: count }, (_, i) => `<Property Name="Extra${i}" Type="Edm.String"/>`).join('');
  const options = { metadata: fixtureSource(readService(FIXTURE_XML.replace('<Property Name="Quantity" Type="Edm.Int32"/>', `<Property Name="Quantity" Type="Edm.Int32"/>${properties}`))) };
  const names = Array.from({ length: count }, (_, i) => `Extar${i}`).join(',');
  const findings = lintText(read('Orders', `{ "$select": "${names}", "$orderby": "${names}" }`), options, [queryOption]).findings.filter((f) => f.code === queryOption.id);
  assert.equal(findings.length, 2 * count);
  assert.match(findings[0]?.message ?? '', /^\$select: 'Extar0' is not a property of Order\. Did you mean 'Extra0'\?$/);
  assert.match(findings[2 * count - 1]?.message ?? '', new RegExp(`'Extar${count - 1}' is not a`));
});

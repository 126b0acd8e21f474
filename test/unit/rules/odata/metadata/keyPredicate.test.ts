import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../../server/src/core/lint';
import { keyPredicate } from '../../../../../server/src/core/rules/odata/metadata/keyPredicate';
import { customRequest, FIXTURE_XML, fixtureSource, readService, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const read = (url: string): string => shopConnector([customRequest('read', url)]);

ruleTable(keyPredicate, [
  { name: 'right keys of each type pass; {parameters} stand for any literal', text: shopConnector([customRequest('read', "Orders('A-1')"), customRequest('read', "Orders(OrderNo='{no}')/Lines(OrderNo='{no}',LineNo={line})"), customRequest('read', 'Customers(01234567-89ab-cdef-0123-456789abcdef)'), customRequest('read', 'Orders({no})')]) },
  { name: 'a bare string is quoted by the fix', text: read('Orders(A-1)'), expect: [{ at: 'A-1', message: /string in single quotes/ }], fixed: read("Orders('A-1')") },
  { name: 'a quoted number loses its quotes', text: read("Orders('A')/Lines(OrderNo='A',LineNo='1')"), expect: [{ at: "'1'", message: /whole number/ }], fixed: read("Orders('A')/Lines(OrderNo='A',LineNo=1)") },
  { name: 'a compound key needs names', text: read("Orders('A')/Lines(42)"), expect: [{ at: '42', message: /2 key properties \(OrderNo, LineNo\)/ }] },
  { name: 'an unknown key name', text: read("Orders(OrderNumber='A')"), expect: [{ at: 'OrderNumber', message: /its key is OrderNo/ }] },
  { name: 'a missing key part', text: read("Orders('A')/Lines(OrderNo='A')"), expect: [{ at: "OrderNo='A'", occurrence: 0, message: /also needs LineNo/ }] },
  { name: 'a GUID key in quotes', text: read("Customers('01234567-89ab-cdef-0123-456789abcdef')"), expect: [{ at: "'01234567-89ab-cdef-0123-456789abcdef'", message: /GUID without quotes/ }] },
], WITH_METADATA);

test('a key predicate of 40,000 unknown names: each reported, with the key property it most likely meant (the given names looked up once)', { timeout: 120_000 }, () => {
  const text = read(`Orders('A')/Lines(${Array.from({ length: 40_000 }, (_, i) => `LineNumber${i}=1`).join(',')})`);
  const findings = lintText(text, WITH_METADATA, [keyPredicate]).findings.filter((f) => f.code === keyPredicate.id);
  assert.equal(findings.length, 40_000);
  assert.match(findings[39_999]?.message ?? '', /^'LineNumber39999' is not a key property of Line; its key is OrderNo, LineNo\./);
});

test('a key predicate of 8,000 unknown names on a key of 8,000 properties: each reported, listing twenty key properties, suggestions within one budget', { timeout: 120_000 }, () => {
  const count = 8_000;
  const keys = Array.from({ length: count }, (_, i) => `<PropertyRef Name="K${i}"/>`).join('');
  const properties = Array.from({ length: count }, (_, i) => `<Property Name="K${i}" Type="Edm.Int32" Nullable="false"/>`).join('');
  const xml = FIXTURE_XML
    .replace('<EntityType Name="Document"', `<EntityType Name="Wide"><Key>${keys}</Key>${properties}</EntityType><EntityType Name="Document"`)
    .replace('<Singleton Name="Me"', '<EntitySet Name="Wides" EntityType="S.Wide"/><Singleton Name="Me"');
  // Q<i> is one letter from K<i> and two or more from every other name.
  const url = `Wides(${Array.from({ length: count }, (_, i) => `Q${i}=1`).join(',')})`;
  const findings = lintText(read(url), { metadata: fixtureSource(readService(xml)) }, [keyPredicate]).findings;
  assert.equal(findings.length, count);
  const key = `its key is ${Array.from({ length: 20 }, (_, i) => `K${i}`).join(', ')} and ${count - 20} more.`;
  assert.equal(findings[0]?.message, `'Q0' is not a key property of Wide; ${key} Did you mean 'K0'?`);
  assert.equal(findings[count - 1]?.message, `'Q${count - 1}' is not a key property of Wide; ${key}`);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
import { pathParameterInQuery } from '../../../../server/src/core/rules/odata/pathParameterInQuery';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const request = (url: string, extra = ''): string => `{ "id": "r", "operation": "read", "url": "${url}"${extra} }`;

ruleTable(pathParameterInQuery, [
  { name: 'a path parameter in the path passes', text: odataConnector([request("Orders('{orderNo}')/Lines?$top=5")]) },
  {
    name: 'a path parameter after ? fails on the placeholder',
    text: odataConnector([request("Orders?$filter=OrderNo eq '{orderNo}'")]),
    expect: [{ at: '{orderNo}', message: /in the query part of the url/ }],
  },
  {
    name: 'a path parameter in a query value fails',
    text: odataConnector([request('Orders', ', "query": { "$filter": "CustomerNo eq \'{customer}\'" }')]),
    expect: [{ at: '{customer}', message: /query option '\$filter'/ }],
  },
  { name: 'in onlyPath mode anything goes', text: odataConnector([request("Orders?$filter=OrderNo eq '{orderNo}'", ', "parameterMode": "onlyPath"')]) },
]);

test('each of 20,000 placeholders in the query part of one url is reported at its place (the url is walked once)', { timeout: 120_000 }, () => {
  const text = odataConnector([request(`Orders?\\u0024filter=${Array.from({ length: 20_000 }, (_, i) => `{p${i}}`).join(',')}`)]);
  const findings = lintText(text, {}, [pathParameterInQuery]).findings.filter((f) => f.code === pathParameterInQuery.id);
  assert.equal(findings.length, 20_000);
  const at = (i: number): string => text.slice(findings[i]?.offset, (findings[i]?.offset ?? 0) + (findings[i]?.length ?? 0));
  assert.equal(at(0), '{p0}');
  assert.equal(at(19_999), '{p19999}');
});

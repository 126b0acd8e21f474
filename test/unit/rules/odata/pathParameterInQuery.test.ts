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

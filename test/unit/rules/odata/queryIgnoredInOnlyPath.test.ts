import { queryIgnoredInOnlyPath } from '../../../../server/src/core/rules/odata/queryIgnoredInOnlyPath';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const request = (mode: string, query = ', "query": { "$top": "5" }'): string => `{ "id": "r", "operation": "read", "url": "{resource}", "parameterMode": "${mode}"${query} }`;

ruleTable(queryIgnoredInOnlyPath, [
  { name: 'query in queryAndPath passes', text: odataConnector(['{ "id": "r", "operation": "read", "url": "Orders", "query": { "$top": "5" } }']) },
  { name: 'query in onlyPath warns and is removed', text: odataConnector([request('onlyPath')]), expect: [{ at: '"query"', message: /not parsed or sent/ }], fixed: odataConnector([request('onlyPath', '')]) },
]);

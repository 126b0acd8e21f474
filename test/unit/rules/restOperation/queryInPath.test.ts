import { queryInPath } from '../../../../server/src/core/rules/restOperation/queryInPath';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

ruleTable(queryInPath, [
  { name: 'a plain path passes', text: restConnector([operation('a', 'GET', '/x/{id}', ['{ "name": "id", "location": "path", "type": "string" }'])]) },
  { name: 'a query in the path is an error on the query', text: restConnector([operation('a', 'GET', '/x?fixed=1', [])]), expect: [{ at: '?fixed=1', message: /query parameter/ }] },
  {
    name: 'a fragment is an error, fixed by removing it',
    text: restConnector([operation('a', 'GET', '/x#top', [])]),
    expect: [{ at: '#top', message: /never sent/ }],
    fixed: restConnector([operation('a', 'GET', '/x', [])]),
  },
]);

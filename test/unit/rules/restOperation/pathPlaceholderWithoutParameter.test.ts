import { pathPlaceholderWithoutParameter } from '../../../../server/src/core/rules/restOperation/pathPlaceholderWithoutParameter';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const petId = '{ "name": "petId", "location": "path", "type": "integer" }';

ruleTable(pathPlaceholderWithoutParameter, [
  { name: 'passes when each placeholder has a path parameter', text: restConnector([operation('a', 'GET', '/pets/{petId}', [petId])]) },
  {
    name: 'fails on the placeholder itself and adds the parameter',
    text: restConnector([operation('a', 'GET', '/pets/{petId}/{shelter}', [petId])]),
    expect: [{ at: '{shelter}', message: /'\{shelter\}' in the path has no path parameter/ }],
    fixed: restConnector([operation('a', 'GET', '/pets/{petId}/{shelter}', [petId, '{ "name": "shelter", "location": "path", "type": "string", "required": true }'])]),
  },
  {
    name: 'a query parameter of that name does not count',
    text: restConnector([operation('a', 'GET', '/pets/{petId}', ['{ "name": "petId", "location": "query", "type": "integer" }'])]),
    expect: [{ at: '{petId}' }],
  },
  {
    name: 'empty braces ask for a name',
    text: restConnector([operation('a', 'GET', '/pets/{}', [])]),
    expect: [{ at: '{}', message: /empty braces/ }],
  },
]);

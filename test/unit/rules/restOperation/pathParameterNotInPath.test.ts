import { pathParameterNotInPath } from '../../../../server/src/core/rules/restOperation/pathParameterNotInPath';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const petId = '{ "name": "petId", "location": "path", "type": "integer" }';

ruleTable(pathParameterNotInPath, [
  { name: 'passes when every path parameter is in braces', text: restConnector([operation('a', 'GET', '/pets/{petId}', [petId])]) },
  {
    name: 'fails on a path parameter missing from the path, with a fix that appends it',
    text: restConnector([operation('a', 'GET', '/pets', [petId])]),
    expect: [{ at: '"petId"', message: /Path parameter 'petId' is not declared in the path '\/pets'/ }],
    fixed: restConnector([operation('a', 'GET', '/pets/{petId}', [petId])]),
  },
  {
    name: 'is not fooled by a {{variable}} of the same name',
    text: restConnector([operation('a', 'GET', '/pets/{{petId}}', [petId])]),
    expect: [{ at: '"petId"', occurrence: 0 }],
  },
]);

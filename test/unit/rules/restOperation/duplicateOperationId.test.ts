import { duplicateOperationId } from '../../../../server/src/core/rules/restOperation/duplicateOperationId';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

ruleTable(duplicateOperationId, [
  { name: 'distinct ids pass', text: restConnector([operation('a', 'GET', '/x', []), operation('b', 'GET', '/y', [])]) },
  {
    name: 'a repeated id fails on the later operation',
    text: restConnector([operation('a', 'GET', '/x', []), operation('a', 'GET', '/y', [])]),
    expect: [{ at: '"a"', occurrence: 1, message: /Another operation already has the id 'a'/ }],
  },
]);

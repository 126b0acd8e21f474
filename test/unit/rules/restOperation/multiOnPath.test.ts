import { multiOnPath } from '../../../../server/src/core/rules/restOperation/multiOnPath';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (separation: string, location = 'path'): string =>
  restConnector([operation('a', 'GET', '/x/{ids}', [`{ "name": "ids", "location": "${location}", "type": "array", "items": { "type": "string" }, "separation": "${separation}" }`])]);

ruleTable(multiOnPath, [
  { name: 'csv on a path parameter passes', text: doc('csv') },
  { name: 'multi on a query parameter passes', text: doc('multi', 'query') },
  { name: 'multi on a path parameter fails and is fixed to csv', text: doc('multi'), expect: [{ at: '"multi"', message: /cannot use 'multi'/ }], fixed: doc('csv') },
  {
    name: 'multi on an inner array of a path parameter fails',
    text: restConnector([operation('a', 'GET', '/x/{ids}', ['{ "name": "ids", "location": "path", "type": "array", "items": { "type": "array", "items": { "type": "string" }, "separation": "multi" } }'])]),
    expect: [{ at: '"multi"' }],
  },
]);

import { duplicateParameter } from '../../../../server/src/core/rules/restOperation/duplicateParameter';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const p = (name: string, location: string): string => `{ "name": "${name}", "location": "${location}", "type": "string" }`;

ruleTable(duplicateParameter, [
  { name: 'the same name in two locations passes', text: restConnector([operation('a', 'GET', '/x', [p('id', 'query'), p('id', 'header')])]) },
  {
    name: 'the same name in one location fails on the later one',
    text: restConnector([operation('a', 'GET', '/x', [p('id', 'query'), p('id', 'query')])]),
    expect: [{ at: '"id"', occurrence: 2, message: /already has a query parameter 'id'/ }],
  },
  {
    name: 'header names compare case-insensitively',
    text: restConnector([operation('a', 'GET', '/x', [p('X-Trace', 'header'), p('x-trace', 'header')])]),
    expect: [{ at: '"x-trace"' }],
  },
]);

import { multipleBodyParameters } from '../../../../server/src/core/rules/restOperation/multipleBodyParameters';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const body = (name: string): string => `{ "name": "${name}", "location": "body", "type": "string" }`;

ruleTable(multipleBodyParameters, [
  { name: 'one body parameter passes', text: restConnector([operation('a', 'POST', '/x', [body('one')])]) },
  {
    name: 'the second and third body parameters are reported',
    text: restConnector([operation('a', 'POST', '/x', [body('one'), body('two'), body('three')])]),
    expect: [{ at: '"body"', occurrence: 1, message: /already has body parameter 'one'/ }, { at: '"body"', occurrence: 2 }],
  },
]);

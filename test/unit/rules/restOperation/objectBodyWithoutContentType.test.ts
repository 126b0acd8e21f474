import { objectBodyWithoutContentType } from '../../../../server/src/core/rules/restOperation/objectBodyWithoutContentType';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const models = '"models": { "Pet": { "type": "object" } }';
const body = '{ "name": "pet", "location": "body", "type": "object", "model": "Pet" }';

ruleTable(objectBodyWithoutContentType, [
  { name: 'an object body with Content-Type passes', text: restConnector([operation('a', 'POST', '/x', [body], '{ "Content-Type": "application/xml" }')], models) },
  { name: 'a string body needs no Content-Type', text: restConnector([operation('a', 'POST', '/x', ['{ "name": "s", "location": "body", "type": "string" }'])]) },
  {
    name: 'an object body without Content-Type fails and gets application/json',
    text: restConnector([operation('a', 'POST', '/x', [body], '{ "Accept": "application/json" }')], models),
    expect: [{ at: '"object"', occurrence: 1, message: /needs a 'Content-Type' header/ }],
    fixed: restConnector([operation('a', 'POST', '/x', [body], '{ "Accept": "application/json", "Content-Type": "application/json" }')], models),
  },
]);

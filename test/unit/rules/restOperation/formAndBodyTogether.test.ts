import { formAndBodyTogether } from '../../../../server/src/core/rules/restOperation/formAndBodyTogether';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const form = '{ "name": "f", "location": "form", "type": "string" }';
const body = '{ "name": "b", "location": "body", "type": "string" }';
const urlencoded = '{ "Content-Type": "application/x-www-form-urlencoded" }';

ruleTable(formAndBodyTogether, [
  { name: 'form alone passes', text: restConnector([operation('a', 'POST', '/x', [form], urlencoded)]) },
  { name: 'body alone passes', text: restConnector([operation('a', 'POST', '/x', [body])]) },
  {
    name: 'form and body together fail on the body parameter',
    text: restConnector([operation('a', 'POST', '/x', [form, body], urlencoded)]),
    expect: [{ at: '"body"', message: /has form parameters and a body parameter/ }],
  },
]);

import { formWithoutContentType } from '../../../../server/src/core/rules/restOperation/formWithoutContentType';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const field = '{ "name": "f", "location": "form", "type": "string" }';
const file = '{ "name": "p", "location": "form", "type": "file" }';

ruleTable(formWithoutContentType, [
  { name: 'a form with a Content-Type passes', text: restConnector([operation('a', 'POST', '/x', [field], '{ "Content-Type": "application/x-www-form-urlencoded" }')]) },
  {
    name: 'a form without Content-Type fails and gets the urlencoded header',
    text: restConnector([operation('a', 'POST', '/x', [field])]),
    expect: [{ at: '"form"', message: /no 'Content-Type' header/ }],
    fixed: restConnector([operation('a', 'POST', '/x', [field])]).replace(
      '\n    ] }',
      '\n    ], "headers": { "Content-Type": "application/x-www-form-urlencoded" } }',
    ),
  },
  {
    name: 'a file form gets multipart, added to existing headers',
    text: restConnector([operation('a', 'POST', '/x', [file], '{ "Accept": "application/json" }')]),
    expect: [{ at: '"form"', message: /multipart\/form-data/ }],
  },
  { name: 'the header name is matched case-insensitively', text: restConnector([operation('a', 'POST', '/x', [field], '{ "content-type": "application/x-www-form-urlencoded" }')]) },
]);

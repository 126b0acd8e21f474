import { computedWithoutTemplate } from '../../../../server/src/core/rules/restParameter/computedWithoutTemplate';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

ruleTable(computedWithoutTemplate, [
  { name: 'a computed parameter with a template passes', text: restConnector([operation('a', 'GET', '/x', ['{ "name": "c", "location": "header", "type": "computed", "template": "x" }'])]) },
  {
    name: 'a computed parameter without a template is reported on its type',
    text: restConnector([operation('a', 'GET', '/x', ['{ "name": "c", "location": "header", "type": "computed" }'])]),
    expect: [{ at: '"computed"', message: /needs a 'template'/ }],
  },
]);

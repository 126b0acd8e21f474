import { duplicateOption } from '../../../../server/src/core/rules/restParameter/duplicateOption';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (options: string): string =>
  restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "array", "items": { "type": "string" }, "options": [${options}] }`])]);

ruleTable(duplicateOption, [
  { name: 'distinct options pass', text: doc('"red", "green"') },
  {
    name: 'a repeated option is reported on the repeat and removed',
    text: doc('"red", "green", "red"'),
    expect: [{ at: '"red"', occurrence: 1, message: /already c1; as c3 it is a duplicate/ }],
    fixed: doc('"red", "green"'),
  },
]);

import { arraySettingsOnNonArray } from '../../../../server/src/core/rules/restParameter/arraySettingsOnNonArray';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (parameter: string): string => restConnector([operation('a', 'GET', '/x', [parameter])]);

ruleTable(arraySettingsOnNonArray, [
  { name: 'separation on an array passes', text: doc('{ "name": "ids", "location": "query", "type": "array", "items": { "type": "integer" }, "separation": "pipes" }') },
  {
    name: 'separation on an integer is reported and removed',
    text: doc('{ "name": "ids", "location": "query", "type": "integer", "separation": "csv" }'),
    expect: [{ at: '"separation"', message: /'separation' applies to arrays; 'ids' is 'integer'/ }],
    fixed: doc('{ "name": "ids", "location": "query", "type": "integer" }'),
  },
  { name: 'items on a string is reported', text: doc('{ "name": "s", "location": "query", "type": "string", "items": { "type": "string" } }'), expect: [{ at: '"items"' }] },
]);

import { optionsNotApplicable } from '../../../../server/src/core/rules/restParameter/optionsNotApplicable';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (typing: string): string => restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", ${typing}, "options": ["a", "b"] }`])]);

ruleTable(optionsNotApplicable, [
  { name: 'options on an array of strings fit', text: doc('"type": "array", "items": { "type": "string" }') },
  { name: 'options on a string are reported', text: doc('"type": "string"'), expect: [{ at: '"options"', message: /apply to arrays of strings; 'v' is 'string'/ }] },
  { name: 'options on an array of integers are reported', text: doc('"type": "array", "items": { "type": "integer" }'), expect: [{ at: '"options"', message: /an array of 'integer'/ }] },
]);

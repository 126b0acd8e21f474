import { constraintTypeMismatch } from '../../../../server/src/core/rules/restParameter/constraintTypeMismatch';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const enforced = '"advanced": { "enforceConstraints": true }';
const doc = (type: string, constraint: string, items = ''): string =>
  restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "${type}"${items}, ${constraint} }`])], enforced);

ruleTable(constraintTypeMismatch, [
  { name: 'maxLength on a string fits', text: doc('string', '"maxLength": 3') },
  { name: 'minimum on a number fits', text: doc('number', '"minimum": 0') },
  { name: 'maxItems on an array fits', text: doc('array', '"maxItems": 3', ', "items": { "type": "string" }') },
  {
    name: 'minLength on an integer is reported and removed',
    text: doc('integer', '"minLength": 1'),
    expect: [{ at: '"minLength"', message: /applies to 'string' and 'computed' parameters; 'v' is 'integer'/ }],
    fixed: restConnector([operation('a', 'GET', '/x', ['{ "name": "v", "location": "query", "type": "integer" }'])], enforced),
  },
  { name: 'maximum on a string is reported', text: doc('string', '"maximum": 9'), expect: [{ at: '"maximum"' }] },
]);

import { arrayItemTypeNotAllowedInLocation } from '../../../../server/src/core/rules/restOperation/arrayItemTypeNotAllowedInLocation';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (parameter: string): string => restConnector([operation('a', 'POST', '/x', [parameter])]);

ruleTable(arrayItemTypeNotAllowedInLocation, [
  { name: 'an array of objects in the body passes', text: doc('{ "name": "b", "location": "body", "type": "array", "items": { "type": "object" } }') },
  {
    name: 'an array of objects in the query fails on the inner type',
    text: doc('{ "name": "q", "location": "query", "type": "array", "items": { "type": "object" } }'),
    expect: [{ at: '"object"', message: /Arrays in 'query' cannot hold 'object' items/ }],
  },
  {
    name: 'nested arrays are checked at every depth',
    text: doc('{ "name": "h", "location": "header", "type": "array", "items": { "type": "array", "items": { "type": "object" } } }'),
    expect: [{ at: '"object"' }],
  },
  { name: 'arrays of arrays of strings pass in matrix', text: doc('{ "name": "m", "location": "matrix", "type": "array", "items": { "type": "array", "items": { "type": "string" } } }') },
]);

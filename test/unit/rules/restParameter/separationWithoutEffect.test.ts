import { separationWithoutEffect } from '../../../../server/src/core/rules/restParameter/separationWithoutEffect';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (items: string, separation = ', "separation": "pipes"'): string =>
  restConnector([operation('a', 'POST', '/x', [`{ "name": "b", "location": "body", "type": "array", "items": { "type": "${items}" }${separation} }`], '{ "Content-Type": "application/json" }')]);

ruleTable(separationWithoutEffect, [
  { name: 'a body array of strings may have a separation', text: doc('string') },
  { name: 'a body array of objects with a separation is reported and fixed', text: doc('object'), expect: [{ at: '"separation"', message: /sent as a JSON array/ }], fixed: doc('object', '') },
]);

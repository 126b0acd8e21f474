import { emptyValueOutsideQuery } from '../../../../server/src/core/rules/restParameter/emptyValueOutsideQuery';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (location: string, extra = ', "emptyValue": true'): string =>
  restConnector([operation('a', 'GET', '/x', [`{ "name": "flag", "location": "${location}", "type": "boolean"${extra} }`])]);

ruleTable(emptyValueOutsideQuery, [
  { name: 'emptyValue on a query parameter passes', text: doc('query') },
  { name: 'emptyValue on a header is reported and removed', text: doc('header'), expect: [{ at: '"emptyValue"', message: /only works on query parameters/ }], fixed: doc('header', '') },
]);

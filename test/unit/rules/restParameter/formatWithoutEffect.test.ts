import { formatWithoutEffect } from '../../../../server/src/core/rules/restParameter/formatWithoutEffect';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (type: string, format: string): string => restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "${type}", "format": "${format}" }`])]);

ruleTable(formatWithoutEffect, [
  { name: 'date-time on a string has an effect', text: doc('string', 'date-time') },
  { name: 'int64 on an integer has an effect', text: doc('integer', 'int64') },
  { name: 'float on a number has an effect', text: doc('number', 'float') },
  { name: 'date on a string is documentation only', text: doc('string', 'date'), expect: [{ at: '"date"', message: /only 'date-time' changes what is sent/ }] },
  { name: 'int32 on an integer is documentation only', text: doc('integer', 'int32'), expect: [{ at: '"int32"' }] },
  {
    name: 'inner formats are checked too',
    text: restConnector([operation('a', 'GET', '/x', ['{ "name": "v", "location": "query", "type": "array", "items": { "type": "string", "format": "email" } }'])]),
    expect: [{ at: '"email"', message: /the items of 'v'/ }],
  },
]);

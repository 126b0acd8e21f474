import { emptyValueWithoutEffect } from '../../../../server/src/core/rules/restParameter/emptyValueWithoutEffect';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const param = (type: string): string => restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "${type}", "emptyValue": true }`])]);

ruleTable(emptyValueWithoutEffect, [
  { name: 'a boolean flag passes', text: param('boolean') },
  { name: 'a string passes (sent bare when empty)', text: param('string') },
  { name: 'an integer is never empty', text: param('integer'), expect: [{ at: '"emptyValue"', message: /never empty/ }], fixed: param('integer').replace(', "emptyValue": true', '') },
]);

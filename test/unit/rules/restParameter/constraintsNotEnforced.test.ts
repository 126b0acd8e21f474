import { constraintsNotEnforced } from '../../../../server/src/core/rules/restParameter/constraintsNotEnforced';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const q = '{ "name": "q", "location": "query", "type": "string", "maxLength": 5, "pattern": "^a" }';

ruleTable(constraintsNotEnforced, [
  { name: 'with enforcement on, constraints are checked', text: restConnector([operation('a', 'GET', '/x', [q])], '"advanced": { "enforceConstraints": true }') },
  {
    name: 'without the Advanced setting it is reported once per parameter and the fix adds it',
    text: restConnector([operation('a', 'GET', '/x', [q])]),
    expect: [{ at: '"maxLength"', message: /'maxLength', 'pattern' on 'q' are not checked/ }],
    fixed: restConnector([operation('a', 'GET', '/x', [q])]).replace('\n  ]\n}', '\n  ],\n  "advanced": { "enforceConstraints": true }\n}'),
  },
  {
    name: 'with enforcement false the fix turns it on',
    text: restConnector([operation('a', 'GET', '/x', [q])], '"advanced": { "enforceConstraints": false }'),
    expect: [{ at: '"maxLength"' }],
    fixed: restConnector([operation('a', 'GET', '/x', [q])], '"advanced": { "enforceConstraints": true }'),
  },
]);

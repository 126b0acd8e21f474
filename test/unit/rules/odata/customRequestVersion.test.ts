import { customRequestVersion } from '../../../../server/src/core/rules/odata/customRequestVersion';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const read = '{ "id": "r", "operation": "read", "url": "Orders" }';

ruleTable(customRequestVersion, [
  { name: '2.1.17 passes', text: odataConnector([read]) },
  { name: '2.10.0 passes (numeric comparison)', text: odataConnector([read], '"connectorVersion": "2.10.0"') },
  { name: 'no Custom requests, no version needed', text: odataConnector([], '') },
  {
    name: 'an older version fails on the value and is raised',
    text: odataConnector([read], '"connectorVersion": "2.1.9"'),
    expect: [{ at: '"2.1.9"', message: /available from connector version 2.1.17; this connector targets 2.1.9/ }],
    fixed: odataConnector([read]),
  },
  {
    name: 'a missing version fails on customRequests and is added',
    text: odataConnector([read], ''),
    expect: [{ at: '"customRequests"' }],
    fixed: odataConnector([read], '').replace('\n  ]\n}', '\n  ],\n  "connectorVersion": "2.1.17"\n}'),
  },
]);

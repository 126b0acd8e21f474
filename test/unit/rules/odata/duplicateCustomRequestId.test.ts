import { duplicateCustomRequestId } from '../../../../server/src/core/rules/odata/duplicateCustomRequestId';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const read = (id: string): string => `{ "id": "${id}", "operation": "read", "url": "Orders" }`;

ruleTable(duplicateCustomRequestId, [
  { name: 'distinct ids pass', text: odataConnector([read('a'), read('b')]) },
  { name: 'a repeated id is an error on the later one', text: odataConnector([read('a'), read('a')]), expect: [{ at: '"a"', occurrence: 1, message: /already has the id 'a'/ }] },
]);

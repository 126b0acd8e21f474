import { bodyNotSent } from '../../../../server/src/core/rules/odata/bodyNotSent';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const request = (operation: string, body = ', "body": "{}"'): string => `{ "id": "r", "operation": "${operation}", "url": "Orders"${body} }`;

ruleTable(bodyNotSent, [
  { name: 'a body on create passes', text: odataConnector([request('create')]) },
  { name: 'a body on action passes', text: odataConnector([request('action')]) },
  { name: 'a body on read warns and is removed', text: odataConnector([request('read')]), expect: [{ at: '"body"', message: /'read' operation, which sends no body/ }], fixed: odataConnector([request('read', '')]) },
  { name: 'a body file on delete warns', text: odataConnector([request('delete', ', "body": { "file": "b.json" }')]), expect: [{ at: '"body"' }] },
]);

import { entityDescriptorNotCreate } from '../../../../server/src/core/rules/odata/entityDescriptorNotCreate';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const request = (operation: string): string => odataConnector([`{ "id": "r", "operation": "${operation}", "url": "Orders", "metadataLevel": "full", "includeEntityDescriptor": true }`]);

ruleTable(entityDescriptorNotCreate, [
  { name: 'create passes', text: request('create') },
  { name: 'update warns', text: request('update'), expect: [{ at: 'true', message: /create operations only/ }] },
]);

import { entityDescriptorNeedsFullMetadata } from '../../../../server/src/core/rules/odata/entityDescriptorNeedsFullMetadata';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const create = (extra: string): string => odataConnector([`{ "id": "c", "operation": "create", "url": "Orders", "body": "{}", "includeEntityDescriptor": true${extra} }`]);

ruleTable(entityDescriptorNeedsFullMetadata, [
  { name: 'full metadata passes', text: create(', "metadataLevel": "full"') },
  { name: 'minimal fails and is set to full', text: create(', "metadataLevel": "minimal"'), expect: [{ at: 'true', message: /needs "metadataLevel": "full"/ }], fixed: create(', "metadataLevel": "full"') },
  { name: 'no level (minimal by default) fails and full is added', text: create(''), expect: [{ at: 'true' }], fixed: create(', "metadataLevel": "full"') },
]);

import { operationRestricted } from '../../../../../server/src/core/rules/odata/metadata/operationRestricted';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

ruleTable(operationRestricted, [
  { name: 'reading a restricted set passes', text: shopConnector([customRequest('read', "Documents('D')")]) },
  { name: 'creating where Insertable is false', text: shopConnector([customRequest('create', 'Documents')]), expect: [{ at: '"create"', message: /InsertRestrictions/ }] },
  { name: 'updating where Updatable is false', text: shopConnector([customRequest('update', "Documents('D')")]), expect: [{ at: '"update"', message: /UpdateRestrictions/ }] },
  { name: 'deleting where Deletable is false', text: shopConnector([customRequest('delete', "Documents('D')")]), expect: [{ at: '"delete"', message: /DeleteRestrictions/ }] },
  { name: 'a set without restrictions', text: shopConnector([customRequest('delete', "Orders('A')", '"headers": { "If-Match": "*" }')]) },
], WITH_METADATA);

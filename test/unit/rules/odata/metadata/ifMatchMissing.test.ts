import { ifMatchMissing } from '../../../../../server/src/core/rules/odata/metadata/ifMatchMissing';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

ruleTable(ifMatchMissing, [
  { name: 'an update with If-Match passes (any case)', text: shopConnector([customRequest('update', "Orders('A')", '"headers": { "if-match": "{{etag}}" }')]) },
  { name: 'a set without concurrency control needs none', text: shopConnector([customRequest('delete', 'Customers(01234567-89ab-cdef-0123-456789abcdef)')]) },
  { name: 'a read needs none', text: shopConnector([customRequest('read', "Orders('A')")]) },
  { name: 'an update without If-Match, fixed', text: shopConnector([customRequest('update', "Orders('A')")]), expect: [{ at: '"update"', message: /Core.OptimisticConcurrency: OrderDate/ }], fixed: shopConnector([customRequest('update', "Orders('A')", '"headers": { "If-Match": "{{etag}}" }')]) },
  { name: 'a bound action on the entity', text: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Release")]), expect: [{ at: '"action"' }] },
], WITH_METADATA);

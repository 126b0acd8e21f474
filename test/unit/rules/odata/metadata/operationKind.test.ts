import { operationKind } from '../../../../../server/src/core/rules/odata/metadata/operationKind';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

ruleTable(operationKind, [
  { name: 'fitting kinds pass', text: shopConnector([customRequest('create', 'Orders'), customRequest('update', "Orders('A')"), customRequest('delete', "Orders('A')"), customRequest('action', "Orders('A')/Shop.Sales.Release"), customRequest('function', "Orders('A')/Shop.Sales.Total()"), customRequest('function', 'TopOrders(Count=5)')]) },
  { name: 'create on one entity', text: shopConnector([customRequest('create', "Orders('A')")]), expect: [{ at: '"create"', message: /Remove the key/ }] },
  { name: 'update of a collection', text: shopConnector([customRequest('update', 'Orders')]), expect: [{ at: '"update"', message: /changes one entity.*Add the entity's key/ }] },
  { name: 'an action read with GET, fixed to action', text: shopConnector([customRequest('read', "Orders('A')/Shop.Sales.Release")]), expect: [{ at: '"read"', message: /invoked with POST/ }], fixed: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Release")]) },
  { name: 'a function sent as an action', text: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Total()")]), expect: [{ at: '"action"', message: /invoked with GET/ }] },
], WITH_METADATA);

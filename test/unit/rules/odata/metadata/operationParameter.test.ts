import { operationParameter } from '../../../../../server/src/core/rules/odata/metadata/operationParameter';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const body = (text: string): string => `"body": ${JSON.stringify(text)}`;

ruleTable(operationParameter, [
  { name: 'complete parameters pass', text: shopConnector([customRequest('function', 'TopOrders(Count=5)'), customRequest('function', 'TopOrders(Count=@n)'), customRequest('action', "Orders('A')/Shop.Sales.Release", body('{ "Reason": "{{reason}}", "Notify": true }'))]) },
  { name: 'a function parameter of the wrong type', text: shopConnector([customRequest('function', "TopOrders(Count='5')")]), expect: [{ at: "'5'", message: /whole number/ }] },
  { name: 'an unknown function parameter', text: shopConnector([customRequest('function', 'TopOrders(Cont=5)')]), expect: [{ at: '(Cont=5)', message: /needs 'Count'/ }, { at: 'Cont', message: /Did you mean 'Count'/ }] },
  { name: 'a function called without parentheses, fixed', text: shopConnector([customRequest('function', "Orders('A')/Shop.Sales.Total")]), expect: [{ at: 'Shop.Sales.Total', message: /called with parentheses/ }], fixed: shopConnector([customRequest('function', "Orders('A')/Shop.Sales.Total()")]) },
  { name: 'an action body without a required parameter and with an unknown one', text: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Release", body('{ "Reasn": "x" }'))]), expect: [{ at: '{ \\"Reasn\\": \\"x\\" }', message: /needs 'Reason'/ }, { at: '\\"Reasn\\"', message: /Did you mean 'Reason'/ }] },
  { name: 'an action parameter of the wrong type', text: shopConnector([customRequest('action', "Orders('A')/Shop.Sales.Release", body('{ "Reason": "x", "Notify": "yes" }'))]), expect: [{ at: '\\"yes\\"', message: /true or false/ }] },
], WITH_METADATA);

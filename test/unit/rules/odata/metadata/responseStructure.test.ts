import { responseStructure } from '../../../../../server/src/core/rules/odata/metadata/responseStructure';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const read = (url: string, structure: string, query = ''): string => shopConnector([customRequest('read', url, `${query ? `"query": ${query}, ` : ''}"responseStructure": ${structure}`)]);

ruleTable(responseStructure, [
  { name: 'a collection with value, annotations and expanded navigation passes', text: read('Orders', '{ "@odata.count": 0, "value": [{ "OrderNo": "", "Amount": 0, "Lines": [{ "PartNo": "" }], "Address": { "City": "" }, "Tags": [""] }] }', '{ "$expand": "Lines" }') },
  { name: 'a single entity and a function result pass', text: shopConnector([customRequest('read', "Orders('A')", '"responseStructure": { "OrderNo": "", "Urgent": true }'), customRequest('function', "Orders('A')/Shop.Sales.Total()", '"responseStructure": { "value": 0 }')]) },
  { name: 'a property the type does not have, fixed', text: read("Orders('A')", '{ "OrdrNo": "" }'), expect: [{ at: '"OrdrNo"', message: /Did you mean 'OrderNo'/ }], fixed: read("Orders('A')", '{ "OrderNo": "" }') },
  { name: 'a property left out by $select', text: read("Orders('A')", '{ "OrderNo": "", "Amount": 0 }', '{ "$select": "OrderNo" }'), expect: [{ at: '"Amount"', message: /not in \$select/ }] },
  { name: 'a navigation property not expanded', text: read("Orders('A')", '{ "Lines": [] }'), expect: [{ at: '"Lines"', message: /not in \$expand/ }] },
  { name: 'another JSON type', text: read("Orders('A')", '{ "Quantity": "" }'), expect: [{ at: '""', occurrence: 0, message: /a number in the response/ }] },
  { name: 'a create answers with the created entity: an entity-shaped structure passes', text: shopConnector([customRequest('create', 'Orders', '"body": "{ \\"OrderNo\\": \\"{{no}}\\", \\"CustomerNo\\": \\"C1\\" }", "responseStructure": { "@odata.etag": "", "OrderNo": "", "Amount": 0 }')]) },
  { name: "a create's structure written as a collection", text: shopConnector([customRequest('create', 'Orders', '"body": "{ \\"OrderNo\\": \\"{{no}}\\", \\"CustomerNo\\": \\"C1\\" }", "responseStructure": { "value": [{ "OrderNo": "" }] }')]), expect: [{ at: '"value"', message: /Order has no property 'value'/ }] },
  { name: 'a collection described as one entity', text: read('Orders', '{ "OrderNo": "" }'), expect: [{ at: '"OrderNo"', occurrence: 0, message: /belongs inside "value"/ }] },
], WITH_METADATA);

import { invalidBodyJson } from '../../../../server/src/core/rules/odata/invalidBodyJson';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const create = (body: string): string => odataConnector([`{ "id": "c", "operation": "create", "url": "Orders", "body": ${JSON.stringify(body)} }`]);

ruleTable(invalidBodyJson, [
  { name: 'a quoted placeholder passes', text: create('{ "CustomerNo": "{{customer}}" }') },
  { name: 'an unquoted placeholder passes (its value may carry the quotes)', text: create('{ "Quantity": {{qty}}, "Contract": {{contract}} }') },
  { name: 'a placeholder as a key passes (the value supplies the quotes)', text: create('{ {{key}}: 1 }') },
  {
    name: 'a missing closing quote is pointed at inside the string',
    text: create('{ "CustomerNo": "{{customer}}, "Note": "x" }'),
    expect: [{ at: 'N', occurrence: 1, message: /not valid JSON once its variables are filled in.*quotation marks/ }],
  },
  { name: 'a trailing comma fails', text: create('{ "a": 1, }'), expect: [{ at: '}', occurrence: 0, message: /property name expected/ }] },
  { name: 'an empty body fails', text: create(''), expect: [{ at: '""', message: /is empty/ }] },
]);

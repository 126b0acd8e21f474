import { typeNotAllowedInLocation } from '../../../../server/src/core/rules/restOperation/typeNotAllowedInLocation';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (parameter: string, method = 'POST'): string => restConnector([operation('a', method, '/x', [parameter])]);

ruleTable(typeNotAllowedInLocation, [
  { name: 'passes for types the table allows', text: doc('{ "name": "f", "location": "form", "type": "fileGallery" }') },
  { name: 'computed is allowed in header', text: doc('{ "name": "h", "location": "header", "type": "computed", "template": "x" }') },
  {
    name: 'file in query fails, naming where file goes',
    text: doc('{ "name": "f", "location": "query", "type": "file" }'),
    expect: [{ at: '"file"', message: /'file' goes in 'form'/ }],
  },
  { name: 'object in header fails', text: doc('{ "name": "o", "location": "header", "type": "object" }'), expect: [{ at: '"object"' }] },
  { name: 'stream in form fails', text: doc('{ "name": "s", "location": "form", "type": "stream" }'), expect: [{ at: '"stream"' }] },
  { name: 'computed in body fails', text: doc('{ "name": "c", "location": "body", "type": "computed", "template": "x" }'), expect: [{ at: '"computed"' }] },
]);

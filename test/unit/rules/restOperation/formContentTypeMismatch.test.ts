import { formContentTypeMismatch } from '../../../../server/src/core/rules/restOperation/formContentTypeMismatch';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const field = '{ "name": "f", "location": "form", "type": "string" }';
const file = '{ "name": "p", "location": "form", "type": "file" }';
const doc = (method: string, parameters: string[], contentType: string): string =>
  restConnector([operation('a', method, '/x', parameters, `{ "Content-Type": "${contentType}" }`)]);

ruleTable(formContentTypeMismatch, [
  { name: 'GET with urlencoded passes', text: doc('GET', [field], 'application/x-www-form-urlencoded') },
  { name: 'POST with multipart passes', text: doc('POST', [field], 'multipart/form-data') },
  { name: 'a file with multipart and a boundary parameter passes', text: doc('PUT', [file], 'multipart/form-data; boundary=x') },
  {
    name: 'GET with multipart fails and is set to urlencoded',
    text: doc('GET', [field], 'multipart/form-data'),
    expect: [{ at: '"multipart/form-data"', message: /on GET are sent as application\/x-www-form-urlencoded/ }],
    fixed: doc('GET', [field], 'application/x-www-form-urlencoded'),
  },
  {
    name: 'a file with urlencoded fails and is set to multipart',
    text: doc('POST', [file], 'application/x-www-form-urlencoded'),
    expect: [{ at: '"application/x-www-form-urlencoded"', message: /sends a file/ }],
    fixed: doc('POST', [file], 'multipart/form-data'),
  },
  { name: 'a form with application/json fails', text: doc('POST', [field], 'application/json'), expect: [{ at: '"application/json"' }] },
]);

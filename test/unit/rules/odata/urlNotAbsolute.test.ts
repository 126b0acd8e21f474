import { urlNotAbsolute } from '../../../../server/src/core/rules/odata/urlNotAbsolute';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const request = (url: string, mode = ''): string => odataConnector([`{ "id": "r", "operation": "read", "url": "${url}"${mode} }`]);

ruleTable(urlNotAbsolute, [
  { name: 'a relative url joins baseUrl', text: request("Orders('{orderNo}')") },
  { name: 'an absolute https url passes', text: request('https://other.example.com/odata/Orders') },
  { name: 'in onlyPath the whole url may be a parameter', text: request('{resource}', ', "parameterMode": "onlyPath"') },
  { name: 'a host with a space fails', text: request('https://ifs host/Orders'), expect: [{ at: '"https://ifs host/Orders"', message: /not a valid URL/ }] },
  { name: 'a non-http scheme fails', text: request('ftp://files.example.com/x'), expect: [{ at: '"ftp://files.example.com/x"', message: /scheme is 'ftp'/ }] },
]);

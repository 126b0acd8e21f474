import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
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
  { name: 'a scheme in capitals is the same scheme', text: request('HTTPS://other.example.com/Orders') },
  { name: 'a scheme in capitals is named in lower case', text: request('Mailto:orders@example.com'), expect: [{ at: '"Mailto:orders@example.com"', message: /scheme is 'mailto', not http/ }] },
  { name: 'an unclosed IPv6 host fails', text: request('http://[::1/Orders'), expect: [{ at: '"http://[::1/Orders"', message: /it is not a valid URL/ }] },
  { name: 'a tab inside the scheme makes the url relative', text: request('ht\\ttps://x/Orders') },
]);

test('one url is judged anew under each baseUrl, and the verdict under the first is kept', () => {
  const withBase = (base: string): string => request('Orders').replace(/"baseUrl": "[^"]*"/, `"baseUrl": "${base}"`);
  // A baseUrl the schema reports (a space in its host) still has the urls joined to it judged.
  const verdicts = ['https://a.example/odata', 'https://a b.example/odata', 'https://a.example/odata'].map((base) =>
    lintText(withBase(base), {}, [urlNotAbsolute]).findings.filter((f) => f.code === urlNotAbsolute.id).map((f) => f.message));
  assert.deepEqual(verdicts[0], []);
  assert.match(verdicts[1]?.join() ?? '', /'https:\/\/a b\.example\/odata\/Orders' is not a valid URL/);
  assert.deepEqual(verdicts[2], []);
});

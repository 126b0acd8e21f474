import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../../server/src/core/edits';
import { insertBaseUrlEdit } from '../../../server/src/core/features/actions';
import { againstBase } from '../../../server/src/core/http/url';
import { lintText } from '../../../server/src/core/lint';
import type { ODataConnector } from '../../../server/src/core/model';

// 'Insert base URL' writes out the url a Custom request is sent to: the same join as sending, a base URL's own query
// after the path, and nothing for a url that names its scheme.

function inserted(baseUrl: string, url: string): string | undefined {
  const text = JSON.stringify({ kind: 'odata', name: 'T', baseUrl, customRequests: [{ id: 'r', operation: 'read', url }] }, null, 2);
  const connector = lintText(text).connector as ODataConnector;
  const edit = insertBaseUrlEdit(connector, connector.customRequests[0] as ODataConnector['customRequests'][number]);
  if (!edit) return undefined;
  const after = JSON.parse(applyEdits(text, [edit])) as { customRequests: { url: string }[] };
  return after.customRequests[0]?.url;
}

test('Insert base URL writes the url the request is sent to', () => {
  const cases: [string, string][] = [
    ['https://ifs.example.com/svc.svc', "Orders('A')"],
    ['https://ifs.example.com/svc.svc/', "/Orders('A')"],
    ['https://ifs.example.com/svc.svc?sap-client=100', 'Orders?$top=5'],
    ['https://ifs.example.com/svc.svc?sap-client=100', 'Orders'],
  ];
  for (const [baseUrl, url] of cases) assert.equal(inserted(baseUrl, url), againstBase(baseUrl, url), `${baseUrl} + ${url}`);
  assert.equal(inserted('https://ifs.example.com/svc.svc?sap-client=100', 'Orders'), 'https://ifs.example.com/svc.svc/Orders?sap-client=100');
  assert.equal(inserted('https://ifs.example.com/svc.svc', 'https://other.example.com/x/Orders'), undefined, 'a url naming its scheme is left alone');
});

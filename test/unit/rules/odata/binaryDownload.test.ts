import { binaryDownload } from '../../../../server/src/core/rules/odata/binaryDownload';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const request = (url: string): string => odataConnector([`{ "id": "r", "operation": "read", "url": "${url}" }`]);

ruleTable(binaryDownload, [
  { name: 'an entity read passes', text: request("Documents('{docNo}')") },
  { name: 'a $value download fails', text: request("Documents('{docNo}')/FileData/$value"), expect: [{ at: "\"Documents('{docNo}')/FileData/$value\"", message: /binary-download operation/ }] },
  { name: 'a $value download with a query fails', text: request('Documents/$value?x=1'), expect: [{ at: '"Documents/$value?x=1"' }] },
  { name: 'a $value download with a trailing slash fails', text: request('Documents/$value/'), expect: [{ at: '"Documents/$value/"' }] },
  { name: 'a $value only in the query passes', text: request('Documents?next=/$value') },
  { name: 'a path going on after $value passes', text: request('Documents/$value/Lines') },
  { name: 'a property merely ending in value passes', text: request('Documents/Filevalue') },
]);

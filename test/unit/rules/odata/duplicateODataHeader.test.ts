import { duplicateODataHeader } from '../../../../server/src/core/rules/odata/duplicateODataHeader';
import { odataConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const withHeaders = (headers: string): string => odataConnector([`{ "id": "a", "operation": "update", "url": "Orders('1')", "headers": ${headers}, "body": "{}" }`]);

ruleTable(duplicateODataHeader, [
  { name: 'one If-Match passes', text: withHeaders('{ "If-Match": "{{etag}}" }') },
  { name: 'two differing in case', text: withHeaders('{ "If-Match": "a", "if-match": "b" }'), expect: [{ at: '"if-match"', message: /compared without case/ }] },
  { name: 'Accept is set by metadataLevel', text: withHeaders('{ "accept": "text/plain" }'), expect: [{ at: '"accept"', message: /metadataLevel/ }] },
]);

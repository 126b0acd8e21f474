import { binaryContent } from '../../../../../server/src/core/rules/odata/metadata/binaryContent';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

ruleTable(binaryContent, [
  { name: 'reading a media entity as JSON passes', text: shopConnector([customRequest('read', "Documents('D')")]) },
  { name: 'a stream property', text: shopConnector([customRequest('read', "Documents('D')/File")]), expect: [{ at: "\"Documents('D')/File\"", message: /stream property/ }] },
  { name: 'a function returning a stream', text: shopConnector([customRequest('function', 'Report()')]), expect: [{ at: '"Report()"', message: /returns a stream/ }] },
  { name: '$value is left to binary-download', text: shopConnector([customRequest('read', "Documents('D')/$value")]) },
], WITH_METADATA);

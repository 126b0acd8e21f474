import { metadataFile } from '../../../../../server/src/core/rules/odata/metadata/metadataFile';
import { customRequest, shopConnector } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const text = shopConnector([customRequest('read', 'Orders')]);

ruleTable(metadataFile, [
  { name: 'a file that cannot be used', text, expect: [{ at: '"shop.metadata.xml"', message: /cannot be used: it does not exist.*connector metadata fetch/ }] },
], { metadata: { generation: 0, load: () => ({ ok: false, message: 'it does not exist (looked for /w/shop.metadata.xml)' }) } });

ruleTable(metadataFile, [{ name: 'a readable file passes', text }], { metadata: { generation: 0, load: () => ({ ok: true, service: { version: '4.0', namespaces: [], aliases: new Map(), types: new Map(), operations: new Map() }, path: '/w/x' }) } });

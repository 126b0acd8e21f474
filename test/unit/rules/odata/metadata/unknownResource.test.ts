import { unknownResource } from '../../../../../server/src/core/rules/odata/metadata/unknownResource';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const read = (url: string): string => shopConnector([customRequest('read', url)]);

ruleTable(unknownResource, [
  { name: 'an entity set, a key, containment navigation and a property pass', text: read("Orders('A-1')/Lines(OrderNo='A-1',LineNo=1)/PartNo") },
  { name: 'navigation bound to another set, a cast, $count and a singleton pass', text: shopConnector([customRequest('read', "Orders('A-1')/Customer/Orders/$count"), customRequest('read', 'Orders/Shop.Sales.SpecialOrder'), customRequest('read', 'Me/Name')]) },
  { name: 'an absolute url under baseUrl is resolved too', text: read("https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc/Ordrs"), expect: [{ at: 'Ordrs', message: /Did you mean 'Orders'/ }] },
  { name: 'a misspelt entity set, with the fix', text: read('Ordrs'), expect: [{ at: 'Ordrs', message: /not an entity set.*Did you mean 'Orders'/ }], fixed: read('Orders') },
  { name: 'a misspelt navigation property', text: read("Orders('A-1')/Line"), expect: [{ at: 'Line', occurrence: 0, message: /Did you mean 'Lines'/ }] },
  { name: 'a property of a collection needs a key first', text: read('Orders/Status'), expect: [{ at: 'Status', message: /give a key first/ }] },
  { name: '$value on an entity without a stream', text: read("Orders('A-1')/$value"), expect: [{ at: '$value', message: /not a media entity/ }] },
  { name: 'nothing follows $count', text: read('Orders/$count/x'), expect: [{ at: 'x', occurrence: 2, message: /Nothing can follow \$count/ }] },
  { name: 'a {parameter} as a whole segment stops the check', text: read('{set}/Whatever') },
  { name: 'a url of another service is not judged', text: read('https://other.example.com/Nothing') },
  { name: 'without metadata nothing is said', text: shopConnector([customRequest('read', 'Ordrs')]).replace('"metadata": "shop.metadata.xml"', '"description": "x"') },
], WITH_METADATA);

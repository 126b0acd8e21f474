import { uniqueItemsDocumentationOnly } from '../../../../server/src/core/rules/restParameter/uniqueItemsDocumentationOnly';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (extra: string): string => restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "array", "items": { "type": "string" }${extra} }`])]);

ruleTable(uniqueItemsDocumentationOnly, [
  { name: 'no uniqueItems, nothing to say', text: doc('') },
  { name: 'uniqueItems is documentation only', text: doc(', "uniqueItems": true'), expect: [{ at: '"uniqueItems"', message: /documentation only/ }] },
]);

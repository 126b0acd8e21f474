import { headerCredential } from '../../../../server/src/core/rules/restOperation/headerCredential';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (headers: string): string => restConnector([operation('a', 'GET', '/x', [], headers)]);

ruleTable(headerCredential, [
  { name: 'ordinary headers pass', text: doc('{ "Accept": "application/json", "Content-Type": "application/json" }') },
  { name: 'a {{variable}} is not a literal', text: doc('{ "Authorization": "Bearer {{token}}" }') },
  { name: 'a literal bearer token warns', text: doc('{ "Authorization": "Bearer abc123" }'), expect: [{ at: '"Bearer abc123"', message: /literal credential.*"authorization"/ }] },
  { name: 'a literal API key warns', text: doc('{ "X-Api-Key": "k-123" }'), expect: [{ at: '"k-123"' }] },
  { name: 'a literal in a custom token header warns', text: doc('{ "X-Session-Token": "s" }'), expect: [{ at: '"s"' }] },
]);

import { duplicateHeader } from '../../../../server/src/core/rules/restOperation/duplicateHeader';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const header = (name: string): string => `{ "name": "${name}", "location": "header", "type": "string" }`;

ruleTable(duplicateHeader, [
  { name: 'distinct headers pass', text: restConnector([operation('a', 'POST', '/x', [header('X-Trace')], '{ "Content-Type": "application/json" }')]) },
  { name: 'a header parameter beside the same fixed header (other case) is an error', text: restConnector([operation('a', 'POST', '/x', [header('content-type')], '{ "Content-Type": "application/json" }')]), expect: [{ at: '"content-type"', message: /compared without case/ }] },
  { name: 'two fixed headers differing in case', text: restConnector([operation('a', 'GET', '/x', [], '{ "Accept": "a", "accept": "b" }')]), expect: [{ at: '"accept"' }] },
  { name: 'a header parameter that the authorization sends', text: restConnector([operation('a', 'GET', '/x', [header('authorization')])], '"authorization": { "scheme": "bearer", "secret": "s" }'), expect: [{ at: '"authorization"', occurrence: 1, message: /authorization sends/ }] },
]);

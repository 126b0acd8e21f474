import { duplicateHeader } from '../../../../server/src/core/rules/restOperation/duplicateHeader';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const header = (name: string): string => `{ "name": "${name}", "location": "header", "type": "string" }`;

ruleTable(duplicateHeader, [
  { name: 'distinct headers pass', text: restConnector([operation('a', 'POST', '/x', [header('X-Trace')], '{ "Content-Type": "application/json" }')]) },
  { name: 'a header parameter beside the same fixed header (other case) is an error', text: restConnector([operation('a', 'POST', '/x', [header('content-type')], '{ "Content-Type": "application/json" }')]), expect: [{ at: '"content-type"', message: /compared without case/ }] },
  { name: 'two fixed headers differing in case', text: restConnector([operation('a', 'GET', '/x', [], '{ "Accept": "a", "accept": "b" }')]), expect: [{ at: '"accept"' }] },
  {
    name: 'of two header parameters that the authorization sends, the first is reported here (the second is a duplicate parameter)',
    text: restConnector([operation('a', 'GET', '/x', [header('X-Key'), header('x-key')])], '"authorization": { "scheme": "apiKey", "in": "header", "name": "X-Key", "secret": "s" }'),
    expect: [{ at: '"X-Key"', occurrence: 1, message: /authorization sends \('X-Key'\)/ }],
    allowSchemaFindings: true,
  },
  {
    name: 'a fixed header repeated by the 5,000th header parameter is found (each name looked up once)',
    text: restConnector([operation('a', 'GET', '/x', Array.from({ length: 5_000 }, (_, i) => header(i === 4_999 ? 'x-fixed' : `X-P${i}`)), '{ "X-Fixed": "1", "X-Other": "2" }')]),
    expect: [{ at: '"x-fixed"', message: /same header as 'X-Fixed'/ }],
  },
  { name: 'a header parameter that the authorization sends', text: restConnector([operation('a', 'GET', '/x', [header('authorization')])], '"authorization": { "scheme": "bearer", "secret": "s" }'), expect: [{ at: '"authorization"', occurrence: 1, message: /authorization sends/ }] },
]);

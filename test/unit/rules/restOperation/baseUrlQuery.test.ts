import { baseUrlQuery } from '../../../../server/src/core/rules/baseUrlQuery';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const withBase = (base: string): string => restConnector([operation('a', 'GET', '/r', [])]).replace('https://api.example.com', base);

ruleTable(baseUrlQuery, [
  { name: 'a plain base passes', text: withBase('https://h/api') },
  { name: 'a query in baseUrl is an error, fixed by removing it', text: withBase('https://h/api?tenant=t1'), expect: [{ at: '?tenant=t1', message: /stand before the path/ }], fixed: withBase('https://h/api') },
  { name: 'a fragment too', text: withBase('https://h/api#x'), expect: [{ at: '#x' }] },
]);

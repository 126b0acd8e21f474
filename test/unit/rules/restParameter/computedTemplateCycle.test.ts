import { computedTemplateCycle } from '../../../../server/src/core/rules/restParameter/computedTemplateCycle';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const c = (name: string, template: string): string => `{ "name": "${name}", "location": "header", "type": "computed", "template": "${template}" }`;

ruleTable(computedTemplateCycle, [
  { name: 'a chain without a cycle passes', text: restConnector([operation('a', 'GET', '/x', ['{ "name": "s", "location": "query", "type": "string" }', c('a', '{{s}}'), c('b', '{{a}}')])]) },
  {
    name: 'a two-member cycle is reported on each member',
    text: restConnector([operation('a', 'GET', '/x', [c('a', '{{b}}'), c('b', '{{a}}')])]),
    expect: [{ at: '"{{b}}"', message: /a → b → a/ }, { at: '"{{a}}"', message: /b → a → b/ }],
  },
  { name: 'a template that uses itself is a cycle', text: restConnector([operation('a', 'GET', '/x', [c('a', 'x{{a}}')])]), expect: [{ at: '"x{{a}}"', message: /a → a/ }] },
]);

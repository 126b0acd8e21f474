import { computedTemplateUnknownParameter } from '../../../../server/src/core/rules/restParameter/computedTemplateUnknownParameter';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (template: string): string =>
  restConnector([operation('a', 'GET', '/x', ['{ "name": "first", "location": "query", "type": "string" }', `{ "name": "full", "location": "header", "type": "computed", "template": "${template}" }`])]);

ruleTable(computedTemplateUnknownParameter, [
  { name: 'known names pass', text: doc('{{first}}!') },
  { name: 'a typo is reported on the placeholder and fixed', text: doc('{{frist}}!'), expect: [{ at: '{{frist}}', message: /Did you mean 'first'\?/ }], fixed: doc('{{first}}!') },
  { name: 'an unrelated name is reported without a fix', text: doc('{{zzzzzz}}'), expect: [{ at: '{{zzzzzz}}' }] },
]);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
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

test('10,000 computed parameters each using an unknown name beside 10,000 others: each reported (suggestions within one budget per operation)', { timeout: 120_000 }, () => {
  const parameters = [
    ...Array.from({ length: 10_000 }, (_, i) => `{ "name": "param${i}", "location": "query", "type": "string" }`),
    ...Array.from({ length: 10_000 }, (_, i) => `{ "name": "c${i}", "location": "query", "type": "computed", "template": "{{parma${i}}}" }`),
  ];
  const text = restConnector([operation('a', 'GET', '/x', parameters)]);
  const findings = lintText(text, {}, [computedTemplateUnknownParameter]).findings.filter((f) => f.code === computedTemplateUnknownParameter.id);
  assert.equal(findings.length, 10_000);
  assert.match(findings[0]?.message ?? '', /uses '\{\{parma0\}\}', but the operation has no parameter 'parma0'\. Did you mean 'param0'\?$/);
  assert.match(findings[9_999]?.message ?? '', /uses '\{\{parma9999\}\}', but the operation has no parameter 'parma9999'\./);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
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

const findingsOf = (text: string): { message: string }[] => lintText(text, {}, [computedTemplateCycle]).findings.filter((f) => f.code === computedTemplateCycle.id);

const many = (count: number, referred: (i: number) => number): string[] => Array.from({ length: count }, (_, i) => c(`p${i}`, `{{p${referred(i)}}}`));

ruleTable(computedTemplateCycle, [
  {
    name: 'two cycles beside a chain: each member reported once, with a cycle through it',
    text: restConnector([operation('a', 'GET', '/x', [c('a', '{{b}}'), c('x', '{{y}}'), c('b', '{{c}}'), c('y', '{{x}}'), c('c', '{{a}}{{z}}'), c('z', 'plain')])]),
    expect: [
      { at: '"{{b}}"', message: /: a → b → c → a\./ },
      { at: '"{{y}}"', message: /: x → y → x\./ },
      { at: '"{{c}}"', message: /: b → c → a → b\./ },
      { at: '"{{x}}"', message: /: y → x → y\./ },
      { at: '"{{a}}{{z}}"', message: /: c → a → b → c\./ },
    ],
  },
]);

test('a chain of 20,000 computed parameters is no cycle (the check follows each reference once)', { timeout: 120_000 }, () => {
  const text = restConnector([operation('a', 'GET', '/x', many(20_000, (i) => i + 1))]);
  assert.deepEqual(findingsOf(text), []);
});

test('every member of a 20,000-parameter cycle is reported once, its message naming a few of them', { timeout: 120_000 }, () => {
  const text = restConnector([operation('a', 'GET', '/x', many(20_000, (i) => (i + 1) % 20_000))]);
  const findings = findingsOf(text);
  assert.equal(findings.length, 20_000);
  assert.match(findings[0]?.message ?? '', /: p0 → p1 → p2 → p3 → p4 → … \(19991 more\) → p19996 → p19997 → p19998 → p19999 → p0\./);
  assert.match(findings[1]?.message ?? '', /: p1 → p2 → /);
  assert.ok(findings.every((f) => f.message.length < 300));
});

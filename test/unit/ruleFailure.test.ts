import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import type { Rule } from '../../server/src/core/rules/types';

const broken: Rule = {
  id: 'always-throws',
  subject: 'connector',
  appliesTo: 'any',
  defaultSeverity: 'error',
  docs: { summary: 'A rule that fails, for testing.', why: 'To prove one failing rule does not stop the others.' },
  check() {
    throw new Error('boom');
  },
};
const text = '{ "kind": "rest", "name": "x", "baseUrl": "https://a.b" }';

test('a rule that throws becomes one rule-failure finding, and its level can be overridden', () => {
  const { findings } = lintText(text, {}, [broken]);
  assert.deepEqual(findings.map((f) => `${f.code}:${f.severity}`), ['rule-failure:error']);
  assert.match(findings[0]?.message ?? '', /Internal error in rule 'always-throws': boom/);
  assert.deepEqual(lintText(text, { overrides: { 'rule-failure': 'warning' } }, [broken]).findings.map((f) => f.severity), ['warning']);
  assert.deepEqual(lintText(text, { overrides: { 'rule-failure': 'off' } }, [broken]).findings, []);
});

/** A parameter rule that reports every parameter it is handed, or throws on the one named `throwsOn`. */
function parameterRule(id: string, throwsOn?: string): Rule {
  return {
    id,
    subject: 'parameter',
    defaultSeverity: 'warning',
    docs: { summary: 'A rule for testing.', why: 'To see which subjects each rule was handed.' },
    check(parameter, context) {
      if (parameter.name?.value === throwsOn) throw new Error(`no ${throwsOn}`);
      if (parameter.name) context.report({ at: parameter.name.node, message: `${id} saw ${parameter.name.value}` });
    },
  };
}

test('a rule that throws is stopped there; the rules after it, and every rule on the later subjects, still run', () => {
  const threeParameters = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "operations": [
    { "id": "op", "method": "GET", "path": "/p", "parameters": [
      { "name": "a", "location": "query", "type": "string" },
      { "name": "b", "location": "query", "type": "string" },
      { "name": "c", "location": "query", "type": "string" } ] } ] }`;
  const said = (rules: Rule[]): string[] => lintText(threeParameters, {}, rules).findings.map((f) => f.code === 'rule-failure' ? f.message.replace(/\..*/s, '') : f.message).sort();
  const everyParameter = (id: string): string[] => ['a', 'b', 'c'].map((name) => `${id} saw ${name}`);
  // Throwing on b, in the middle of the list: before and after see all three; the failing rule saw a only, and fails once.
  assert.deepEqual(said([parameterRule('before'), parameterRule('fails', 'b'), parameterRule('after')]), [
    ...everyParameter('after'),
    ...everyParameter('before'),
    'fails saw a',
    "Internal error in rule 'fails': no b",
  ].sort());
  // First and last in the list, throwing on the first subject: the rule in between is not stopped with them.
  assert.deepEqual(said([parameterRule('first', 'a'), parameterRule('middle'), parameterRule('last', 'a')]), [
    ...everyParameter('middle'),
    "Internal error in rule 'first': no a",
    "Internal error in rule 'last': no a",
  ].sort());
});

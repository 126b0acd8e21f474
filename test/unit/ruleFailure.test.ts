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

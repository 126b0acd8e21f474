import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
import { duplicateOption } from '../../../../server/src/core/rules/restParameter/duplicateOption';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (options: string): string =>
  restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "array", "items": { "type": "string" }, "options": [${options}] }`])]);

ruleTable(duplicateOption, [
  { name: 'distinct options pass', text: doc('"red", "green"') },
  {
    name: 'a repeated option is reported on the repeat and removed',
    text: doc('"red", "green", "red"'),
    expect: [{ at: '"red"', occurrence: 1, message: /already c1; as c3 it is a duplicate/ }],
    fixed: doc('"red", "green"'),
  },
]);

test('each of the 9,999 repeats among 20,000 options is reported, each with its place (the elements are read once)', { timeout: 120_000 }, () => {
  const text = doc(Array.from({ length: 20_000 }, (_, i) => (i % 2 ? '"red"' : `"v${i}"`)).join(', '));
  const findings = lintText(text, {}, [duplicateOption]).findings.filter((f) => f.code === duplicateOption.id);
  assert.equal(findings.length, 9_999);
  assert.match(findings[0]?.message ?? '', /'red' of 'v' is already c2; as c4 it is a duplicate/);
  assert.match(findings[9_998]?.message ?? '', /already c2; as c20000 it is a duplicate/);
  assert.equal(text.slice(findings[9_998]?.offset, (findings[9_998]?.offset ?? 0) + 5), '"red"');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
import { pathPlaceholderWithoutParameter } from '../../../../server/src/core/rules/restOperation/pathPlaceholderWithoutParameter';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const petId = '{ "name": "petId", "location": "path", "type": "integer" }';

ruleTable(pathPlaceholderWithoutParameter, [
  { name: 'passes when each placeholder has a path parameter', text: restConnector([operation('a', 'GET', '/pets/{petId}', [petId])]) },
  {
    name: 'fails on the placeholder itself and adds the parameter',
    text: restConnector([operation('a', 'GET', '/pets/{petId}/{shelter}', [petId])]),
    expect: [{ at: '{shelter}', message: /'\{shelter\}' in the path has no path parameter/ }],
    fixed: restConnector([operation('a', 'GET', '/pets/{petId}/{shelter}', [petId, '{ "name": "shelter", "location": "path", "type": "string", "required": true }'])]),
  },
  {
    name: 'a query parameter of that name does not count',
    text: restConnector([operation('a', 'GET', '/pets/{petId}', ['{ "name": "petId", "location": "query", "type": "integer" }'])]),
    expect: [{ at: '{petId}' }],
  },
  {
    name: 'empty braces ask for a name',
    text: restConnector([operation('a', 'GET', '/pets/{}', [])]),
    expect: [{ at: '{}', message: /empty braces/ }],
  },
]);

test('each of 20,000 placeholders of one path (after an escape) is reported at its place (the path is walked once)', { timeout: 120_000 }, () => {
  const text = restConnector([operation('a', 'GET', `/\\u0061${Array.from({ length: 20_000 }, (_, i) => `/{p${i}}`).join('')}`, [])]);
  const findings = lintText(text, {}, [pathPlaceholderWithoutParameter]).findings.filter((f) => f.code === pathPlaceholderWithoutParameter.id);
  assert.equal(findings.length, 20_000);
  const at = (i: number): string => text.slice(findings[i]?.offset, (findings[i]?.offset ?? 0) + (findings[i]?.length ?? 0));
  assert.equal(at(0), '{p0}');
  assert.equal(at(19_999), '{p19999}');
  assert.match(findings[19_999]?.message ?? '', /'\{p19999\}' in the path has no path parameter/);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
import { unknownModelRef } from '../../../../server/src/core/rules/restOperation/unknownModelRef';
import { restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const models = (ref: string): string => restConnector([], `"models": { "Pet": { "type": "object", "properties": { "owner": { "$ref": "${ref}" } } }, "Owner": { "type": "object" } }`);

ruleTable(unknownModelRef, [
  { name: 'a reference to a defined model passes', text: models('#/models/Owner') },
  { name: 'an unknown model is an error with the closest name as fix', text: models('#/models/Ownr'), expect: [{ at: '"#/models/Ownr"', message: /Did you mean 'Owner'/ }], fixed: models('#/models/Owner') },
  { name: 'a reference to nothing close says how to write one', text: models('#/models/Nope'), expect: [{ at: '"#/models/Nope"', message: /does not name a model/ }] },
  { name: 'a $ref key written with an escape is a reference too', text: models('#/models/Nope').replace('"$ref"', '"\\u0024ref"'), expect: [{ at: '"#/models/Nope"', message: /does not name a model/ }] },
  { name: 'a reference written with escapes in its value is read as the model it names', text: models('#/models/\\u004fwner') },
]);

test('20,000 models each referring to an unknown model: each reported once, naming twenty models and how many more', { timeout: 120_000 }, () => {
  const text = restConnector([], `"models": { ${Array.from({ length: 20_000 }, (_, i) => `"M${i}": { "type": "object", "properties": { "a": { "$ref": "#/models/Unknown${i}" } } }`).join(', ')} }`);
  const findings = lintText(text, {}, [unknownModelRef]).findings.filter((f) => f.code === unknownModelRef.id);
  assert.equal(findings.length, 20_000);
  assert.match(findings[19_999]?.message ?? '', /^"#\/models\/Unknown19999" does not name a model in 'models'\. (Did you mean 'M\d+'\?|Write "#\/models\/<Name>" with one of 'M0', 'M1', .*'M19' and 19980 more\.)$/);
});

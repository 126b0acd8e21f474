import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../../../server/src/core/lint';
import { unknownModel } from '../../../../server/src/core/rules/restOperation/unknownModel';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const models = '"models": { "Pet": { "type": "object" }, "Owner": { "type": "object" } }';
const doc = (model?: string): string =>
  restConnector([operation('a', 'POST', '/x', [`{ "name": "pet", "location": "body", "type": "object"${model ? `, "model": "${model}"` : ''} }`], '{ "Content-Type": "application/json" }')], models);

const arrayDoc = (model?: string): string =>
  restConnector([operation('a', 'POST', '/x', [`{ "name": "pets", "location": "body", "type": "array", "items": { "type": "object" }${model ? `, "model": "${model}"` : ''} }`], '{ "Content-Type": "application/json" }')], models);

ruleTable(unknownModel, [
  { name: 'a defined model passes', text: doc('Pet') },
  { name: 'a misspelt model fails with a fix to the closest', text: doc('Pett'), expect: [{ at: '"Pett"', message: /Did you mean 'Pet'\?/ }], fixed: doc('Pet') },
  { name: 'an unrelated name fails without a fix', text: doc('Invoice'), expect: [{ at: '"Invoice"', message: /Define it under "models"/ }] },
  { name: 'an object body without a model fails on its type', text: doc(), expect: [{ at: '"object"', occurrence: 2, message: /needs a 'model'.*'Pet', 'Owner'/ }] },
  { name: 'a body array of objects naming a defined model passes', text: arrayDoc('Owner') },
  { name: 'a body array of objects without a model passes: its objects are free', text: arrayDoc() },
  { name: 'a body array naming a misspelt model fails with a fix', text: arrayDoc('Ownr'), expect: [{ at: '"Ownr"', message: /Did you mean 'Owner'\?/ }], fixed: arrayDoc('Owner') },
]);

const findingsOf = (text: string): { message: string; offset: number }[] => lintText(text, {}, [unknownModel]).findings.filter((f) => f.code === unknownModel.id);
const manyModels = (count: number): string => `"models": { ${Array.from({ length: count }, (_, i) => `"Model${i}": { "type": "object" }`).join(', ')} }`;
const body = (model?: string): string => `{ "name": "b", "location": "body", "type": "object"${model ? `, "model": "${model}"` : ''} }`;

test('16,000 operations naming 16,000 unknown models beside 1,000 models: each reported, the first with its suggestion (one budget of comparisons for the file)', { timeout: 120_000 }, () => {
  const text = restConnector(Array.from({ length: 16_000 }, (_, i) => operation(`o${i}`, 'POST', '/x', [body(`Modle${i}`)], '{ "Content-Type": "application/json" }')), manyModels(1_000));
  const findings = findingsOf(text);
  assert.equal(findings.length, 16_000);
  assert.match(findings[0]?.message ?? '', /^Model 'Modle0' is not defined in 'models'\. Did you mean 'Model0'\?$/);
  assert.match(findings[15_999]?.message ?? '', /^Model 'Modle15999' is not defined in 'models'\. (Did you mean 'Model\d+'\?|Define it under "models"\.)$/);
});

test('an object body without a model beside 20,000 models names twenty of them and how many more', { timeout: 120_000 }, () => {
  const text = restConnector(Array.from({ length: 2_000 }, (_, i) => operation(`o${i}`, 'POST', '/x', [body()], '{ "Content-Type": "application/json" }')), manyModels(20_000));
  const findings = findingsOf(text);
  assert.equal(findings.length, 2_000);
  assert.match(findings[1_999]?.message ?? '', /needs a 'model' naming its shape in 'models' \('Model0', 'Model1', .*'Model19' and 19980 more\)\.$/);
});

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

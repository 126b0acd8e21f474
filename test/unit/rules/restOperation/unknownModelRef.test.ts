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

import { bodyOnGetOrDelete } from '../../../../server/src/core/rules/restOperation/bodyOnGetOrDelete';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (method: string): string => restConnector([operation('a', method, '/x', ['{ "name": "b", "location": "body", "type": "string" }'])]);

ruleTable(bodyOnGetOrDelete, [
  { name: 'POST passes', text: doc('POST') },
  { name: 'PUT passes', text: doc('PUT') },
  { name: 'PATCH passes', text: doc('PATCH') },
  { name: 'GET fails', text: doc('GET'), expect: [{ at: '"body"', message: /is GET, which sends no body/ }] },
  { name: 'DELETE fails', text: doc('DELETE'), expect: [{ at: '"body"' }] },
]);

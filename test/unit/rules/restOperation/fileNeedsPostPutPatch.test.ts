import { fileNeedsPostPutPatch } from '../../../../server/src/core/rules/restOperation/fileNeedsPostPutPatch';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (method: string, type = 'file'): string =>
  restConnector([operation('a', method, '/x', [`{ "name": "p", "location": "form", "type": "${type}" }`], '{ "Content-Type": "multipart/form-data" }')]);

ruleTable(fileNeedsPostPutPatch, [
  { name: 'POST passes', text: doc('POST') },
  { name: 'PATCH passes', text: doc('PATCH', 'fileGallery') },
  { name: 'GET fails on the type', text: doc('GET'), expect: [{ at: '"file"', message: /needs POST, PUT or PATCH, but operation 'a' is GET/ }] },
  { name: 'DELETE fails for fileGallery', text: doc('DELETE', 'fileGallery'), expect: [{ at: '"fileGallery"' }] },
]);

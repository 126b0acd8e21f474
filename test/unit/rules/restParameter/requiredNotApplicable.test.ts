import { requiredNotApplicable } from '../../../../server/src/core/rules/restParameter/requiredNotApplicable';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (type: string, extra: string, location = 'form'): string =>
  restConnector([operation('a', 'POST', '/x', [`{ "name": "v", "location": "${location}", "type": "${type}"${extra} }`], '{ "Content-Type": "multipart/form-data" }')]);

ruleTable(requiredNotApplicable, [
  { name: 'required on a file fits', text: doc('file', ', "required": true') },
  { name: 'required on a fileGallery is reported and removed', text: doc('fileGallery', ', "required": true'), expect: [{ at: '"required"', message: /not available on 'fileGallery'/ }], fixed: doc('fileGallery', '') },
  { name: 'required on a computed parameter is reported', text: doc('computed', ', "template": "x", "required": false'), expect: [{ at: '"required"' }] },
]);

import { streamContentType } from '../../../../server/src/core/rules/restOperation/streamContentType';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const stream = '{ "name": "data", "location": "body", "type": "stream" }';
const doc = (headers?: string): string => restConnector([operation('a', 'PUT', '/x', [stream], headers)]);

ruleTable(streamContentType, [
  { name: 'octet-stream passes', text: doc('{ "Content-Type": "application/octet-stream" }') },
  {
    name: 'another Content-Type fails on the value and is set',
    text: doc('{ "Content-Type": "application/json" }'),
    expect: [{ at: '"application/json"', message: /must be 'application\/octet-stream'/ }],
    fixed: doc('{ "Content-Type": "application/octet-stream" }'),
  },
  { name: 'a missing Content-Type fails on the stream type', text: doc(), expect: [{ at: '"stream"', message: /needs the header/ }] },
]);

import { defaultMismatch } from '../../../../server/src/core/rules/restParameter/defaultMismatch';
import { operation, restConnector } from '../../../support/connectorText';
import { ruleTable } from '../../../support/ruleTable';

const doc = (type: string, value: string, format = ''): string =>
  restConnector([operation('a', 'GET', '/x', [`{ "name": "v", "location": "query", "type": "${type}"${format ? `, "format": "${format}"` : ''}, "default": ${value} }`])]);

ruleTable(defaultMismatch, [
  { name: 'an integer default fits', text: doc('integer', '20') },
  { name: 'a date-time default fits', text: doc('string', '"2026-11-22T10:00:00Z"', 'date-time') },
  { name: 'a big int64 default written as a string fits', text: doc('integer', '"9223372036854775807"', 'int64') },
  { name: 'a string default on an integer fails', text: doc('integer', '"first"'), expect: [{ at: '"first"', message: /needs a whole number/ }] },
  { name: 'a fraction on an integer fails', text: doc('integer', '2.5'), expect: [{ at: '2.5' }] },
  { name: 'beyond 32 bits without int64 fails', text: doc('integer', '3000000000'), expect: [{ at: '3000000000', message: /32-bit range/ }] },
  { name: 'a non-date on date-time fails', text: doc('string', '"soon"', 'date-time'), expect: [{ at: '"soon"', message: /date and time/ }] },
  { name: 'a date that does not exist fails', text: doc('string', '"2024-02-30T00:00:00Z"', 'date-time'), expect: [{ at: '"2024-02-30T00:00:00Z"', message: /does not exist/ }] },
  { name: 'a float beyond 32 bits fails', text: doc('number', '3.4e39', 'float'), expect: [{ at: '3.4e39', message: /32-bit float/ }] },
  { name: 'an int64 default past 2^53 as a JSON number fails (it would lose digits)', text: doc('integer', '9007199254740993', 'int64'), expect: [{ at: '9007199254740993', message: /write it as a string/ }] },
  // A default is judged as written, as a supplied value is: a number JSON cannot hold is named by its own digits.
  { name: 'a number beyond the 64-bit range is named as written', text: doc('number', '1e400'), expect: [{ at: '1e400', message: /it is 1e400, beyond the range of a 64-bit number\.$/ }] },
  { name: 'a negative one too', text: doc('number', '-1e400'), expect: [{ at: '-1e400', message: /it is -1e400, beyond the range/ }] },
  { name: 'an integer beyond any range is outside it', text: doc('integer', '1e400', 'int64'), expect: [{ at: '1e400', message: /outside the 64-bit range/ }] },
  { name: 'a number too small for 64 bits would be sent as 0', text: doc('number', '1e-400'), expect: [{ at: '1e-400', message: /it is 1e-400, too small for a 64-bit number \(it would be sent as 0\)/ }] },
  { name: 'a float default is named as written, not as JavaScript writes it', text: doc('number', '1e39', 'float'), expect: [{ at: '1e39', message: /it is 1e39, beyond the range of a 32-bit float/ }] },
  { name: 'an exact decimal that a 64-bit number holds fits', text: doc('number', '0.1000000000000000055511151231257827') },
  { name: 'a big int64 in exponent form is shown with every digit in the string to write', text: doc('integer', '9.007199254740993e15', 'int64'), expect: [{ at: '9.007199254740993e15', message: /write it as a string, e\.g\. "9007199254740993"\.$/ }] },
  { name: 'a string on a boolean fails', text: doc('boolean', '"yes"'), expect: [{ at: '"yes"' }] },
  { name: 'an array takes no default', text: restConnector([operation('a', 'GET', '/x', ['{ "name": "v", "location": "query", "type": "array", "items": { "type": "string" }, "default": [] }'])]), expect: [{ at: '[]', message: /takes no default/ }] },
]);

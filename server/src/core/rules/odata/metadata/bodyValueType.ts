import type { CustomRequestRule } from '../../types';
import { eachBodyProblem } from './bodyAnalysis';

/** Body values must have the JSON type and form their Edm type takes. */
export const bodyValueType: CustomRequestRule<'baseUrl'> = {
  id: 'body-value-type',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'A value in the body of a create, update or replace that does not fit its property: the wrong JSON type (a string for an Edm.Int32), an enumeration member that does not exist, a date, time, GUID or decimal in the wrong form, a number out of range, or null for a property that is not nullable. `{{variables}}` stand for any value.',
    why: 'The service refuses the request (400) when the workflow runs; OData JSON writes each Edm type one way.',
  },
  check(request, context) {
    eachBodyProblem(request, context, ['value-type']);
  },
};

import type { CustomRequestRule } from '../../types';
import { eachBodyProblem } from './bodyAnalysis';

/** A body may only name properties the entity (or complex) type has, unless the type is open. */
export const unknownBodyProperty: CustomRequestRule<'baseUrl'> = {
  id: 'unknown-body-property',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'A property in the body of a create, update or replace that the entity type does not have (or an `@odata.bind` for a navigation property it does not have). Open types take any property.',
    why: 'The service refuses the whole request (400) when the workflow runs, or drops the value without a word.',
    fix: 'Changes the name to the closest property of the type.',
  },
  check(request, context) {
    eachBodyProblem(request, context, ['unknown-property']);
  },
};

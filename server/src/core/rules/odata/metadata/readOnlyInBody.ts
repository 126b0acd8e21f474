import type { CustomRequestRule } from '../../types';
import { eachBodyProblem } from './bodyAnalysis';

/** Computed, read-only and (in an update) immutable properties do not belong in a body. */
export const readOnlyInBody: CustomRequestRule<'baseUrl'> = {
  id: 'read-only-in-body',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'warning',
  docs: {
    summary: 'A property the service sets itself in a body: `Core.Computed`, `Core.Permissions` Read, or `Core.Immutable` in an update or replace.',
    why: 'The service ignores such a value or refuses the request, so what the body says is not what the entity gets.',
  },
  check(request, context) {
    eachBodyProblem(request, context, ['read-only']);
  },
};

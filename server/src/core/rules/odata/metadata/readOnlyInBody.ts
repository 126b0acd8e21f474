import type { ODataRule } from '../../types';
import { eachBodyProblem } from './bodyAnalysis';

/** Computed, read-only and (in an update) immutable properties do not belong in a body. */
export const readOnlyInBody: ODataRule = {
  id: 'read-only-in-body',
  appliesTo: 'odata',
  defaultSeverity: 'warning',
  docs: {
    summary: 'A property the service sets itself in a body: `Core.Computed`, `Core.Permissions` Read, or `Core.Immutable` in an update or replace.',
    why: 'The service ignores such a value or refuses the request, so what the body says is not what the entity gets.',
  },
  check(connector, context) {
    eachBodyProblem(connector, context, ['read-only']);
  },
};

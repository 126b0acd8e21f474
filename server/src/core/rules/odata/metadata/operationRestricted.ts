import { restrictionProblem } from '../../../metadata/targetChecks';
import { isOneOf, ODATA_OPERATIONS } from '../../../vocabulary';
import type { CustomRequestRule } from '../../types';
import { analyzed } from './shared';

/** Kinds the service forbids on an entity set (Capabilities restrictions) fail when sent. */
export const operationRestricted: CustomRequestRule<'baseUrl'> = {
  id: 'operation-restricted',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A create, update, replace or delete that the service's metadata forbids on the entity set: `Capabilities.InsertRestrictions`, `UpdateRestrictions` or `DeleteRestrictions` with `Insertable`, `Updatable` or `Deletable` false.",
    why: 'The service refuses the request when the workflow runs (403 or 405).',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const kind = request.operation;
    if (!analysis.target || !kind || !isOneOf(ODATA_OPERATIONS, kind.value)) return;
    const message = restrictionProblem(kind.value, analysis.target);
    if (message) context.report({ at: kind.node, message });
  },
};

import { restrictionProblem } from '../../../metadata/targetChecks';
import { isOneOf, ODATA_OPERATIONS } from '../../../vocabulary';
import type { ODataRule } from '../../types';
import { eachAnalyzed } from './shared';

/** Kinds the service forbids on an entity set (Capabilities restrictions) fail when sent. */
export const operationRestricted: ODataRule = {
  id: 'operation-restricted',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: "A create, update, replace or delete that the service's metadata forbids on the entity set: `Capabilities.InsertRestrictions`, `UpdateRestrictions` or `DeleteRestrictions` with `Insertable`, `Updatable` or `Deletable` false.",
    why: 'The service refuses the request when the workflow runs (403 or 405).',
  },
  check(connector, context) {
    eachAnalyzed(connector, context, (request, analysis) => {
      const kind = request.operation;
      if (!analysis.target || !kind || !isOneOf(ODATA_OPERATIONS, kind.value)) return;
      const message = restrictionProblem(kind.value, analysis.target);
      if (message) context.report({ at: kind.node, message });
    });
  },
};

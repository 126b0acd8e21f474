import { replaceStringEdit } from '../../../edits';
import { operationKindProblem } from '../../../metadata/targetChecks';
import { isOneOf, ODATA_OPERATIONS } from '../../../vocabulary';
import type { CustomRequestRule } from '../../types';
import { analyzed } from './shared';

/** The operation kind must fit what the url addresses. */
export const operationKind: CustomRequestRule<'baseUrl'> = {
  id: 'operation-kind',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'An `operation` kind that does not fit what the `url` addresses: create on one entity (it needs a collection), update, replace or delete on a collection, an action that is not POSTed as `action`, a function that is not called as `function`.',
    why: 'Each operation kind sends one HTTP method; the service refuses a method its resource does not take (405), or does something else than meant.',
    fix: 'Sets the operation kind the url calls for (action or function).',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const kind = request.operation;
    if (!analysis.target || !kind || !isOneOf(ODATA_OPERATIONS, kind.value)) return;
    const problem = operationKindProblem(kind.value, analysis.target);
    if (!problem) return;
    context.report({
      at: kind.node,
      message: problem.message,
      ...(problem.better ? { fixes: [{ title: `Set "operation": "${problem.better}"`, edits: [replaceStringEdit(kind.node, problem.better)], preferred: true }] } : {}),
    });
  },
};

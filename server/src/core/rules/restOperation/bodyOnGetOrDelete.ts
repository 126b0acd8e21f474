import { locationAnchor, operationName, quoted } from '../restShared';
import type { ParameterRule } from '../types';
import { isOneOf, METHODS_WITH_BODY } from '../../vocabulary';

/** Body parameters only on POST, PUT and PATCH. */
export const bodyOnGetOrDelete: ParameterRule = {
  id: 'body-on-get-or-delete',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `body` parameter on a GET or DELETE operation.',
    why: 'The platform sends a body parameter only with POST, PUT and PATCH.',
  },
  check(parameter, { operation, report }) {
    const method = operation.method?.value;
    if (!method || isOneOf(METHODS_WITH_BODY, method) || parameter.location?.value !== 'body') return;
    report({
      at: locationAnchor(parameter),
      message: `Operation ${quoted(operationName(operation))} is ${method}, which sends no body. Use POST, PUT or PATCH, or send the value as query parameters.`,
    });
  },
};

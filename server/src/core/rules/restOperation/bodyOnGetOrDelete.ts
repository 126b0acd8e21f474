import { locationAnchor, operationName, parametersIn, quoted } from '../restShared';
import type { RestRule } from '../types';

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH'];

/** Body parameters only on POST, PUT and PATCH. */
export const bodyOnGetOrDelete: RestRule = {
  id: 'body-on-get-or-delete',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `body` parameter on a GET or DELETE operation.',
    why: 'The platform sends a body parameter only with POST, PUT and PATCH.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const method = operation.method?.value;
      if (!method || METHODS_WITH_BODY.includes(method)) continue;
      for (const parameter of parametersIn(operation, 'body')) {
        context.report({
          at: locationAnchor(parameter),
          message: `Operation ${quoted(operationName(operation))} is ${method}, which sends no body. Use POST, PUT or PATCH, or send the value as query parameters.`,
        });
      }
    }
  },
};

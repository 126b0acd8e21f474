import { locationAnchor, operationName, parameterName, parametersIn, quoted } from '../restShared';
import type { RestRule } from '../types';

/** At most one body parameter per operation. */
export const multipleBodyParameters: RestRule = {
  id: 'multiple-body-parameters',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'An operation with more than one parameter in location `body` (each one after the first is reported).',
    why: 'A request has one body, so the platform allows at most one body parameter per operation.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const [first, ...others] = parametersIn(operation, 'body');
      if (!first) continue;
      for (const parameter of others) {
        context.report({
          at: locationAnchor(parameter),
          message: `Operation ${quoted(operationName(operation))} already has body parameter ${quoted(parameterName(first))}; an operation has at most one. Put both values in one object body (a model), or move ${quoted(parameterName(parameter))} to another location.`,
        });
      }
    }
  },
};

import { locationAnchor, operationName, parameterName, quoted } from '../restShared';
import type { OperationRule } from '../types';

/** At most one body parameter per operation. */
export const multipleBodyParameters: OperationRule = {
  id: 'multiple-body-parameters',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'An operation with more than one parameter in location `body` (each one after the first is reported).',
    why: 'A request has one body, so the platform allows at most one body parameter per operation.',
  },
  check(operation, { facts, report }) {
    const [first, ...others] = facts.in('body');
    if (!first) return;
    for (const parameter of others) {
      report({
        at: locationAnchor(parameter),
        message: `Operation ${quoted(operationName(operation))} already has body parameter ${quoted(parameterName(first))}; an operation has at most one. Put both values in one object body (a model), or move ${quoted(parameterName(parameter))} to another location.`,
      });
    }
  },
};

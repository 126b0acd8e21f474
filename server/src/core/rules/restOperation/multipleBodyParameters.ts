import { locationAnchor, operationName, parameterName, quoted } from '../restShared';
import type { RestParameter } from '../../model';
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
    const inBody = facts.in('body');
    const first = inBody[0];
    if (!first) return;
    for (let i = 1; i < inBody.length; i++) {
      const parameter = inBody[i] as RestParameter;
      report({
        at: locationAnchor(parameter),
        message: `Operation ${quoted(operationName(operation))} already has body parameter ${quoted(parameterName(first))}; an operation has at most one. Put both values in one object body (a model), or move ${quoted(parameterName(parameter))} to another location.`,
      });
    }
  },
};

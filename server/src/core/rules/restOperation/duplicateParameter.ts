import type { Field, RestOperation, RestParameter } from '../../model';
import { PAIRWISE_MAX } from '../../pairwise';
import { operationName, quoted } from '../restShared';
import type { OperationContext, OperationRule } from '../types';

/** A name may appear once per location (header names compare case-insensitively, as HTTP does). */
export const duplicateParameter: OperationRule = {
  id: 'duplicate-parameter',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'Two parameters of one operation with the same name and location (the later ones are reported).',
    why: 'A parameter is identified by its name within its location; the workflow supplies one value per name, so a second parameter with that name can never be set.',
  },
  check(operation, context) {
    const parameters = operation.parameters;
    if (parameters.length < 2) return;
    if (parameters.length <= PAIRWISE_MAX) {
      for (let i = 1; i < parameters.length; i++) {
        const parameter = parameters[i] as RestParameter;
        const name = parameter.name;
        const location = parameter.location?.value;
        if (!name || !location) continue;
        for (let j = 0; j < i; j++) {
          const earlier = parameters[j] as RestParameter;
          if (earlier.location?.value !== location || !earlier.name || !sameName(location, earlier.name.value, name.value)) continue;
          reportRepeat(operation, name, location, context);
          break;
        }
      }
      return;
    }
    const seen = new Set<string>();
    for (let i = 0; i < parameters.length; i++) {
      const parameter = parameters[i] as RestParameter;
      const name = parameter.name;
      const location = parameter.location?.value;
      if (!name || !location) continue;
      const key = `${location}\u0000${location === 'header' ? name.value.toLowerCase() : name.value}`;
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      reportRepeat(operation, name, location, context);
    }
  },
};

/** Reports a parameter whose name and location an earlier parameter of the operation has. */
function reportRepeat(operation: RestOperation, name: Field<string>, location: string, context: Pick<OperationContext, 'report'>): void {
  context.report({
    at: name.node,
    message: `Operation ${quoted(operationName(operation))} already has a ${location} parameter ${quoted(name.value)}. Remove this one or rename it.`,
  });
}

/** Whether two names of parameters in one location are the same parameter (header names compare without case). */
function sameName(location: string, a: string, b: string): boolean {
  return a === b || (location === 'header' && a.toLowerCase() === b.toLowerCase());
}

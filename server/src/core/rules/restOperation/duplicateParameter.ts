import { operationName, quoted } from '../restShared';
import type { OperationRule } from '../types';

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
    if (operation.parameters.length < 2) return;
    const seen = new Set<string>();
    for (const parameter of operation.parameters) {
      const name = parameter.name;
      const location = parameter.location?.value;
      if (!name || !location) continue;
      const key = `${location}\u0000${location === 'header' ? name.value.toLowerCase() : name.value}`;
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      context.report({
        at: name.node,
        message: `Operation ${quoted(operationName(operation))} already has a ${location} parameter ${quoted(name.value)}. Remove this one or rename it.`,
      });
    }
  },
};

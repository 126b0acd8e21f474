import { removeMemberEdit } from '../../edits';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';
import { CONSTRAINT_TYPES } from './shared';

/** A constraint for another type never applies (maxLength on an integer). */
export const constraintTypeMismatch: ParameterRule = {
  id: 'constraint-type-mismatch',
  subject: 'parameter',
  defaultSeverity: 'warning',
  docs: {
    summary: 'A constraint that does not fit the parameter\'s type: length and pattern on non-strings, minimum and maximum on non-numbers, item counts on non-arrays.',
    why: "Constraints refine a value of the parameter's type, as in JSON Schema; a constraint for another type can never be met or checked.",
    fix: 'Removes the constraint.',
  },
  check(parameter, context) {
    const type = parameter.type?.value;
    if (!type) return;
    for (const { name, field } of parameter.constraints) {
      const fits = CONSTRAINT_TYPES[name] ?? [];
      if (fits.includes(type) || !field.keyNode.parent) continue;
      context.report({
        at: field.keyNode,
        message: `${quoted(name)} applies to ${fits.map(quoted).join(' and ')} parameters; ${quoted(parameterName(parameter))} is ${quoted(type)}. Remove it or use a constraint for ${quoted(type)}.`,
        fixes: [{ title: `Remove '${name}'`, edits: [removeMemberEdit(field.keyNode.parent)], preferred: true }],
      });
    }
  },
};

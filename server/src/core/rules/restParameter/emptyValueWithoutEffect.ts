import { removeMemberEdit } from '../../edits';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/**
 * `emptyValue` sends a bare name: for a boolean when it is true, for text (string, computed, array) when the
 * text is empty. A number is never empty, so there it does nothing.
 */
export const emptyValueWithoutEffect: ParameterRule = {
  id: 'empty-value-without-effect',
  subject: 'parameter',
  defaultSeverity: 'warning',
  docs: {
    summary: '`emptyValue` on an `integer` or `number` query parameter, whose value is never empty.',
    why: "An empty-value parameter is sent as a bare name ('?a=v&x&y'): a boolean is sent bare when true and left out when false; a string, computed or array parameter is sent bare when its text is empty and as name=value otherwise; a number always has a value, so the setting has no effect on it.",
    fix: 'Removes `emptyValue`.',
  },
  check(parameter, context) {
    const emptyValue = parameter.emptyValue;
    const type = parameter.type?.value;
    if (!emptyValue || parameter.location?.value !== 'query' || (type !== 'integer' && type !== 'number') || !emptyValue.keyNode.parent) return;
    context.report({
      at: emptyValue.keyNode,
      message: `'emptyValue' has no effect on ${quoted(parameterName(parameter))}: an ${type} is never empty, so it is always sent as name=value. Use type 'boolean' for a flag sent as a bare name, or remove 'emptyValue'.`,
      fixes: [{ title: "Remove 'emptyValue'", edits: [removeMemberEdit(emptyValue.keyNode.parent)], preferred: true }],
      tags: ['unnecessary'],
    });
  },
};

import { removeMemberEdit } from '../../edits';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** `emptyValue` sends a bare name in the query string; elsewhere it does nothing. */
export const emptyValueOutsideQuery: ParameterRule = {
  id: 'empty-value-outside-query',
  subject: 'parameter',
  defaultSeverity: 'warning',
  docs: {
    summary: '`emptyValue` on a parameter whose location is not `query`.',
    why: 'An empty value is sent as a bare name in the query string (?a=v&x&y); other locations have no such form.',
    fix: 'Removes `emptyValue`.',
  },
  check(parameter, context) {
    const emptyValue = parameter.emptyValue;
    const location = parameter.location?.value;
    if (!emptyValue || !location || location === 'query' || !emptyValue.keyNode.parent) return;
    context.report({
      at: emptyValue.keyNode,
      message: `'emptyValue' only works on query parameters; ${quoted(parameterName(parameter))} is a ${location} parameter, so it has no effect. Remove it.`,
      fixes: [{ title: "Remove 'emptyValue'", edits: [removeMemberEdit(emptyValue.keyNode.parent)], preferred: true }],
      tags: ['unnecessary'],
    });
  },
};

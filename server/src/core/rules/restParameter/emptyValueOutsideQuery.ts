import { removeMemberEdit } from '../../edits';
import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** `emptyValue` sends a bare name in the query string; elsewhere it does nothing. */
export const emptyValueOutsideQuery: RestRule = {
  id: 'empty-value-outside-query',
  appliesTo: 'rest',
  defaultSeverity: 'warning',
  docs: {
    summary: '`emptyValue` on a parameter whose location is not `query`.',
    why: 'An empty value is sent as a bare name in the query string (?a=v&x&y); other locations have no such form.',
    fix: 'Removes `emptyValue`.',
  },
  check(connector, context) {
    for (const { parameter } of eachParameter(connector)) {
      const emptyValue = parameter.emptyValue;
      const location = parameter.location?.value;
      if (!emptyValue || !location || location === 'query' || !emptyValue.keyNode.parent) continue;
      context.report({
        at: emptyValue.keyNode,
        message: `'emptyValue' only works on query parameters; ${quoted(parameterName(parameter))} is a ${location} parameter, so it has no effect. Remove it.`,
        fixes: [{ title: "Remove 'emptyValue'", edits: [removeMemberEdit(emptyValue.keyNode.parent)], preferred: true }],
        tags: ['unnecessary'],
      });
    }
  },
};

import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** uniqueItems is accepted and shown, but never checked. */
export const uniqueItemsDocumentationOnly: ParameterRule = {
  id: 'unique-items-documentation-only',
  subject: 'parameter',
  defaultSeverity: 'info',
  docs: {
    summary: '`uniqueItems` on a parameter: it documents intent but is never checked.',
    why: 'The platform does not check Unique items at run time today; it documents the intent only (a future release may enforce it).',
  },
  check(parameter, context) {
    if (!parameter.uniqueItems) return;
    context.report({
      at: parameter.uniqueItems.keyNode,
      message: `'uniqueItems' on ${quoted(parameterName(parameter))} is documentation only: duplicates are still sent. Check for them in the workflow if they matter.`,
    });
  },
};

import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** uniqueItems is accepted and shown, but never checked. */
export const uniqueItemsDocumentationOnly: RestRule = {
  id: 'unique-items-documentation-only',
  appliesTo: 'rest',
  defaultSeverity: 'info',
  docs: {
    summary: '`uniqueItems` on a parameter: it documents intent but is never checked.',
    why: 'The platform does not check Unique items at run time today; it documents the intent only (a future release may enforce it).',
  },
  check(connector, context) {
    for (const { parameter } of eachParameter(connector)) {
      if (!parameter.uniqueItems) continue;
      context.report({
        at: parameter.uniqueItems.keyNode,
        message: `'uniqueItems' on ${quoted(parameterName(parameter))} is documentation only: duplicates are still sent. Check for them in the workflow if they matter.`,
      });
    }
  },
};

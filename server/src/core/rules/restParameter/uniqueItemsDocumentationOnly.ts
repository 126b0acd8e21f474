import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** uniqueItems is accepted and shown, but never checked. */
export const uniqueItemsDocumentationOnly: RestRule = {
  id: 'unique-items-documentation-only',
  appliesTo: 'rest',
  defaultSeverity: 'info',
  docs: {
    summary: '`uniqueItems` on a parameter: it documents intent but is never checked.',
    why: "Seed, 'Parameter', Unique items (Array) and Versioning 2: documentation only; no runtime effect (it may gain one in a future release).",
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

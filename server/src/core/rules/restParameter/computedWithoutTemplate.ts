import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** A computed parameter is nothing but its template. */
export const computedWithoutTemplate: RestRule = {
  id: 'computed-without-template',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `computed` parameter without a `template`.',
    why: "A computed parameter's value is built from its template; without one it has no value to send.",
  },
  check(connector, context) {
    for (const { parameter } of eachParameter(connector)) {
      if (parameter.type?.value !== 'computed' || parameter.template) continue;
      context.report({
        at: parameter.type.node,
        message: `Computed parameter ${quoted(parameterName(parameter))} needs a 'template', e.g. "template": "{{firstName}} {{lastName}}".`,
      });
    }
  },
};

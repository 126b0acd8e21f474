import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** A computed parameter is nothing but its template. */
export const computedWithoutTemplate: ParameterRule = {
  id: 'computed-without-template',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `computed` parameter without a `template`.',
    why: "A computed parameter's value is built from its template; without one it has no value to send.",
  },
  check(parameter, context) {
    if (parameter.type?.value !== 'computed' || parameter.template) return;
    context.report({
      at: parameter.type.node,
      message: `Computed parameter ${quoted(parameterName(parameter))} needs a 'template', e.g. "template": "{{firstName}} {{lastName}}".`,
    });
  },
};

import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** Available options exist for arrays of strings only. */
export const optionsNotApplicable: ParameterRule = {
  id: 'options-not-applicable',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: '`options` on a parameter that is not an array of strings.',
    why: 'Available options are the platform\'s fixed list of allowed values for an array of strings (identified as c1, c2, c3, ... in the workflow step); on any other type they have no meaning.',
  },
  check(parameter, context) {
    const options = parameter.options;
    if (!options) return;
    const type = parameter.type?.value;
    if (type === 'array' && parameter.items?.type?.value === 'string') return;
    const what = type === 'array' ? `an array of ${quoted(parameter.items?.type?.value ?? '?')}` : quoted(type ?? '?');
    context.report({
      at: options.keyNode,
      message: `'options' apply to arrays of strings; ${quoted(parameterName(parameter))} is ${what}. Make it "type": "array" with "items": { "type": "string" }, or remove 'options'.`,
    });
  },
};

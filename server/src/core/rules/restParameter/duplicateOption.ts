import type { Node } from 'jsonc-parser';
import { removeMemberEdit } from '../../edits';
import { PAIRWISE_MAX } from '../../pairwise';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** Options are picked by position (c1, c2, ...); a repeated value is a second name for the same choice. */
export const duplicateOption: ParameterRule = {
  id: 'duplicate-option',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'The same value twice in a parameter\'s `options` (the later ones are reported).',
    why: 'Options are identified as c1, c2, c3, ... in list order; a repeated value gets two ids, and a workflow cannot tell them apart.',
    fix: 'Removes the repeated option.',
  },
  check(parameter, context) {
    const options = parameter.options;
    if (!options) return;
    const values = options.value;
    // A few options (nearly every list) are compared pairwise; many are looked up in a table, to stay linear.
    const seen = values.length > PAIRWISE_MAX ? new Map<string, number>() : undefined;
    // The values are the elements' values, in order; the element nodes are listed once (each listing makes them all).
    let elements: Node[] | undefined;
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      if (typeof value !== 'string') continue;
      const first = seen ? seen.get(value) : values.indexOf(value);
      if (first === undefined || first === index) {
        seen?.set(value, index);
        continue;
      }
      const element = (elements ??= options.elements)[index];
      if (!element) continue;
      context.report({
        at: element,
        message: `Option ${quoted(value)} of ${quoted(parameterName(parameter))} is already c${first + 1}; as c${index + 1} it is a duplicate. Remove it (later options move up one id).`,
        fixes: [{ title: `Remove the repeated '${value}'`, edits: [removeMemberEdit(element)], preferred: true }],
      });
    }
  },
};

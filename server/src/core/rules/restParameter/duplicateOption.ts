import type { Node } from 'jsonc-parser';
import { removeMemberEdit } from '../../edits';
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
    const seen = new Map<string, number>();
    // The values are the elements' values, in order; the element nodes are listed once (each listing makes them all).
    let elements: Node[] | undefined;
    options.value.forEach((value, index) => {
      if (typeof value !== 'string') return;
      const first = seen.get(value);
      if (first === undefined) {
        seen.set(value, index);
        return;
      }
      const element = (elements ??= options.elements)[index];
      if (!element) return;
      context.report({
        at: element,
        message: `Option ${quoted(value)} of ${quoted(parameterName(parameter))} is already c${first + 1}; as c${index + 1} it is a duplicate. Remove it (later options move up one id).`,
        fixes: [{ title: `Remove the repeated '${value}'`, edits: [removeMemberEdit(element)], preferred: true }],
      });
    });
  },
};

import { replaceValueEdit } from '../../edits';
import type { ItemsSpec } from '../../model';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** `multi` repeats a parameter per item, which a path segment cannot do. */
export const multiOnPath: ParameterRule = {
  id: 'multi-on-path',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'A path parameter array (or inner array) with `separation: "multi"`.',
    why: 'A path parameter has one place in the URL, so its array items cannot be repeated as separate parameters; the platform refuses the Multi separation on path parameters.',
    fix: 'Changes the separation to `csv`.',
  },
  check(parameter, context) {
    if (parameter.location?.value !== 'path') return;
    const separations = [parameter.separation];
    for (let items: ItemsSpec | undefined = parameter.items, depth = 0; items && depth < 32; items = items.items, depth++) separations.push(items.separation);
    for (const separation of separations) {
      if (separation?.value !== 'multi') continue;
      context.report({
        at: separation.node,
        message: `Path parameter ${quoted(parameterName(parameter))} cannot use 'multi' (a path segment cannot repeat). Use 'csv', 'ssv', 'tsv' or 'pipes'.`,
        fixes: [{ title: "Change to 'csv'", edits: [replaceValueEdit(separation.node, 'csv')], preferred: true }],
      });
    }
  },
};

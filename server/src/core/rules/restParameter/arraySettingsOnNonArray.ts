import { removeMemberEdit } from '../../edits';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** `separation` and `items` describe arrays; on anything else they do nothing. */
export const arraySettingsOnNonArray: ParameterRule = {
  id: 'array-settings-on-non-array',
  subject: 'parameter',
  defaultSeverity: 'warning',
  docs: {
    summary: '`separation` or `items` on a parameter whose type is not `array`.',
    why: "Item type and separation describe an array's items; on a parameter that is not an array they have no effect.",
    fix: 'Removes the setting.',
  },
  check(parameter, context) {
    const type = parameter.type?.value;
    if (!type || type === 'array') return;
    for (const keyNode of [parameter.separation?.keyNode, parameter.items?.keyNode]) {
      const property = keyNode?.parent;
      if (!keyNode || !property) continue;
      const setting = String(keyNode.value);
      context.report({
        at: keyNode,
        message: `${quoted(setting)} applies to arrays; ${quoted(parameterName(parameter))} is ${quoted(type)}, so it has no effect. Remove it, or make the type 'array'.`,
        fixes: [{ title: `Remove '${setting}'`, edits: [removeMemberEdit(property)], preferred: true }],
        tags: ['unnecessary'],
      });
    }
  },
};

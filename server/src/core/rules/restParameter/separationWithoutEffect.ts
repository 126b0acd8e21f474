import { removeMemberEdit } from '../../edits';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** A body array of objects is sent as JSON; a separation cannot apply. */
export const separationWithoutEffect: ParameterRule = {
  id: 'separation-without-effect',
  subject: 'parameter',
  defaultSeverity: 'warning',
  docs: {
    summary: '`separation` on a body array whose inner type is `object`.',
    why: 'Separation says how array items are joined into text; a body array of objects is sent as JSON or XML, so separation has no effect on it.',
    fix: 'Removes `separation`.',
  },
  check(parameter, context) {
    const separation = parameter.separation;
    if (!separation || parameter.location?.value !== 'body' || parameter.items?.type?.value !== 'object' || !separation.keyNode.parent) return;
    context.report({
      at: separation.keyNode,
      message: `Body array ${quoted(parameterName(parameter))} holds objects and is sent as a JSON array, so 'separation' has no effect. Remove it.`,
      fixes: [{ title: "Remove 'separation'", edits: [removeMemberEdit(separation.keyNode.parent)], preferred: true }],
      tags: ['unnecessary'],
    });
  },
};

import { removeMemberEdit } from '../../edits';
import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** A body array of objects is sent as JSON; a separation cannot apply. */
export const separationWithoutEffect: RestRule = {
  id: 'separation-without-effect',
  appliesTo: 'rest',
  defaultSeverity: 'warning',
  docs: {
    summary: '`separation` on a body array whose inner type is `object`.',
    why: 'Separation says how array items are joined into text; a body array of objects is sent as JSON or XML, so separation has no effect on it.',
    fix: 'Removes `separation`.',
  },
  check(connector, context) {
    for (const { parameter } of eachParameter(connector)) {
      const separation = parameter.separation;
      if (!separation?.keyNode.parent || parameter.location?.value !== 'body' || parameter.items?.type?.value !== 'object') continue;
      context.report({
        at: separation.keyNode,
        message: `Body array ${quoted(parameterName(parameter))} holds objects and is sent as a JSON array, so 'separation' has no effect. Remove it.`,
        fixes: [{ title: "Remove 'separation'", edits: [removeMemberEdit(separation.keyNode.parent)], preferred: true }],
        tags: ['unnecessary'],
      });
    }
  },
};

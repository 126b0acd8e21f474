import { removeMemberEdit } from '../../edits';
import { isOneOf, PARAMETER_TYPES, TYPES_WITH_REQUIRED } from '../../vocabulary';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** The platform offers Required on some types only. */
export const requiredNotApplicable: ParameterRule = {
  id: 'required-not-applicable',
  subject: 'parameter',
  defaultSeverity: 'warning',
  docs: {
    summary: '`required` on a `fileGallery` or `computed` parameter, where the platform does not offer it.',
    why: 'The platform offers Required for strings, integers, numbers, booleans, objects, files, streams and arrays; on other types it has no meaning.',
    fix: 'Removes `required`.',
  },
  check(parameter, context) {
    const type = parameter.type?.value;
    const required = parameter.required;
    if (!required || !isOneOf(PARAMETER_TYPES, type) || TYPES_WITH_REQUIRED.includes(type) || !required.keyNode.parent) return;
    context.report({
      at: required.keyNode,
      message: `'required' is not available on ${quoted(type)} parameters (${quoted(parameterName(parameter))}); it has no effect. Remove it.`,
      fixes: [{ title: "Remove 'required'", edits: [removeMemberEdit(required.keyNode.parent)], preferred: true }],
      tags: ['unnecessary'],
    });
  },
};

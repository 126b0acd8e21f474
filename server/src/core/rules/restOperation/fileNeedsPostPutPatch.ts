import { operationName, parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';
import { isOneOf, METHODS_WITH_BODY } from '../../vocabulary';

/** Files are uploaded only with POST, PUT or PATCH. */
export const fileNeedsPostPutPatch: ParameterRule = {
  id: 'file-needs-post-put-patch',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `file` or `fileGallery` parameter on an operation whose method is not POST, PUT or PATCH.',
    why: 'The platform uploads File and FileGallery parameters only in a multipart/form-data body, which is sent only with POST, PUT or PATCH.',
  },
  check(parameter, { operation, report }) {
    const method = operation.method?.value;
    const type = parameter.type;
    if (!method || isOneOf(METHODS_WITH_BODY, method) || (type?.value !== 'file' && type?.value !== 'fileGallery')) return;
    report({
      at: type.node,
      message: `${quoted(type.value)} parameter ${quoted(parameterName(parameter))} needs POST, PUT or PATCH, but operation ${quoted(operationName(operation))} is ${method}. Change the method.`,
    });
  },
};

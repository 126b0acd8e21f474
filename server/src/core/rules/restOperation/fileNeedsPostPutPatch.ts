import { operationName, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

const UPLOAD_METHODS = ['POST', 'PUT', 'PATCH'];

/** Files are uploaded only with POST, PUT or PATCH. */
export const fileNeedsPostPutPatch: RestRule = {
  id: 'file-needs-post-put-patch',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `file` or `fileGallery` parameter on an operation whose method is not POST, PUT or PATCH.',
    why: 'The platform uploads File and FileGallery parameters only in a multipart/form-data body, which is sent only with POST, PUT or PATCH.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const method = operation.method?.value;
      if (!method || UPLOAD_METHODS.includes(method)) continue;
      for (const parameter of operation.parameters) {
        const type = parameter.type;
        if (type?.value !== 'file' && type?.value !== 'fileGallery') continue;
        context.report({
          at: type.node,
          message: `${quoted(type.value)} parameter ${quoted(parameterName(parameter))} needs POST, PUT or PATCH, but operation ${quoted(operationName(operation))} is ${method}. Change the method.`,
        });
      }
    }
  },
};

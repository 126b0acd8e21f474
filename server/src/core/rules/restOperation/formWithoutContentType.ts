import { contentTypeOf, locationAnchor, operationName, parametersIn, quoted, setHeaderEdits } from '../restShared';
import type { RestRule } from '../types';
import { allowedFormContentTypes } from './formContentType';

/** Form parameters need a Content-Type header. */
export const formWithoutContentType: RestRule = {
  id: 'form-without-content-type',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'An operation with `form` parameters and no `Content-Type` header.',
    why: 'The platform encodes form parameters according to the Content-Type header and refuses to create a connector whose form parameters have none.',
    fix: 'Adds `Content-Type: multipart/form-data` when a file is sent, else `application/x-www-form-urlencoded`.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const form = parametersIn(operation, 'form')[0];
      if (!form || contentTypeOf(operation).entry) continue;
      const [value = ''] = allowedFormContentTypes(operation);
      const edits = setHeaderEdits(context.text, operation, 'Content-Type', value);
      context.report({
        at: locationAnchor(form),
        message: `Operation ${quoted(operationName(operation))} has form parameters but no 'Content-Type' header. Add "Content-Type": "${value}" to its headers.`,
        fixes: [{ title: `Add 'Content-Type: ${value}'`, edits, preferred: true }],
      });
    }
  },
};

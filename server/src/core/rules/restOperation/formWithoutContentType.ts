import { locationAnchor, operationName, quoted, setHeaderEdits } from '../restShared';
import type { OperationRule } from '../types';
import { allowedFormContentTypes } from './formContentType';

/** Form parameters need a Content-Type header. */
export const formWithoutContentType: OperationRule = {
  id: 'form-without-content-type',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'An operation with `form` parameters and no `Content-Type` header.',
    why: 'The platform encodes form parameters according to the Content-Type header and refuses to create a connector whose form parameters have none.',
    fix: 'Adds `Content-Type: multipart/form-data` when a file is sent, else `application/x-www-form-urlencoded`.',
  },
  check(operation, context) {
    const { facts, report } = context;
    const form = facts.in('form')[0];
    if (!form || facts.contentType.entry) return;
    const [value = ''] = allowedFormContentTypes(facts);
    const edits = setHeaderEdits(context, operation, 'Content-Type', value);
    report({
      at: locationAnchor(form),
      message: `Operation ${quoted(operationName(operation))} has form parameters but no 'Content-Type' header. Add "Content-Type": "${value}" to its headers.`,
      fixes: [{ title: `Add 'Content-Type: ${value}'`, edits, preferred: true }],
    });
  },
};

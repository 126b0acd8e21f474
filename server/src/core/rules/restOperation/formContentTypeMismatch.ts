import { replaceValueEdit } from '../../edits';
import { operationName, quoted } from '../restShared';
import type { OperationRule } from '../types';
import { allowedFormContentTypes } from './formContentType';

/** The Content-Type must fit the form: urlencoded on GET, multipart for files. */
export const formContentTypeMismatch: OperationRule = {
  id: 'form-content-type-mismatch',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'A form operation whose `Content-Type` does not fit: GET needs `application/x-www-form-urlencoded`; file and fileGallery need `multipart/form-data`.',
    why: 'Form parameters are sent URL-encoded with GET, URL-encoded or multipart with POST, and binary data only as multipart/form-data; any other Content-Type does not describe what is sent.',
    fix: 'Sets the header to the Content-Type the form needs.',
  },
  check(operation, { facts, report }) {
    if (facts.in('form').length === 0) return;
    const { entry, media } = facts.contentType;
    if (!entry?.valueNode || media === undefined) return;
    const allowed = allowedFormContentTypes(facts);
    if (allowed.includes(media)) return;
    const [wanted = ''] = allowed;
    const reason = facts.hasBinaryForm
      ? 'it sends a file, which needs multipart/form-data'
      : operation.method?.value === 'GET'
        ? 'form parameters on GET are sent as application/x-www-form-urlencoded'
        : 'form parameters are sent as application/x-www-form-urlencoded or multipart/form-data';
    report({
      at: entry.valueNode,
      message: `Operation ${quoted(operationName(operation))} has Content-Type ${quoted(entry.value ?? '')}, but ${reason}. Set it to ${quoted(wanted)}.`,
      fixes: [{ title: `Change to '${wanted}'`, edits: [replaceValueEdit(entry.valueNode, wanted)], preferred: true }],
    });
  },
};

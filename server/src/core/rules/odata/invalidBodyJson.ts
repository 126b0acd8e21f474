import { sourceOffsetInString } from '../../tree';
import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { firstJsonError } from '../../request/bodyTemplate';
import { requestName } from './shared';

/** The body must be JSON once its variables are replaced as text. */
export const invalidBodyJson: CustomRequestRule = {
  id: 'invalid-body-json',
  subject: 'customRequest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A Custom request `body` that is not valid JSON once its `{{variables}}` are filled in, pointing at the place inside the string.',
    why: "A Custom request body is JSON only; variables are replaced as text before sending, so a string value needs quotation marks, either in the variable's value or around the placeholder in the body.",
  },
  check(request, context) {
    if (request.body?.kind !== 'text') return;
    const field = request.body.field;
    if (field.value.trim() === '') {
      context.report({ at: field.node, message: `The body of ${quoted(requestName(request))} is empty. Write the JSON to send, e.g. "{ \\"Status\\": \\"{{status}}\\" }", or remove 'body'.` });
      return;
    }
    const error = firstJsonError(field.value);
    if (!error) return;
    const start = sourceOffsetInString(context.text, field.node, error.index);
    const end = Math.min(sourceOffsetInString(context.text, field.node, error.index + 1), field.node.offset + field.node.length - 1);
    context.report({
      at: { offset: start, length: Math.max(1, end - start) },
      message: error.tooDeep
        ? `The body of ${quoted(requestName(request))} has ${error.problem} here; a request body is never nested this deep, so it is neither checked nor sent.`
        : `The body of ${quoted(requestName(request))} is not valid JSON once its variables are filled in (${error.problem} here). Variables are replaced as text: a string needs quotation marks, either around the placeholder ("\\"name\\": \\"{{name}}\\"") or in the variable's value.`,
    });
  },
};

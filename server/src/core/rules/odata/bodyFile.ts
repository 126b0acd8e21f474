import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { firstJsonError } from '../../request/bodyTemplate';
import { requestName } from './shared';

/** A body file must exist inside the workspace and be JSON once its variables are filled in. */
export const bodyFile: CustomRequestRule = {
  id: 'body-file',
  subject: 'customRequest',
  readsBodyFiles: true,
  defaultSeverity: 'error',
  docs: {
    summary: 'A Custom request `body: { "file": ... }` whose file is missing, outside the workspace, or not JSON once its `{{variables}}` are filled in.',
    why: 'A Custom request body is JSON only, with variables replaced as text before sending; a body file is read when the request is sent, so a missing or broken one would only fail then.',
  },
  check(request, context) {
    const read = context.readBodyFile;
    if (!read) return;
    const file = request.body?.kind === 'file' ? request.body.file : undefined;
    if (!file) return;
    const outcome = read(file.value);
    if (!outcome.ok) {
      context.report({ at: file.node, message: `The body file of ${quoted(requestName(request))} cannot be used: ${outcome.message}` });
      return;
    }
    const error = firstJsonError(outcome.text);
    if (error) {
      const line = outcome.text.slice(0, error.index).split('\n').length;
      const column = error.index - outcome.text.lastIndexOf('\n', error.index - 1);
      context.report({
        at: file.node,
        message: error.tooDeep
          ? `The body file ${JSON.stringify(file.value)} has ${error.problem} at line ${line}, column ${column}; a request body is never nested this deep, so it is neither checked nor sent.`
          : `The body file ${JSON.stringify(file.value)} is not valid JSON once its variables are filled in (${error.problem} at line ${line}, column ${column}). A string variable needs quotation marks around the placeholder or in its value.`,
      });
    }
  },
};

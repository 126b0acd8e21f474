import { removeMemberEdit } from '../../edits';
import { isOneOf, ODATA_OPERATIONS, ODATA_OPERATIONS_WITH_BODY } from '../../vocabulary';
import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { requestName } from './shared';

/** Reads, deletes and functions send no body. */
export const bodyNotSent: CustomRequestRule = {
  id: 'body-not-sent',
  subject: 'customRequest',
  defaultSeverity: 'warning',
  docs: {
    summary: 'A `body` on a Custom request whose operation kind sends none (read, delete, function).',
    why: 'A Custom request sends a JSON body only for the kinds that carry one; read, delete and function requests send none, so a body there is ignored.',
    fix: 'Removes the body.',
  },
  check(request, context) {
    const body = request.body;
    const operation = request.operation?.value;
    if (!body || !isOneOf(ODATA_OPERATIONS, operation) || ODATA_OPERATIONS_WITH_BODY.includes(operation)) return;
    const keyNode = body.kind === 'text' ? body.field.keyNode : body.keyNode;
    if (!keyNode.parent) return;
    context.report({
      at: keyNode,
      message: `${quoted(requestName(request))} is a ${quoted(operation)} operation, which sends no body; this body is ignored. Remove it, or choose create, update, replace or action.`,
      fixes: [{ title: "Remove 'body'", edits: [removeMemberEdit(keyNode.parent)] }],
      tags: ['unnecessary'],
    });
  },
};

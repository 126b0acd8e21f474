import { quoted } from '../restShared';
import type { RestRule } from '../types';

/** Operation ids name operations in commands and on the command line, so they are unique. */
export const duplicateOperationId: RestRule = {
  id: 'duplicate-operation-id',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  scope: 'connector',
  docs: {
    summary: 'Two operations with the same `id` (the later ones are reported).',
    why: "An operation's id names it everywhere: in workflows, in commands and on the command line. Two operations with one id cannot be told apart.",
  },
  check(connector, context) {
    const seen = new Set<string>();
    for (const operation of connector.operations) {
      const id = operation.id;
      if (!id) continue;
      if (!seen.has(id.value)) {
        seen.add(id.value);
        continue;
      }
      context.report({ at: id.node, message: `Another operation already has the id ${quoted(id.value)}. Give this one a different id.` });
    }
  },
};

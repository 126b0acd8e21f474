import { reportRepeatedIds } from '../restShared';
import type { RestRule } from '../types';

/** Operation ids name operations in commands and on the command line, so they are unique. */
export const duplicateOperationId: RestRule = {
  id: 'duplicate-operation-id',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  scope: 'connector',
  docs: {
    summary: 'Two operations with the same `id` (the later ones are reported).',
    why: "Format contract, 'REST operation': id is unique in the file; it is how commands and the command line name the operation.",
  },
  check(connector, context) {
    reportRepeatedIds(connector.operations.map((item) => item.id), 'operation', (at, message) => context.report({ at, message }));
  },
};

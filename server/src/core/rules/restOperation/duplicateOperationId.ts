import { reportRepeatedIds } from '../restShared';
import type { ConnectorRule } from '../types';

/** Operation ids name operations in commands and on the command line, so they are unique. */
export const duplicateOperationId: ConnectorRule = {
  id: 'duplicate-operation-id',
  subject: 'connector',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'Two operations with the same `id` (the later ones are reported).',
    why: "An operation's id names it everywhere: in workflows, in commands and on the command line. Two operations with one id cannot be told apart.",
  },
  check(connector, context) {
    reportRepeatedIds(connector.operations.map((item) => item.id), 'operation', (at, message) => context.report({ at, message }));
  },
};

import { reportRepeatedIds } from '../restShared';
import type { ConnectorRule } from '../types';

/** Custom request ids name them in commands, values files and on the command line, so they are unique. */
export const duplicateCustomRequestId: ConnectorRule = {
  id: 'duplicate-custom-request-id',
  subject: 'connector',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: 'Two Custom requests with the same `id` (the later ones are reported).',
    why: "A Custom request's id names it everywhere: in workflows, commands, values files and on the command line. Two requests with one id cannot be told apart.",
  },
  check(connector, context) {
    reportRepeatedIds(connector.customRequests.map((item) => item.id), 'Custom request', (at, message) => context.report({ at, message }));
  },
};

import { closeMatches, listedNames, suggestionBudget } from '../../closeMatches';
import { ODATA_BATCH } from '../../vocabulary';
import type { ConnectorRule } from '../types';
import { batchesOf, itemTarget, type Batch } from './batchShared';

/** A batch item names a Custom request of the same file, and not a batch. */
export const batchUnknownRequest: ConnectorRule = {
  id: 'batch-unknown-request',
  subject: 'connector',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: "A batch item's `request` names no Custom request of the file, or names a batch.",
    why: 'A batch sends Custom requests of its own file, each built from its definition; an id that names none cannot be sent, and a batch cannot hold another batch.',
    fix: 'Changes the id to the closest Custom request id, when one is close.',
  },
  check(connector, context) {
    // The ids a finding suggests from, and those of the batches, listed only when an item names none of them.
    let known: string[] | undefined;
    let batchIds: Set<string | undefined> | undefined;
    const budget = suggestionBudget();
    const batches = batchesOf(connector);
    for (let b = 0; b < batches.length; b++) {
      const { batch, items } = batches[b] as Batch;
      for (const item of items) {
        const request = item.request;
        if (!request || itemTarget(connector, item)) continue;
        const ids = (known ??= connector.customRequests.filter((r) => r.operation?.value !== ODATA_BATCH).map((r) => r.id?.value).filter((id): id is string => id !== undefined));
        const isBatch = (batchIds ??= new Set(batchesOf(connector).map(({ batch }) => batch.id?.value))).has(request.value);
        const [close] = closeMatches(request.value, ids, 1, budget);
        const what = isBatch ? `names the batch '${request.value}'; a batch holds Custom requests, not batches.` : `names '${request.value}', which is no Custom request of this file.`;
        context.report({
          at: request.node,
          message: `Item ${item.index + 1} of batch '${batch.id?.value ?? ''}' ${what}${close ? ` Did you mean '${close}'?` : ids.length ? ` Known: ${listedNames(ids, (id) => `'${id}'`)}.` : ''}`,
          ...(close ? { fixes: [{ title: `Change to '${close}'`, edits: [{ offset: request.node.offset, length: request.node.length, content: JSON.stringify(close) }], preferred: true }] } : {}),
        });
      }
    }
  },
};

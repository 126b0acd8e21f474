import { removeMemberEdit } from '../../edits';
import { isOneOf, ODATA_READ_OPERATIONS } from '../../vocabulary';
import type { ConnectorRule } from '../types';
import { batchesOf, itemTarget, type Batch } from './batchShared';

/** A change set holds changes only: OData refuses a read or a function inside one. */
export const batchReadInChangeSet: ConnectorRule = {
  id: 'batch-read-in-change-set',
  subject: 'connector',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: 'A batch item with a `changeSet` names a read or function Custom request.',
    why: 'An OData change set is a unit of changes that succeed or fail together; GET requests (read, function) may not be part of one, and services refuse the whole batch.',
    fix: "Removes the item's `changeSet`, so the read is sent on its own in the batch.",
  },
  check(connector, context) {
    const batches = batchesOf(connector);
    for (let b = 0; b < batches.length; b++) {
      const { batch, items } = batches[b] as Batch;
      for (const item of items) {
        const target = itemTarget(connector, item);
        const kind = target?.operation?.value;
        if (!item.changeSet || !isOneOf(ODATA_READ_OPERATIONS, kind)) continue;
        const member = item.changeSet.keyNode.parent;
        context.report({
          at: item.changeSet.node,
          message: `Item ${item.index + 1} of batch '${batch.id?.value ?? ''}' is '${target?.id?.value ?? ''}', a '${kind}' (GET), in change set '${item.changeSet.value}'; a change set holds only changes (create, update, replace, delete, action). Remove 'changeSet' from this item.`,
          ...(member ? { fixes: [{ title: "Remove 'changeSet'", edits: [removeMemberEdit(member)], preferred: true }] } : {}),
        });
      }
    }
  },
};

import type { ConnectorRule } from '../types';
import { batchesOf, type Batch } from './batchShared';

/** `$n` names the result of an earlier item: OData resolves it only from results already there. */
export const batchForwardReference: ConnectorRule = {
  id: 'batch-forward-reference',
  subject: 'connector',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: "A batch item's value `$n` refers to the item itself, a later item, or one the batch does not have.",
    why: "In a batch, `$n` (in a url or If-Match) stands for item n's result, which the service knows only once item n has run; a reference to the item itself or a later one cannot be resolved, and the service refuses it.",
  },
  check(connector, context) {
    const batches = batchesOf(connector);
    for (let b = 0; b < batches.length; b++) {
      const { batch, items } = batches[b] as Batch;
      for (const item of items) {
        const position = item.index + 1;
        for (const property of item.values?.node.children ?? []) {
          const [key, value] = property.children ?? [];
          if (!key || !value || typeof value.value !== 'string') continue;
          const found = /^\$(\d+)(?=[/?(]|$)/.exec(value.value);
          if (!found) continue;
          const n = Number(found[1]);
          if (n >= 1 && n < position) continue;
          const what = n === position ? 'this item itself' : n > items.length || n < 1 ? `item ${n}, which the batch does not have` : `item ${n}, which comes later`;
          context.report({
            at: value,
            message: `'${String(key.value)}' of item ${position} in batch '${batch.id?.value ?? ''}' refers with '$${n}' to ${what}; '$n' may only name an earlier item${position > 1 ? ` (1 to ${position - 1})` : ', and this is the first'}. Move the item after the one it refers to.`,
          });
        }
      }
    }
  },
};

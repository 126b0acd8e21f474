import type { BatchItem, CustomRequest, ODataConnector } from '../../model';
import { ODATA_BATCH } from '../../vocabulary';

/** Each batch of the file with its items, for the rules about batches. */
export function batchesOf(connector: ODataConnector): { batch: CustomRequest; items: BatchItem[] }[] {
  return connector.customRequests.filter((r) => r.operation?.value === ODATA_BATCH).map((batch) => ({ batch, items: batch.requests ?? [] }));
}

/** The Custom request an item names, when there is one that is not a batch. */
export function itemTarget(connector: ODataConnector, item: BatchItem): CustomRequest | undefined {
  const id = item.request?.value;
  return id === undefined ? undefined : connector.customRequests.find((r) => r.id?.value === id && r.operation?.value !== ODATA_BATCH);
}

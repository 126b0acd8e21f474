import type { BatchItem, CustomRequest, ODataConnector } from '../../model';
import { ODATA_BATCH } from '../../vocabulary';
import { LastAsked } from '../../lastAsked';

/** A batch of the file with its items. */
export interface Batch {
  batch: CustomRequest;
  items: BatchItem[];
}

/** Each batch of the file with its items, for the rules about batches. */
export function batchesOf(connector: ODataConnector): Batch[] {
  return connector.customRequests.filter((r) => r.operation?.value === ODATA_BATCH).map((batch) => ({ batch, items: batch.requests ?? [] }));
}

/** Per connector read, the first Custom request of each id that is not a batch: an item is looked up, not searched for. */
// Asked for by the rules of one connector after another.
const TARGETS = new LastAsked<ODataConnector, Map<string, CustomRequest>>();

function targetsOf(connector: ODataConnector): Map<string, CustomRequest> {
  let targets = TARGETS.get(connector);
  if (!targets) {
    targets = new Map();
    for (const request of connector.customRequests) {
      const id = request.id?.value;
      if (id !== undefined && request.operation?.value !== ODATA_BATCH && !targets.has(id)) targets.set(id, request);
    }
    TARGETS.set(connector, targets);
  }
  return targets;
}

/** The Custom request an item names, when there is one that is not a batch (the first, when ids repeat). */
export function itemTarget(connector: ODataConnector, item: BatchItem): CustomRequest | undefined {
  const id = item.request?.value;
  return id === undefined ? undefined : targetsOf(connector).get(id);
}

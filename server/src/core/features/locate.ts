import { firstAtLeast } from '../bisect';
import type { ConnectorDocument } from '../document';
import type { Connector, CustomRequest, RestOperation, RestParameter } from '../model';

function contains(node: { offset: number; length: number }, offset: number): boolean {
  return offset >= node.offset && offset <= node.offset + node.length;
}

/** The first unit (in file order) whose node contains offset, by binary search: units are ordered and disjoint. */
function unitAt<T extends { node: { offset: number; length: number } }>(units: readonly T[], offset: number): T | undefined {
  const last = firstAtLeast(units.length, (i) => (units[i] as T).node.offset, offset + 1) - 1;
  // A unit's range includes its end, so the one before may touch offset too; the earlier one wins.
  for (let i = Math.max(0, last - 1); i <= last; i++) if (contains((units[i] as T).node, offset)) return units[i];
  return undefined;
}

/** What the cursor is in: the operation (REST) or Custom request (OData), and the parameter if any. */
export interface CursorContext {
  operation?: RestOperation;
  parameter?: RestParameter;
  request?: CustomRequest;
}

/** Finds the operation, parameter or Custom request around an offset, in time proportional to depth. */
export function locate(document: ConnectorDocument, offset: number): CursorContext {
  return locateIn(document.connector, offset);
}

/** `locate` for a connector model alone. */
export function locateIn(connector: Connector | undefined, offset: number): CursorContext {
  if (connector?.kind === 'rest') {
    const operation = unitAt(connector.operations, offset);
    const parameter = operation ? unitAt(operation.parameters, offset) : undefined;
    return { ...(operation ? { operation } : {}), ...(parameter ? { parameter } : {}) };
  }
  if (connector?.kind === 'odata') {
    const request = unitAt(connector.customRequests, offset);
    return request ? { request } : {};
  }
  return {};
}

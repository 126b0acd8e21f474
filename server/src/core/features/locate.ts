import type { Connector, CustomRequest, RestOperation, RestParameter } from '../model';

function contains(node: { offset: number; length: number }, offset: number): boolean {
  return offset >= node.offset && offset <= node.offset + node.length;
}

/** What the cursor is in: the operation (REST) or Custom request (OData), and the parameter if any. */
export interface CursorContext {
  operation?: RestOperation;
  parameter?: RestParameter;
  request?: CustomRequest;
}

/** Finds the operation, parameter or Custom request around an offset. */
export function locate(connector: Connector | undefined, offset: number): CursorContext {
  if (connector?.kind === 'rest') {
    const operation = connector.operations.find((o) => contains(o.node, offset));
    const parameter = operation?.parameters.find((p) => contains(p.node, offset));
    return { ...(operation ? { operation } : {}), ...(parameter ? { parameter } : {}) };
  }
  if (connector?.kind === 'odata') {
    const request = connector.customRequests.find((r) => contains(r.node, offset));
    return request ? { request } : {};
  }
  return {};
}

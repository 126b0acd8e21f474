import type { ConnectorDocument } from '../document';
import { pathPlaceholders, variablePlaceholders } from '../placeholders';

/** A lens above an operation or Custom request. */
export interface LensInfo {
  offset: number;
  operationId: string | undefined;
  /** For Custom requests: the variables of url, body and headers (the platform's 'Refresh variables'), always fresh. */
  variables?: string[];
}

/** One lens per operation and Custom request, with a Custom request's variables. */
export function lenses(document: ConnectorDocument): LensInfo[] {
  const { connector } = document;
  if (connector?.kind === 'rest') return connector.operations.map((o) => ({ offset: o.node.offset, operationId: o.id?.value }));
  if (connector?.kind !== 'odata') return [];
  return connector.customRequests.map((r) => {
    const names = [
      ...pathPlaceholders(r.url?.value ?? '').map((p) => p.name),
      ...(r.body?.kind === 'text' ? variablePlaceholders(r.body.field.value).map((p) => p.name) : []),
      ...(r.headers?.entries ?? []).flatMap((e) => variablePlaceholders(e.value ?? '').map((p) => p.name)),
    ].filter((n) => n !== '');
    return { offset: r.node.offset, operationId: r.id?.value, variables: [...new Set(names)] };
  });
}

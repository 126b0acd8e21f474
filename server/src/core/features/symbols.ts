import type { ConnectorDocument } from '../document';

/** An outline entry: a connector, an operation, a Custom request, a model or a parameter. */
export interface OutlineSymbol {
  name: string;
  detail?: string;
  kind: 'connector' | 'operation' | 'request' | 'model' | 'parameter';
  offset: number;
  length: number;
  /** The span of the name itself (selected when the symbol is picked). */
  nameOffset: number;
  nameLength: number;
  children: OutlineSymbol[];
}

function span(node: { offset: number; length: number }): { offset: number; length: number } {
  return { offset: node.offset, length: node.length };
}

/** The outline: connector → operations (→ parameters) or Custom requests, and models. */
export function outline(document: ConnectorDocument): OutlineSymbol[] {
  const { connector } = document;
  if (!connector) return [];
  const root = connector.root;
  const children: OutlineSymbol[] = [];
  if (connector.kind === 'rest') {
    for (const model of connector.models?.definitions ?? []) {
      children.push({ name: model.name, kind: 'model', ...span(model.node ?? model.keyNode), nameOffset: model.keyNode.offset, nameLength: model.keyNode.length, children: [], detail: 'model' });
    }
    for (const operation of connector.operations) {
      const name = operation.id?.value ?? `#${operation.index + 1}`;
      const nameNode = operation.id?.node ?? operation.node;
      children.push({
        name,
        detail: `${operation.method?.value ?? '?'} ${operation.path?.value ?? ''}`,
        kind: 'operation',
        ...span(operation.node),
        nameOffset: nameNode.offset,
        nameLength: nameNode.length,
        children: operation.parameters.map((p) => {
          const pNode = p.name?.node ?? p.node;
          return {
            name: p.name?.value ?? `#${p.index + 1}`,
            detail: `${p.location?.value ?? '?'} ${p.type?.value ?? '?'}`,
            kind: 'parameter' as const,
            ...span(p.node),
            nameOffset: pNode.offset,
            nameLength: pNode.length,
            children: [],
          };
        }),
      });
    }
  } else if (connector.kind === 'odata') {
    for (const request of connector.customRequests) {
      const nameNode = request.id?.node ?? request.node;
      children.push({
        name: request.id?.value ?? `#${request.index + 1}`,
        detail: `${request.operation?.value ?? '?'} ${request.url?.value ?? ''}`,
        kind: 'request',
        ...span(request.node),
        nameOffset: nameNode.offset,
        nameLength: nameNode.length,
        children: [],
      });
    }
  }
  const nameNode = connector.name?.node ?? root;
  return [{
    name: connector.name?.value ?? 'connector',
    detail: connector.kind === 'rest' ? 'REST connector' : connector.kind === 'odata' ? 'OData connector' : 'connector',
    kind: 'connector',
    ...span(root),
    nameOffset: nameNode.offset,
    nameLength: nameNode.length,
    children,
  }];
}

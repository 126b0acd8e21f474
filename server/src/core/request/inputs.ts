import type { Connector, CustomRequest, ItemsSpec, RestOperation } from '../model';
import { pathPlaceholders, variablePlaceholders } from '../placeholders';
import type { JsonValue } from '../tree';

/** The element type of an array input (nested arrays have their own `items`). */
export interface InputItems {
  type: string;
  format?: string;
  items?: InputItems;
}

/** One value an operation asks for: what the editor prompts for and what a values file may name. */
export interface InputDescription {
  name: string;
  /**
   * Where the value goes. REST: its location. OData: `path` ({name} in the url), `query` (a query option) or
   * `variable` ({{name}} in the body or a header, inserted as text).
   */
  role: 'path' | 'query' | 'form' | 'body' | 'header' | 'matrix' | 'variable';
  /** A REST parameter type; OData path parameters and query options are `string`, variables are `text`. */
  type: string;
  format?: string;
  required: boolean;
  /** For arrays of strings with `options`: the allowed values, named c1, c2, ... in this order. */
  options?: string[];
  items?: InputItems;
  default?: JsonValue;
  description?: string;
}

/** An operation, named for pickers and prompts. */
export interface OperationSummary {
  id: string;
  /** `GET /pets/{petId}` or `read Orders('{orderNo}')`. */
  label: string;
  summary?: string;
  /** Offset of the operation's object in the file, for "the operation under the cursor". */
  offset: number;
  length: number;
}

function itemsOf(spec: ItemsSpec | undefined, depth = 0): InputItems | undefined {
  if (!spec?.type || depth > 32) return undefined;
  const nested = itemsOf(spec.items, depth + 1);
  return {
    type: spec.type.value,
    ...(spec.format ? { format: spec.format.value } : {}),
    ...(nested ? { items: nested } : {}),
  };
}

function restInputs(operation: RestOperation): InputDescription[] {
  const inputs: InputDescription[] = [];
  for (const parameter of operation.parameters) {
    const name = parameter.name?.value;
    const location = parameter.location?.value;
    const type = parameter.type?.value;
    // Computed parameters are built from the others; nobody types them.
    if (!name || !location || !type || type === 'computed') continue;
    const options = parameter.options?.value.filter((o): o is string => typeof o === 'string');
    const items = itemsOf(parameter.items);
    inputs.push({
      name,
      role: location as InputDescription['role'],
      type,
      required: parameter.required?.value === true || location === 'path',
      ...(parameter.format ? { format: parameter.format.value } : {}),
      ...(options?.length ? { options } : {}),
      ...(items ? { items } : {}),
      ...(parameter.default ? { default: parameter.default.value } : {}),
      ...(parameter.description ? { description: parameter.description.value } : {}),
    });
  }
  return inputs;
}

function odataInputs(request: CustomRequest): InputDescription[] {
  const inputs: InputDescription[] = [];
  const seen = new Set<string>();
  const add = (input: InputDescription): void => {
    if (!input.name || seen.has(input.name)) return;
    seen.add(input.name);
    inputs.push(input);
  };
  for (const p of pathPlaceholders(request.url?.value ?? '')) add({ name: p.name, role: 'path', type: 'string', required: true });
  if (request.parameterMode?.value !== 'onlyPath') {
    for (const entry of request.query?.entries ?? []) {
      add({ name: entry.name, role: 'query', type: 'string', required: false, ...(entry.value !== undefined ? { default: entry.value } : {}) });
    }
  }
  const texts = [
    ...(request.body?.kind === 'text' ? [request.body.field.value] : []),
    ...(request.headers?.entries ?? []).map((e) => e.value ?? ''),
  ];
  for (const text of texts) {
    for (const v of variablePlaceholders(text)) add({ name: v.name, role: 'variable', type: 'text', required: true });
  }
  return inputs;
}

/** The values an operation asks for, in the order a user is prompted; undefined when no operation has that id. */
export function describeInputs(connector: Connector, operationId: string): InputDescription[] | undefined {
  if (connector.kind === 'rest') {
    const operation = connector.operations.find((o) => o.id?.value === operationId);
    return operation ? restInputs(operation) : undefined;
  }
  if (connector.kind === 'odata') {
    const request = connector.customRequests.find((r) => r.id?.value === operationId);
    return request ? odataInputs(request) : undefined;
  }
  return undefined;
}

/** Every operation (REST) or Custom request (OData) with an id, in file order. */
export function listOperations(connector: Connector): OperationSummary[] {
  if (connector.kind === 'rest') {
    return connector.operations.flatMap((o) => (o.id ? [{
      id: o.id.value,
      label: `${o.method?.value ?? '?'} ${o.path?.value ?? ''}`,
      ...(o.summary ? { summary: o.summary.value } : {}),
      offset: o.node.offset,
      length: o.node.length,
    }] : []));
  }
  if (connector.kind === 'odata') {
    return connector.customRequests.flatMap((r) => (r.id ? [{
      id: r.id.value,
      label: `${r.operation?.value ?? '?'} ${r.url?.value ?? ''}`,
      ...(r.summary ? { summary: r.summary.value } : {}),
      offset: r.node.offset,
      length: r.node.length,
    }] : []));
  }
  return [];
}

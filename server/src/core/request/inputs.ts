import { looksLikeCredential } from '../credentialNames';
import type { Connector, CustomRequest, RestOperation } from '../model';
import { pathPlaceholders, variablePlaceholders } from '../placeholders';
import { typedTextOf } from '../values/read';
import { specOfParameter, type ValueSpec } from '../values/spec';

/** The element type of an array input (nested arrays have their own `items`). */
export type InputItems = ValueSpec;

/** Texts of body files by the path the connector gives, read by the file step: their variables are inputs too. */
export type BodyTexts = ReadonlyMap<string, string>;

/** One value an operation asks for: what the editor prompts for and what a values file may name. */
export interface InputDescription extends ValueSpec {
  name: string;
  /**
   * Where the value goes. REST: its location. OData: `path` ({name} in the url), `query` (a query option) or
   * `variable` ({{name}} in the body or a header, inserted as text).
   */
  role: 'path' | 'query' | 'form' | 'body' | 'header' | 'matrix' | 'variable';
  required: boolean;
  /**
   * The value may be a credential: it goes into a header (REST header parameters, OData variables in a header) or
   * its name says so (token, secret, password, api key...). The editor does not remember what is typed for it.
   */
  mayHoldCredential: boolean;
  /** The default as it would be typed (a whole number with every digit the connector gives): what a prompt starts with. */
  default?: string;
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

function restInputs(operation: RestOperation): InputDescription[] {
  const inputs: InputDescription[] = [];
  for (const parameter of operation.parameters) {
    const name = parameter.name?.value;
    const location = parameter.location?.value;
    const spec = specOfParameter(parameter);
    // Computed parameters are built from the others; nobody types them.
    if (!name || !location || !spec || spec.type === 'computed') continue;
    const typed = parameter.default && typedTextOf(parameter.default.exact);
    inputs.push({
      ...spec,
      name,
      role: location as InputDescription['role'],
      required: parameter.required?.value === true || location === 'path',
      mayHoldCredential: location === 'header' || looksLikeCredential(name),
      ...(typed !== undefined ? { default: typed } : {}),
      ...(parameter.description ? { description: parameter.description.value } : {}),
    });
  }
  return inputs;
}

/** The body file a Custom request reads its template from, as the connector names it: its variables are inputs. */
export function odataBodyFile(request: CustomRequest): string | undefined {
  return request.body?.kind === 'file' ? request.body.file?.value : undefined;
}

function odataInputs(request: CustomRequest, bodyTexts: BodyTexts | undefined): InputDescription[] {
  const inputs: InputDescription[] = [];
  const seen = new Set<string>();
  const inHeaders = new Set((request.headers?.entries ?? []).flatMap((e) => variablePlaceholders(e.value ?? '').map((v) => v.name)));
  const add = (input: Omit<InputDescription, 'mayHoldCredential'>): void => {
    if (!input.name || seen.has(input.name)) return;
    seen.add(input.name);
    inputs.push({ ...input, mayHoldCredential: (input.role === 'variable' && inHeaders.has(input.name)) || looksLikeCredential(input.name) });
  };
  for (const p of pathPlaceholders(request.url?.value ?? '')) add({ name: p.name, role: 'path', type: 'string', required: true });
  if (request.parameterMode?.value !== 'onlyPath') {
    for (const entry of request.query?.entries ?? []) {
      const typed = entry.exact === undefined ? undefined : typedTextOf(entry.exact);
      add({ name: entry.name, role: 'query', type: 'string', required: false, ...(typed !== undefined ? { default: typed } : {}) });
    }
  }
  const bodyFile = odataBodyFile(request);
  const fileText = bodyFile === undefined ? undefined : bodyTexts?.get(bodyFile);
  const texts = [
    ...(request.body?.kind === 'text' ? [request.body.field.value] : []),
    ...(fileText !== undefined ? [fileText] : []),
    ...(request.headers?.entries ?? []).map((e) => e.value ?? ''),
  ];
  for (const text of texts) {
    for (const v of variablePlaceholders(text)) add({ name: v.name, role: 'variable', type: 'text', required: true });
  }
  return inputs;
}

/**
 * The values an operation asks for, in the order a user is prompted; undefined when no operation has that id.
 * A Custom request's body-file variables are included when the file's text is given.
 */
export function describeInputs(connector: Connector, operationId: string, bodyTexts?: BodyTexts): InputDescription[] | undefined {
  if (connector.kind === 'rest') {
    const operation = unitWithId(connector, operationId);
    return operation ? restInputs(operation as RestOperation) : undefined;
  }
  if (connector.kind === 'odata') {
    const request = unitWithId(connector, operationId);
    return request ? odataInputs(request as CustomRequest, bodyTexts) : undefined;
  }
  return undefined;
}

/** Per connector read, the first operation (or Custom request) of each id: a values or tests file's thousands of entries look theirs up. */
const UNITS_BY_ID = new WeakMap<Connector, Map<string, RestOperation | CustomRequest>>();

/** The first operation (REST) or Custom request (OData) with an id. */
export function unitWithId(connector: Connector, id: string): RestOperation | CustomRequest | undefined {
  let units = UNITS_BY_ID.get(connector);
  if (!units) {
    units = new Map();
    const all: readonly (RestOperation | CustomRequest)[] = connector.kind === 'rest' ? connector.operations : connector.kind === 'odata' ? connector.customRequests : [];
    for (const unit of all) {
      const unitId = unit.id?.value;
      if (unitId !== undefined && !units.has(unitId)) units.set(unitId, unit);
    }
    UNITS_BY_ID.set(connector, units);
  }
  return units.get(id);
}

/** An operation's inputs by name (the first of a name, as the values are judged against it). */
export function inputsByName(inputs: readonly InputDescription[]): ReadonlyMap<string, InputDescription> {
  const byName = new Map<string, InputDescription>();
  for (const input of inputs) if (!byName.has(input.name)) byName.set(input.name, input);
  return byName;
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

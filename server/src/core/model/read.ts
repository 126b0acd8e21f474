// Reads the typed model from the compact tree: each object's properties are looked at once, the last of a repeated
// key winning (as JSON.parse keeps it). Every part keeps the index of its node; the node object itself is made
// when first asked for (a finding, a feature): a check of a clean file reads thousands of fields and asks for none.
import type { Node } from 'jsonc-parser';
import { ARRAY, OBJECT, type JsonTree, type TreeNode } from '../parse/jsonTree';
import type { JsonValue } from '../tree';
import { CONSTRAINTS } from '../vocabulary';
import {
  fieldAt, isAny, isArray, isBoolean, isModelObject, isString, KeyedPart, mapFieldAt, objectElements, objectValue, OptionsField, Part,
  propertiesByKey, slot, slotsOf, TreeMapEntry, type TreeField,
} from './parts';
import { readCustomRequestAt } from './readCustomRequest';
import type {
  Authorization, Connector, Field, ItemsSpec, MapField, ModelDefinition, RestConnector, RestOperation, RestParameter,
} from './types';

const ITEMS_KEYS = slotsOf(['type', 'format', 'separation', 'items']);

class TreeItems extends KeyedPart implements ItemsSpec {
  declare readonly type: Field<string> | undefined;
  declare readonly format: Field<string> | undefined;
  declare readonly separation: Field<string> | undefined;
  declare readonly items: ItemsSpec | undefined;

  constructor(tree: JsonTree, property: number, depth: number) {
    super(tree, property);
    const found = propertiesByKey(tree, this.at, ITEMS_KEYS);
    this.type = fieldAt(tree, slot(found, 0), isString);
    this.format = fieldAt(tree, slot(found, 1), isString);
    this.separation = fieldAt(tree, slot(found, 2), isString);
    this.items = readItems(tree, slot(found, 3), depth + 1);
  }
}

function readItems(tree: JsonTree, property: number, depth: number): ItemsSpec | undefined {
  return depth > 32 || objectValue(tree, property) < 0 ? undefined : new TreeItems(tree, property, depth);
}

type Constraint = RestParameter['constraints'][number];

function fieldOffset(constraint: Constraint): number {
  return (constraint.field as TreeField<JsonValue>).at;
}

/**
 * Orders a parameter's constraints as they stand in the file, in place: an insertion sort of its few, where
 * Array.prototype.sort would make a work array for each of tens of thousands of parameters.
 */
function inFileOrder(constraints: Constraint[]): void {
  for (let i = 1; i < constraints.length; i++) {
    const item = constraints[i] as Constraint;
    let j = i - 1;
    for (; j >= 0 && fieldOffset(constraints[j] as Constraint) > fieldOffset(item); j--) constraints[j + 1] = constraints[j] as Constraint;
    constraints[j + 1] = item;
  }
}

const PARAMETER_KEYS = slotsOf([
  'name', 'location', 'type', 'required', 'format', 'default', 'description', 'uniqueItems', 'emptyValue', 'items',
  'separation', 'options', 'model', 'template', ...CONSTRAINTS,
]);
const FIRST_CONSTRAINT = PARAMETER_KEYS.found.length - CONSTRAINTS.length;

class TreeParameter extends Part implements RestParameter {
  declare readonly index: number;
  declare readonly name: Field<string> | undefined;
  declare readonly location: Field<string> | undefined;
  declare readonly type: Field<string> | undefined;
  declare readonly required: Field<boolean> | undefined;
  declare readonly format: Field<string> | undefined;
  declare readonly default: Field<JsonValue> | undefined;
  declare readonly description: Field<string> | undefined;
  declare readonly constraints: RestParameter['constraints'];
  declare readonly uniqueItems: Field<JsonValue> | undefined;
  declare readonly emptyValue: Field<boolean> | undefined;
  declare readonly items: ItemsSpec | undefined;
  declare readonly separation: Field<string> | undefined;
  declare readonly options: OptionsField | undefined;
  declare readonly model: Field<string> | undefined;
  declare readonly template: Field<string> | undefined;

  constructor(tree: JsonTree, at: number, index: number) {
    super(tree, at);
    this.index = index;
    this.constraints = [];
    const found = propertiesByKey(tree, at, PARAMETER_KEYS);
    // A loop, not a callback per parameter: a large file has tens of thousands of parameters, most without constraints.
    for (let i = 0; i < CONSTRAINTS.length; i++) {
      const field = fieldAt(tree, slot(found, FIRST_CONSTRAINT + i), isAny);
      if (field) this.constraints.push({ name: CONSTRAINTS[i] as (typeof CONSTRAINTS)[number], field });
    }
    inFileOrder(this.constraints);
    this.name = fieldAt(tree, slot(found, 0), isString);
    this.location = fieldAt(tree, slot(found, 1), isString);
    this.type = fieldAt(tree, slot(found, 2), isString);
    this.required = fieldAt(tree, slot(found, 3), isBoolean);
    this.format = fieldAt(tree, slot(found, 4), isString);
    this.default = fieldAt(tree, slot(found, 5), isAny);
    this.description = fieldAt(tree, slot(found, 6), isString);
    this.uniqueItems = fieldAt(tree, slot(found, 7), isAny);
    this.emptyValue = fieldAt(tree, slot(found, 8), isBoolean);
    this.items = readItems(tree, slot(found, 9), 0);
    this.separation = fieldAt(tree, slot(found, 10), isString);
    const options = slot(found, 11) < 0 ? -1 : tree.propertyValue(slot(found, 11));
    this.options = options >= 0 && isArray(tree.value(options)) ? new OptionsField(tree.value(options) as JsonValue[], tree, slot(found, 11)) : undefined;
    this.model = fieldAt(tree, slot(found, 12), isString);
    this.template = fieldAt(tree, slot(found, 13), isString);
  }
}

const OPERATION_KEYS = slotsOf(['id', 'summary', 'method', 'path', 'headers', 'parameters']);

/**
 * An operation. Its headers and parameters are read when first asked for: while typing in one operation, the
 * rules ask only about that one, and what is said of every operation (duplicate ids) reads only their ids.
 * What was read is held until the synchronous run that read it ends (a check, an editor request): a check of a
 * large file reads every operation's parameters (tens of MB of parts for 10,000 operations), and an editor keeps the
 * checked version for as long as the file is open. Every reader in one run sees the same objects; the next run to
 * ask reads them again from the tree. (Not weak references: V8 keeps their targets alive until the whole task ends,
 * so checks run one after another in one task, awaiting between them, kept every check's parts, and a collection
 * copied them all again.)
 */
class TreeOperation extends Part implements RestOperation {
  declare readonly index: number;
  declare readonly id: Field<string> | undefined;
  declare readonly summary: Field<string> | undefined;
  declare readonly method: Field<string> | undefined;
  declare readonly path: Field<string> | undefined;
  declare readonly parametersAt: number;
  readonly #headersProperty: number;
  #headers: MapField<string> | undefined;
  #parameters: RestParameter[] | undefined;
  #held = false;

  constructor(tree: JsonTree, at: number, index: number) {
    super(tree, at);
    this.index = index;
    const found = propertiesByKey(tree, at, OPERATION_KEYS);
    this.id = fieldAt(tree, slot(found, 0), isString);
    this.summary = fieldAt(tree, slot(found, 1), isString);
    this.method = fieldAt(tree, slot(found, 2), isString);
    this.path = fieldAt(tree, slot(found, 3), isString);
    this.#headersProperty = slot(found, 4);
    const parameters = slot(found, 5);
    const list = parameters < 0 ? -1 : tree.propertyValue(parameters);
    this.parametersAt = list >= 0 && tree.kind(list) === ARRAY ? list : -1;
  }

  get headers(): MapField<string> | undefined {
    if (this.#headersProperty < 0) return undefined;
    if (this.#headers) return this.#headers;
    const headers = mapFieldAt(this.tree, this.#headersProperty, isString);
    this.#headers = headers;
    this.#holdUntilRunEnds();
    return headers;
  }

  get parameters(): RestParameter[] {
    if (this.parametersAt < 0) return [];
    if (this.#parameters) return this.#parameters;
    const parameters = objectElements(this.tree, this.parametersAt).map((p, i) => new TreeParameter(this.tree, p, i));
    this.#parameters = parameters;
    this.#holdUntilRunEnds();
    return parameters;
  }

  #holdUntilRunEnds(): void {
    if (this.#held) return;
    this.#held = true;
    if (holding.length === 0) queueMicrotask(letGoOfRead);
    holding.push(this);
  }

  /** Lets go of the headers and parameters read so far: asked for again, they are read from the tree. */
  letGoOfRead(): void {
    this.#headers = undefined;
    this.#parameters = undefined;
    this.#held = false;
  }

  get parametersNode(): TreeNode | undefined {
    return this.tree.nodeOrUndefined(this.parametersAt);
  }
}

/** The operations holding headers or parameters read in the current synchronous run. */
let holding: TreeOperation[] = [];

/** Runs once the synchronous run that read something ends: a microtask, before any awaiting caller goes on. */
function letGoOfRead(): void {
  const operations = holding;
  holding = [];
  for (let i = 0; i < operations.length; i++) (operations[i] as TreeOperation).letGoOfRead();
}

/** Reads operation `index` (its position among the operations) from its object node. */
export function readOperationAt(tree: JsonTree, node: number, index: number): RestOperation {
  return new TreeOperation(tree, node, index);
}

const AUTHORIZATION_KEYS = slotsOf(['scheme', 'in', 'name', 'username', 'secret', 'flow', 'tokenUrl', 'clientId', 'scope', 'clientAuthentication', 'clientSecret', 'authorizationUrl']);

class TreeAuthorization extends Part implements Authorization {
  declare readonly scheme: Field<string> | undefined;
  declare readonly in: Field<string> | undefined;
  declare readonly name: Field<string> | undefined;
  declare readonly username: Field<string> | undefined;
  declare readonly secret: Field<string> | undefined;
  declare readonly flow: Field<string> | undefined;
  declare readonly tokenUrl: Field<string> | undefined;
  declare readonly clientId: Field<string> | undefined;
  declare readonly scope: Field<string> | undefined;
  declare readonly clientAuthentication: Field<string> | undefined;
  declare readonly clientSecret: Field<string> | undefined;
  declare readonly authorizationUrl: Field<string> | undefined;

  constructor(tree: JsonTree, at: number) {
    super(tree, at);
    const found = propertiesByKey(tree, at, AUTHORIZATION_KEYS);
    this.scheme = fieldAt(tree, slot(found, 0), isString);
    this.in = fieldAt(tree, slot(found, 1), isString);
    this.name = fieldAt(tree, slot(found, 2), isString);
    this.username = fieldAt(tree, slot(found, 3), isString);
    this.secret = fieldAt(tree, slot(found, 4), isString);
    this.flow = fieldAt(tree, slot(found, 5), isString);
    this.tokenUrl = fieldAt(tree, slot(found, 6), isString);
    this.clientId = fieldAt(tree, slot(found, 7), isString);
    this.scope = fieldAt(tree, slot(found, 8), isString);
    this.clientAuthentication = fieldAt(tree, slot(found, 9), isString);
    this.clientSecret = fieldAt(tree, slot(found, 10), isString);
    this.authorizationUrl = fieldAt(tree, slot(found, 11), isString);
  }
}

const ADVANCED_KEYS = slotsOf(['enforceConstraints']);

class TreeAdvanced extends KeyedPart {
  declare readonly enforceConstraints: Field<boolean> | undefined;

  constructor(tree: JsonTree, property: number) {
    super(tree, property);
    this.enforceConstraints = fieldAt(tree, slot(propertiesByKey(tree, this.at, ADVANCED_KEYS), 0), isBoolean);
  }
}

/** A model: an entry of `models`, its node when its value is an object. */
class TreeModelDefinition extends TreeMapEntry<Node> implements ModelDefinition {
  get node(): TreeNode | undefined {
    return this.tree.nodeOrUndefined(objectValue(this.tree, this.property));
  }
}

function readModels(tree: JsonTree, property: number): RestConnector['models'] {
  const models = mapFieldAt(tree, property, isModelObject);
  if (!models) return undefined;
  return Object.assign(models, { definitions: models.entries.map((e) => new TreeModelDefinition(e.name, e.value, tree, (e as TreeMapEntry<Node>).property)) });
}

const ROOT_KEYS = slotsOf(['name', 'description', 'baseUrl', 'authorization', 'kind', 'advanced', 'models', 'operations', 'connectorVersion', 'metadata', 'customRequests']);

/** The array value node of a property (operations, customRequests), or -1. */
function arrayValue(tree: JsonTree, property: number): number {
  const node = property < 0 ? -1 : tree.propertyValue(property);
  return node >= 0 && tree.kind(node) === ARRAY ? node : -1;
}

/** Reads the whole connector: the root's settings and every operation or Custom request, in order. */
export function readConnector(tree: JsonTree, root: number): Connector | undefined {
  if (root < 0 || tree.kind(root) !== OBJECT) return undefined;
  // The connector is a plain object of one shape for every file (no getter made per file, which would give each its
  // own hidden class and make every rule's reading of it megamorphic).
  // Read into locals at once (indexes, not an iterator: this runs cold for the first files of a run); the readers
  // below reuse their own tables, never this one.
  const found = propertiesByKey(tree, root, ROOT_KEYS);
  const name = found[0] as number, description = found[1] as number, baseUrl = found[2] as number, authorizationAt = found[3] as number;
  const kind = found[4] as number, advanced = found[5] as number, models = found[6] as number, operationsAt = found[7] as number;
  const connectorVersion = found[8] as number, metadata = found[9] as number, customRequests = found[10] as number;
  const authorizationNode = objectValue(tree, authorizationAt);
  // Each kind's object is written out whole, its common fields first and in the same order: an object spread from
  // the common ones was made through the engine's slow path, key by key (in a lint of many small files, nearly half
  // of the time the model took).
  const rootNode = tree.node(root);
  const nameField = fieldAt(tree, name, isString);
  const descriptionField = fieldAt(tree, description, isString);
  const baseUrlField = fieldAt(tree, baseUrl, isString);
  const authorization = authorizationNode < 0 ? undefined : new TreeAuthorization(tree, authorizationNode);
  const kindField = fieldAt(tree, kind, isString);
  if (kindField?.value === 'rest') {
    const operations = arrayValue(tree, operationsAt);
    return {
      root: rootNode,
      name: nameField,
      description: descriptionField,
      baseUrl: baseUrlField,
      authorization,
      kind: 'rest',
      kindField,
      advanced: objectValue(tree, advanced) < 0 ? undefined : new TreeAdvanced(tree, advanced),
      models: readModels(tree, models),
      operationsNode: tree.nodeOrUndefined(operations),
      operations: objectElements(tree, operations).map((node, i) => readOperationAt(tree, node, i)),
    };
  }
  if (kindField?.value === 'odata') {
    const requests = arrayValue(tree, customRequests);
    return {
      root: rootNode,
      name: nameField,
      description: descriptionField,
      baseUrl: baseUrlField,
      authorization,
      kind: 'odata',
      kindField,
      connectorVersion: fieldAt(tree, connectorVersion, isString),
      metadata: fieldAt(tree, metadata, isString),
      customRequestsNode: tree.nodeOrUndefined(requests),
      customRequests: objectElements(tree, requests).map((node, i) => readCustomRequestAt(tree, node, i)),
    };
  }
  return { root: rootNode, name: nameField, description: descriptionField, baseUrl: baseUrlField, authorization, kind: undefined };
}

// Reads an OData connector's Custom requests from the compact tree, as read.ts reads the rest of the model: each
// object's properties looked at once, each part keeping the index of its node.
import { ARRAY, OBJECT, type JsonTree } from '../parse/jsonTree';
import type { JsonValue } from '../tree';
import { exactOfNode, type ExactJson } from '../values/exactJson';
import { fieldAt, isAny, isBoolean, isString, KeyedPart, mapFieldAt, objectValue, Part, propertiesByKey, slot, slotsOf } from './parts';
import type { BatchItem, CustomRequest, CustomRequestBody, Field, MapField } from './types';

const BODY_FILE_KEYS = slotsOf(['file']);

class TreeBodyFile extends KeyedPart {
  declare readonly kind: 'file';
  declare readonly file: Field<string> | undefined;

  constructor(tree: JsonTree, property: number) {
    super(tree, property);
    this.kind = 'file';
    this.file = fieldAt(tree, slot(propertiesByKey(tree, this.at, BODY_FILE_KEYS), 0), isString);
  }
}

function readBody(tree: JsonTree, property: number): CustomRequestBody | undefined {
  const text = fieldAt(tree, property, isString);
  if (text) return { kind: 'text', field: text };
  return objectValue(tree, property) < 0 ? undefined : new TreeBodyFile(tree, property);
}

const REQUEST_KEYS = slotsOf([
  'id', 'summary', 'operation', 'url', 'parameterMode', 'query', 'headers', 'body', 'responseStructure', 'includeHeaders',
  'includeEntityDescriptor', 'metadataLevel', 'format', 'requests',
]);

const BATCH_ITEM_KEYS = slotsOf(['request', 'values', 'changeSet']);

class TreeBatchItem extends Part implements BatchItem {
  declare readonly index: number;
  declare readonly request: Field<string> | undefined;
  declare readonly values: Field<JsonValue> | undefined;
  declare readonly changeSet: Field<string> | undefined;

  constructor(tree: JsonTree, at: number, index: number) {
    super(tree, at);
    this.index = index;
    const found = propertiesByKey(tree, at, BATCH_ITEM_KEYS);
    this.request = fieldAt(tree, slot(found, 0), isString);
    this.values = fieldAt(tree, slot(found, 1), isAny);
    this.changeSet = fieldAt(tree, slot(found, 2), isString);
  }

  get exactValues(): ExactJson | undefined {
    return this.values ? exactOfNode(this.values.node, this.tree.text) : undefined;
  }
}

class TreeCustomRequest extends Part implements CustomRequest {
  declare readonly index: number;
  declare readonly id: Field<string> | undefined;
  declare readonly summary: Field<string> | undefined;
  declare readonly operation: Field<string> | undefined;
  declare readonly url: Field<string> | undefined;
  declare readonly parameterMode: Field<string> | undefined;
  declare readonly query: MapField<JsonValue> | undefined;
  declare readonly headers: MapField<string> | undefined;
  declare readonly body: CustomRequestBody | undefined;
  declare readonly responseStructure: Field<JsonValue> | undefined;
  declare readonly includeHeaders: Field<boolean> | undefined;
  declare readonly includeEntityDescriptor: Field<boolean> | undefined;
  declare readonly metadataLevel: Field<string> | undefined;
  declare readonly format: Field<string> | undefined;
  declare readonly requests: BatchItem[] | undefined;

  constructor(tree: JsonTree, at: number, index: number) {
    super(tree, at);
    this.index = index;
    const found = propertiesByKey(tree, at, REQUEST_KEYS);
    this.id = fieldAt(tree, slot(found, 0), isString);
    this.summary = fieldAt(tree, slot(found, 1), isString);
    this.operation = fieldAt(tree, slot(found, 2), isString);
    this.url = fieldAt(tree, slot(found, 3), isString);
    this.parameterMode = fieldAt(tree, slot(found, 4), isString);
    this.query = mapFieldAt(tree, slot(found, 5), isAny);
    this.headers = mapFieldAt(tree, slot(found, 6), isString);
    this.body = readBody(tree, slot(found, 7));
    this.responseStructure = fieldAt(tree, slot(found, 8), isAny);
    this.includeHeaders = fieldAt(tree, slot(found, 9), isBoolean);
    this.includeEntityDescriptor = fieldAt(tree, slot(found, 10), isBoolean);
    this.metadataLevel = fieldAt(tree, slot(found, 11), isString);
    this.format = fieldAt(tree, slot(found, 12), isString);
    const items = slot(found, 13) < 0 ? -1 : tree.propertyValue(slot(found, 13));
    this.requests = items >= 0 && tree.kind(items) === ARRAY ? batchItemsIn(tree, items) : undefined;
  }
}

/**
 * The object elements of a batch's `requests` array, each with its 0-based position among all its elements: a
 * non-object element still takes a Content-ID (the schema reports it). One pass, however many items.
 */
function batchItemsIn(tree: JsonTree, array: number): BatchItem[] {
  const items: BatchItem[] = [];
  const end = tree.end(array);
  for (let element = array + 1, position = 0; element < end; element = tree.end(element), position++) {
    if (tree.kind(element) === OBJECT) items.push(new TreeBatchItem(tree, element, position));
  }
  return items;
}

/** Reads Custom request `index` (its position among the requests) from its object node. */
export function readCustomRequestAt(tree: JsonTree, node: number, index: number): CustomRequest {
  return new TreeCustomRequest(tree, node, index);
}

import type { JSONPath, Node } from 'jsonc-parser';
import type { ConnectorDocument } from '../document';
import type { Connector, RestParameter } from '../model';
import { nodeAtPath, propertiesOf as treeProperties } from '../tree';
import {
  AUTH_SCHEMES, FORM_URLENCODED, isOneOf, ITEM_TYPES, ITEM_TYPES_BY_LOCATION, LOCATIONS, METADATA_LEVELS, METHODS,
  MULTIPART_FORM, OCTET_STREAM, CUSTOM_REQUEST_OPERATIONS, ODATA_BATCH, ODATA_BATCH_FORMATS, ODATA_QUERY_OPTIONS, PARAMETER_MODES, PARAMETER_TYPES, SEPARATIONS,
  TYPES_BY_LOCATION, TYPES_WITH_REQUIRED,
} from '../vocabulary';
import { objectKindAt, type ObjectKind } from './context';
import { cursorLocation } from './cursor';
import { propertiesOf, VALUE_DOCS } from './descriptions';
import { locate } from './locate';
import { OAUTH2_FLOWS } from '../oauth2/types';

/** One completion proposal; `replace` is the span its text replaces (the string being typed, quotes included). */
export interface CompletionProposal {
  label: string;
  kind: 'property' | 'value' | 'reference' | 'header';
  insertText: string;
  /** Whether insertText is a snippet (`$1` marks where the cursor goes). */
  snippet?: boolean;
  /** Markdown; may be computed when read (a getter), so that proposals an editor is never sent cost nothing. */
  documentation?: string;
  replace: { offset: number; length: number };
}

const HEADER_NAMES = ['Accept', 'Content-Type', 'If-Match', 'If-None-Match', 'Prefer', 'Accept-Language', 'Cache-Control', 'X-Request-Id'];
const CONTENT_TYPES = ['application/json', 'application/xml', FORM_URLENCODED, MULTIPART_FORM, OCTET_STREAM, 'text/plain'];
const QUERY_OPTION_DOCS: Readonly<Record<string, string>> = {
  $select: 'Properties to return, comma-separated: `OrderNo,Status`.',
  $filter: "Rows to return: `Status eq 'Released' and Amount gt 100`.",
  $expand: 'Related entities to include: `Lines`.',
  $orderby: 'Sort order: `OrderDate desc`.',
  $top: 'At most this many rows.',
  $skip: 'Skip this many rows first.',
  $count: '`true` adds `@odata.count`, the total number of rows.',
  $search: 'Free-text search, where the service supports it.',
};

/** The parameter at a path ["operations", i, "parameters", j], found through the tree. */
function parameterAt(document: ConnectorDocument, path: JSONPath): RestParameter | undefined {
  if (document.connector?.kind !== 'rest' || path[0] !== 'operations' || path[2] !== 'parameters') return undefined;
  const node = nodeAtPath(document.parsed.root, path.slice(0, 4));
  const parameter = node ? locate(document, node.offset).parameter : undefined;
  return parameter?.node === node ? parameter : undefined;
}

/** Which parameter properties make sense for a parameter's type and location (only those are offered). */
function fitsParameter(property: string, parameter: RestParameter | undefined): boolean {
  const type = parameter?.type?.value;
  const location = parameter?.location?.value;
  if (!type) return true;
  switch (property) {
    case 'emptyValue': return location === undefined || location === 'query';
    case 'items': case 'separation': case 'uniqueItems': case 'maxItems': case 'minItems': return type === 'array';
    case 'options': return type === 'array';
    case 'model': return type === 'object';
    case 'template': return type === 'computed';
    case 'maxLength': case 'minLength': case 'pattern': return type === 'string' || type === 'computed';
    case 'maximum': case 'minimum': case 'exclusiveMaximum': case 'exclusiveMinimum': return type === 'integer' || type === 'number';
    case 'format': return type === 'string' || type === 'integer' || type === 'number';
    case 'required': return isOneOf(PARAMETER_TYPES, type) && TYPES_WITH_REQUIRED.includes(type);
    case 'default': return ['string', 'integer', 'number', 'boolean'].includes(type);
    default: return true;
  }
}

function kindOfRoot(connector: Connector | undefined): string | undefined {
  return connector?.kind;
}

const REST_ONLY = ['advanced', 'models', 'operations'];
const ODATA_ONLY = ['connectorVersion', 'metadata', 'customRequests'];

function propertyProposals(kind: ObjectKind, path: JSONPath, object: Node | undefined, document: ConnectorDocument, replace: CompletionProposal['replace']): CompletionProposal[] {
  const { connector } = document;
  const present = new Set(treeProperties(object).map((p) => p.key));
  if (kind === 'headers') {
    return HEADER_NAMES.filter((h) => !present.has(h)).map((h) => ({ label: h, kind: 'header', insertText: `"${h}": "$1"`, snippet: true, replace }));
  }
  if (kind === 'query') {
    return ODATA_QUERY_OPTIONS.filter((q) => !present.has(q)).map((q) => ({ label: q, kind: 'property', insertText: `"${q}": "$1"`, snippet: true, documentation: QUERY_OPTION_DOCS[q] ?? '', replace }));
  }
  const parameter = kind === 'parameter' ? parameterAt(document, path) : undefined;
  const rootKind = kindOfRoot(connector);
  return propertiesOf(kind)
    .filter(({ name }) => !present.has(name))
    .filter(({ name }) => kind !== 'root' || (rootKind === 'rest' ? !ODATA_ONLY.includes(name) : rootKind === 'odata' ? !REST_ONLY.includes(name) : true))
    .filter(({ name }) => kind !== 'parameter' || fitsParameter(name, parameter))
    .map(({ name, description }) => ({ label: name, kind: 'property', insertText: `"${name}": $1`, snippet: true, documentation: description, replace }));
}

function values(list: readonly string[], docs: Readonly<Record<string, string>> | undefined, replace: CompletionProposal['replace']): CompletionProposal[] {
  return list.map((v) => ({ label: JSON.stringify(v), kind: 'value', insertText: JSON.stringify(v), documentation: docs?.[v] ?? '', replace }));
}

function valueProposals(path: JSONPath, document: ConnectorDocument, replace: CompletionProposal['replace']): CompletionProposal[] {
  const { connector } = document;
  const property = path[path.length - 1];
  const holder = objectKindAt(path.slice(0, -1));
  if (typeof property !== 'string') return [];
  if (property === 'request' && path.length === 5 && path[0] === 'customRequests' && path[2] === 'requests' && connector?.kind === 'odata') {
    // A batch item names a Custom request of the file that is not itself a batch.
    const requests = connector.customRequests.filter((r) => r.id !== undefined && r.operation?.value !== ODATA_BATCH);
    return values(requests.map((r) => r.id?.value ?? ''), Object.fromEntries(requests.map((r) => [r.id?.value ?? '', `${r.operation?.value ?? ''} ${r.url?.value ?? ''}${r.summary ? `: ${r.summary.value}` : ''}`])), replace);
  }
  const booleans = ['required', 'emptyValue', 'uniqueItems', 'exclusiveMaximum', 'exclusiveMinimum', 'enforceConstraints', 'includeHeaders', 'includeEntityDescriptor'];
  if (booleans.includes(property)) return ['true', 'false'].map((b) => ({ label: b, kind: 'value', insertText: b, replace }));
  if (holder === 'headers' && property.toLowerCase() === 'content-type') return values(CONTENT_TYPES, undefined, replace);
  if (holder === 'root') {
    if (property === 'kind') return values(['rest', 'odata'], VALUE_DOCS.kind, replace);
    return [];
  }
  if (holder === 'authorization') {
    if (property === 'scheme') return values(AUTH_SCHEMES, VALUE_DOCS.scheme, replace);
    if (property === 'in') return values(['header', 'query'], VALUE_DOCS.in, replace);
    if (property === 'flow') return values(OAUTH2_FLOWS, VALUE_DOCS.flow, replace);
    if (property === 'clientAuthentication') return values(['basic', 'body'], VALUE_DOCS.clientAuthentication, replace);
    return [];
  }
  if (holder === 'operation' && property === 'method') return values(METHODS, VALUE_DOCS.method, replace);
  if (holder === 'customRequest') {
    if (property === 'operation') return values(CUSTOM_REQUEST_OPERATIONS, VALUE_DOCS.operation, replace);
    if (property === 'parameterMode') return values(PARAMETER_MODES, VALUE_DOCS.parameterMode, replace);
    if (property === 'metadataLevel') return values(METADATA_LEVELS, VALUE_DOCS.metadataLevel, replace);
    if (property === 'format') return values(ODATA_BATCH_FORMATS, VALUE_DOCS.format, replace);
    return [];
  }
  if (holder === 'parameter' || holder === 'items') {
    const parameter = parameterAt(document, path.slice(0, 4));
    const location = parameter?.location?.value;
    const type = parameter?.type?.value;
    if (holder === 'items' && property === 'type') {
      return values(isOneOf(LOCATIONS, location) ? ITEM_TYPES_BY_LOCATION[location] : ITEM_TYPES, VALUE_DOCS.type, replace);
    }
    if (property === 'location') {
      const fits = LOCATIONS.filter((l) => !isOneOf(PARAMETER_TYPES, type) || TYPES_BY_LOCATION[l].includes(type));
      return values(fits, VALUE_DOCS.location, replace);
    }
    if (property === 'type') return values(isOneOf(LOCATIONS, location) ? TYPES_BY_LOCATION[location] : PARAMETER_TYPES, VALUE_DOCS.type, replace);
    if (property === 'separation') return values(location === 'path' ? SEPARATIONS.filter((s) => s !== 'multi') : SEPARATIONS, VALUE_DOCS.separation, replace);
    if (property === 'format') {
      const formats: Record<string, string> = { string: 'date-time', integer: 'int64', number: 'float' };
      const fitting = type && formats[type] ? [formats[type] as string] : Object.values(formats);
      return values(fitting, { 'date-time': 'Sent as ISO 8601 (UTC).', int64: '64-bit; large values kept exact.', float: 'Rounded to 32-bit precision.' }, replace);
    }
    if (property === 'model' && connector?.kind === 'rest') {
      return (connector.models?.definitions ?? []).map((m) => ({ label: JSON.stringify(m.name), kind: 'reference', insertText: JSON.stringify(m.name), replace }));
    }
  }
  return [];
}

/** Names offered inside `{{` of a computed template and inside `{` of a path. */
function placeholderProposals(document: ConnectorDocument, node: Node, offset: number, path: JSONPath): CompletionProposal[] | undefined {
  const { text } = document.parsed;
  if (node.type !== 'string' || document.connector?.kind !== 'rest') return undefined;
  const before = text.slice(node.offset + 1, offset);
  const property = path[path.length - 1];
  const operation = locate(document, offset).operation;
  if (!operation) return undefined;
  const template = property === 'template' ? /\{\{([^{}]*)$/.exec(before) : null;
  const pathBrace = property === 'path' ? /(?<!\{)\{([^{}]*)$/.exec(before) : null;
  const open = template ?? pathBrace;
  if (!open) return undefined;
  const start = offset - (open[1]?.length ?? 0);
  const close = template ? '}}' : '}';
  const after = text.slice(offset, node.offset + node.length - 1);
  const closeLength = after.startsWith(close) ? close.length : 0;
  const candidates = operation.parameters
    .filter((p) => (template ? p.template?.node !== node : p.location?.value === 'path'))
    .map((p) => p.name?.value)
    .filter((n): n is string => n !== undefined);
  return [...new Set(candidates)].map((name) => ({ label: name, kind: 'reference', insertText: `${name}${close}`, replace: { offset: start, length: offset - start + closeLength } }));
}

/** Completion proposals at an offset: property names valid there, values with their meaning, names in placeholders. */
export function completionsAt(document: ConnectorDocument, offset: number): CompletionProposal[] {
  const { root, tree } = document.parsed;
  if (!root || !tree) return [];
  const node = tree.nodeOrUndefined(tree.nodeAt(offset, true));
  const { path, atKey } = cursorLocation(document, offset);
  // Typing inside a string: replace the whole string (quotes included) so the result stays valid JSON.
  const inString = node?.type === 'string' && offset > node.offset && offset < node.offset + node.length;
  const replace = inString && node ? { offset: node.offset, length: node.length } : { offset, length: 0 };
  if (inString && node && !atKey) {
    const placeholders = placeholderProposals(document, node, offset, path);
    if (placeholders) return placeholders;
  }
  if (atKey) {
    const objectPath = path.slice(0, -1);
    return propertyProposals(objectKindAt(objectPath), objectPath, nodeAtPath(root, objectPath), document, replace);
  }
  return valueProposals(path, document, replace);
}

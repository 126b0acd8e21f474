import { addPropertyEdits, appendToArrayEdits, replaceValueEdit, type EditableText } from '../edits';
import type { TextEdit } from '../findings';
import { joinBase, namesScheme } from '../http/url';
import { headerEntry, type CustomRequest, type ODataConnector, type RestOperation } from '../model';
import type { JsonValue } from '../tree';

/** Splits the platform's "several at once" input: names separated by commas, semicolons or new lines. */
export function splitParameterNames(input: string): string[] {
  const names = input.split(/[,;\r\n]+/).map((n) => n.trim()).filter((n) => n !== '');
  return [...new Set(names)];
}

/** Edits that add several query parameters of one type to an operation; names it already has are skipped. */
export function addQueryParametersEdits(
  target: EditableText,
  operation: RestOperation,
  names: readonly string[],
  type: string,
  required: boolean,
): { edits: TextEdit[]; added: string[]; skipped: string[] } {
  const existing = new Set(operation.parameters.filter((p) => p.location?.value === 'query').map((p) => p.name?.value));
  const added = names.filter((n) => !existing.has(n));
  const skipped = names.filter((n) => existing.has(n));
  const parameters: JsonValue[] = added.map((name) => ({ name, location: 'query', type, ...(required ? { required: true } : {}) }));
  if (parameters.length === 0) return { edits: [], added, skipped };
  if (!operation.parametersNode) {
    return { edits: addPropertyEdits(target, operation.node, 'parameters', parameters), added, skipped };
  }
  return { edits: appendToArrayEdits(target, operation.parametersNode, ...parameters), added, skipped };
}

/** Edits that add `If-Match: {{etag}}` to a Custom request (the platform's dedicated button). */
export function ifMatchHeaderEdits(target: EditableText, request: CustomRequest): TextEdit[] | undefined {
  if (headerEntry(request.headers, 'If-Match')) return undefined;
  if (request.headers) return addPropertyEdits(target, request.headers.node, 'If-Match', '{{etag}}');
  return addPropertyEdits(target, request.node, 'headers', { 'If-Match': '{{etag}}' });
}

/** The edit that writes the base URL in front of a relative Custom request url (the platform's 'Get base url'). */
export function insertBaseUrlEdit(connector: ODataConnector, request: CustomRequest): TextEdit | undefined {
  const base = connector.baseUrl?.value;
  const url = request.url;
  if (!base || !url || namesScheme(url.value)) return undefined;
  // The url the request goes to, written out: a base URL's own query after the path, as sending puts it.
  return replaceValueEdit(url.node, joinBase(base, url.value));
}

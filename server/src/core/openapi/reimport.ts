import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { applyEdits, formattingFor, setValueEdits } from '../edits';
import { jsonOf, valueOf, type JsonValue } from '../tree';
import { asArray, asObject, asString } from './document';
import type { AuthorizationJson, JsonObject, OperationJson, RestConnectorJson } from './types';

/** What a re-import changed in a connector file, in the user's words, and the file's new text. */
export interface ReimportResult {
  text: string;
  changes: string[];
}

/** Equal as JSON values (key order ignored). */
function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  return [...keys].every((k) => sameJson(ao[k], bo[k]));
}

/** A parameter's key in an operation: its name and place. */
function parameterKey(parameter: JsonValue | undefined): string {
  const p = asObject(parameter);
  return `${asString(p?.location) ?? ''} ${asString(p?.name) ?? ''}`;
}

/** The file's current tree and JSON, after each edit. */
function read(text: string): { root: Node | undefined; json: JsonObject } {
  const root = parseTree(text, [], { allowTrailingComma: true });
  return { root, json: asObject(root ? jsonOf(root) : undefined) ?? {} };
}

/** Sets (or, with `undefined`, removes) the value at a path of a JSON text, which changes in place. */
type Setter = (path: (string | number)[], value: JsonValue | undefined) => void;

/**
 * Brings a newer import into an existing connector file: operations the import has are updated in place (property by
 * property, parameter by parameter, so comments elsewhere stay), new ones are added, and operations the import does
 * not have are kept (they are the user's, or gone from the document: each is reported). Name, base URL and
 * authorization stay as the user set them; differences are reported.
 */
export function reimportInto(text: string, imported: RestConnectorJson): ReimportResult | { problem: string } {
  let current = text;
  const set: Setter = (path, value) => {
    current = applyEdits(current, setValueEdits(current, path, value));
  };
  const { json } = read(current);
  if (json.kind !== 'rest') return { problem: 'The existing file is not a REST connector ("kind": "rest"); choose another file to write to.' };
  const changes: string[] = [];
  for (const key of ['baseUrl', 'authorization'] as const) {
    if (json[key] !== undefined && !sameJson(json[key], imported[key] as JsonValue | undefined)) {
      changes.push(`${key} kept as it is in the file; the document says ${JSON.stringify(imported[key] ?? null)}.`);
    } else if (json[key] === undefined && imported[key] !== undefined) {
      set([key], imported[key] as JsonValue);
      changes.push(`${key} added.`);
    }
  }
  for (const [name, model] of Object.entries(imported.models ?? {})) {
    const existingModel = asObject(json.models)?.[name];
    if (existingModel === undefined) {
      set(['models', name], model as JsonValue);
      changes.push(`Model '${name}' added.`);
    } else if (!sameJson(existingModel, model as JsonValue)) {
      set(['models', name], model as JsonValue);
      changes.push(`Model '${name}' changed.`);
    }
  }
  const { root, json: now } = read(current);
  const existing = asArray(now.operations);
  const nodes = (root ? findNodeAtLocation(root, ['operations']) : undefined)?.children ?? [];
  const indexById = new Map<string, number>();
  existing.forEach((value, index) => {
    const id = asString(asObject(value)?.id);
    if (id !== undefined && !indexById.has(id)) indexById.set(id, index);
  });
  // Each operation already in the file is updated in a text of its own, from the start of its line (so indentation is
  // worked out as in the file), and all are put back in one pass: an edit of the whole file per change took minutes
  // at thousands of operations. An operation that shares its line with something else is updated in the file itself.
  const lineOf = (node: Node): string => current.slice(current.lastIndexOf('\n', node.offset - 1) + 1, node.offset);
  const apart = imported.operations.every((o) => {
    const node = nodes[indexById.get(o.id) ?? -1];
    return node === undefined || /^[ \t]*$/.test(lineOf(node));
  });
  const formatting = formattingFor(current);
  const replacements: { offset: number; length: number; content: string }[] = [];
  const added: JsonValue[] = [];
  for (const operation of imported.operations) {
    const index = indexById.get(operation.id);
    const node = index === undefined ? undefined : nodes[index];
    if (index === undefined || !node) {
      added.push(operation as unknown as JsonValue);
      changes.push(`Operation '${operation.id}' added (${operation.method} ${operation.path}).`);
      continue;
    }
    if (!apart) {
      updateOperation(asObject(existing[index]) ?? {}, operation, (path, value) => set(['operations', index, ...path], value), changes);
      continue;
    }
    const indent = lineOf(node);
    let part = indent + current.slice(node.offset, node.offset + node.length);
    const before = part;
    updateOperation(asObject(existing[index]) ?? {}, operation, (path, value) => {
      part = applyEdits(part, setValueEdits(part, path, value, formatting));
    }, changes);
    if (part !== before) replacements.push({ offset: node.offset, length: node.length, content: part.slice(indent.length) });
  }
  current = applyEdits(current, replacements);
  // A file without operations, or with none yet, gets the first the usual way; the others follow it.
  let rest = added;
  if (rest.length > 0 && existing.length === 0) {
    set(Array.isArray(now.operations) ? ['operations', -1] : ['operations'], Array.isArray(now.operations) ? rest[0] : [rest[0] as JsonValue]);
    rest = rest.slice(1);
  }
  const appended = appendedElements(current, ['operations'], rest, formatting);
  if (appended) current = applyEdits(current, [appended]);
  else for (const operation of rest) set(['operations', -1], operation);
  const importedIds = new Set(imported.operations.map((o) => o.id));
  for (const value of existing) {
    const id = asString(asObject(value)?.id);
    if (id && !importedIds.has(id)) changes.push(`Operation '${id}' is not in the imported operations; kept as it is (remove it if the service no longer has it).`);
  }
  return { text: current, changes };
}

/**
 * One edit that appends `values` to the array at `path` exactly as appending them one by one would, in time that
 * grows with what is added only: each is appended to a small array holding the last element as the file has it (all
 * that appending looks at), and the text it adds is kept. Undefined when that does not apply (no such array, an empty
 * one, or one written on a line): then append them one by one.
 */
function appendedElements(text: string, path: (string | number)[], values: JsonValue[], formatting: ReturnType<typeof formattingFor>): { offset: number; length: number; content: string } | undefined {
  if (values.length === 0) return { offset: 0, length: 0, content: '' };
  const root = parseTree(text, [], { allowTrailingComma: true });
  const array = root ? findNodeAtLocation(root, path) : undefined;
  const last = array?.type === 'array' ? array.children?.[array.children.length - 1] : undefined;
  if (!array || !last) return undefined;
  const end = last.offset + last.length;
  const tail = text.slice(end, array.offset + array.length);
  let lastLines = text.slice(text.lastIndexOf('\n', last.offset - 1) + 1, end);
  let content = '';
  for (const value of values) {
    const small = `[\n${lastLines}${tail}`;
    const grown = applyEdits(small, setValueEdits(small, [-1], value, formatting));
    const added = grown.slice(small.length - tail.length, grown.length - tail.length);
    const lineBreak = added.indexOf(formatting.eol ?? '\n');
    if (!grown.endsWith(tail) || !added.startsWith(',') || lineBreak < 0) return undefined;
    content += added;
    lastLines = added.slice(lineBreak + (formatting.eol ?? '\n').length);
  }
  return { offset: end, length: 0, content };
}

/** Updates one operation property by property and its parameters one by one. */
function updateOperation(existing: JsonObject, operation: OperationJson, set: Setter, changes: string[]): void {
  const id = operation.id;
  const wanted = operation as unknown as JsonObject;
  for (const key of ['summary', 'description', 'method', 'path', 'headers'] as const) {
    if (!sameJson(existing[key], wanted[key])) {
      set([key], wanted[key]);
      changes.push(`Operation '${id}': ${key} ${wanted[key] === undefined ? 'removed' : existing[key] === undefined ? 'added' : 'changed'}.`);
    }
  }
  const before = asArray(existing.parameters);
  const after = operation.parameters as unknown as JsonValue[];
  if (!Array.isArray(existing.parameters)) {
    set(['parameters'], after);
    if (after.length) changes.push(`Operation '${id}': parameters added.`);
    return;
  }
  // Removed first, from the end, so the indexes of the others stay right.
  for (let i = before.length - 1; i >= 0; i--) {
    const key = parameterKey(before[i]);
    if (!after.some((p) => parameterKey(p) === key)) {
      set(['parameters', i], undefined);
      changes.push(`Operation '${id}': parameter '${asString(asObject(before[i])?.name) ?? ''}' (${asString(asObject(before[i])?.location) ?? ''}) removed.`);
    }
  }
  const kept = before.filter((p) => after.some((q) => parameterKey(q) === parameterKey(p)));
  for (const parameter of after) {
    const at = kept.findIndex((p) => parameterKey(p) === parameterKey(parameter));
    const label = `'${asString(asObject(parameter)?.name) ?? ''}' (${asString(asObject(parameter)?.location) ?? ''})`;
    if (at < 0) {
      set(['parameters', -1], parameter);
      kept.push(parameter);
      changes.push(`Operation '${id}': parameter ${label} added.`);
    } else if (!sameJson(kept[at], parameter)) {
      set(['parameters', at], parameter);
      changes.push(`Operation '${id}': parameter ${label} changed.`);
    }
  }
}

/** The sign-in a connector file has (which an update keeps), when it has one. */
export function authorizationOf(text: string): AuthorizationJson | undefined {
  const authorization = asObject(read(text).json.authorization);
  return authorization && typeof authorization.scheme === 'string' ? (authorization as unknown as AuthorizationJson) : undefined;
}

/** Whether a text holds a connector file the re-import can update (a JSON object). */
export function isConnectorText(text: string): boolean {
  const root = parseTree(text, [], { allowTrailingComma: true });
  return root?.type === 'object' && valueOf(root, 'kind') !== undefined;
}

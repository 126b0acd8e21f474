import type { Node } from 'jsonc-parser';
import { applyEdits, setValueEdits } from '../edits';
import { nestingTooDeep, parseJsonTree } from '../parse';
import { jsonOf, type JsonValue } from '../tree';
import { asArray, asObject, asString } from './document';
import type { JsonObject, OperationJson, RestConnectorJson } from './types';

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
  const parsed = parseJsonTree(text, { allowTrailingComma: true });
  const root = parsed.tooDeep === undefined ? parsed.root : undefined;
  return { root, json: asObject(root ? jsonOf(root) : undefined) ?? {} };
}

/**
 * Brings a newer import into an existing connector file: operations the import has are updated in place (property by
 * property, parameter by parameter, so comments elsewhere stay), new ones are added, and operations the import does
 * not have are kept (they are the user's, or gone from the document: each is reported). Name, base URL and
 * authorization stay as the user set them; differences are reported.
 */
export function reimportInto(text: string, imported: RestConnectorJson): ReimportResult | { problem: string } {
  let current = text;
  const changes: string[] = [];
  const set = (path: (string | number)[], value: JsonValue | undefined): void => {
    current = applyEdits(current, setValueEdits(current, path, value));
  };
  const tooDeep = parseJsonTree(text, { allowTrailingComma: true }).tooDeep;
  if (tooDeep !== undefined) return { problem: `The existing file cannot be updated: ${nestingTooDeep(text, tooDeep)}; connector files are not nested this deep.` };
  let { json } = read(current);
  if (json.kind !== 'rest') return { problem: 'The existing file is not a REST connector ("kind": "rest"); choose another file to write to.' };
  for (const key of ['baseUrl', 'authorization'] as const) {
    if (json[key] !== undefined && !sameJson(json[key], imported[key] as JsonValue | undefined)) {
      changes.push(`${key} kept as it is in the file; the document says ${JSON.stringify(imported[key] ?? null)}.`);
    } else if (json[key] === undefined && imported[key] !== undefined) {
      set([key], imported[key] as JsonValue);
      changes.push(`${key} added.`);
    }
  }
  for (const [name, model] of Object.entries(imported.models ?? {})) {
    const existing = asObject(json.models)?.[name];
    if (existing === undefined) {
      set(['models', name], model as JsonValue);
      changes.push(`Model '${name}' added.`);
    } else if (!sameJson(existing, model as JsonValue)) {
      set(['models', name], model as JsonValue);
      changes.push(`Model '${name}' changed.`);
    }
  }
  const importedIds = new Set(imported.operations.map((o) => o.id));
  for (const operation of imported.operations) {
    ({ json } = read(current));
    const operations = asArray(json.operations);
    const index = operations.findIndex((o) => asString(asObject(o)?.id) === operation.id);
    if (index < 0) {
      if (Array.isArray(json.operations)) set(['operations', -1], operation as unknown as JsonValue);
      else set(['operations'], [operation as unknown as JsonValue]);
      changes.push(`Operation '${operation.id}' added (${operation.method} ${operation.path}).`);
      continue;
    }
    updateOperation(asObject(operations[index]) ?? {}, operation, index, set, changes);
  }
  ({ json } = read(current));
  for (const value of asArray(json.operations)) {
    const id = asString(asObject(value)?.id);
    if (id && !importedIds.has(id)) changes.push(`Operation '${id}' is not in the imported operations; kept as it is (remove it if the service no longer has it).`);
  }
  return { text: current, changes };
}

/** Updates one operation property by property and its parameters one by one. */
function updateOperation(existing: JsonObject, operation: OperationJson, index: number, set: (path: (string | number)[], value: JsonValue | undefined) => void, changes: string[]): void {
  const id = operation.id;
  const wanted = operation as unknown as JsonObject;
  for (const key of ['summary', 'description', 'method', 'path', 'headers'] as const) {
    if (!sameJson(existing[key], wanted[key])) {
      set(['operations', index, key], wanted[key]);
      changes.push(`Operation '${id}': ${key} ${wanted[key] === undefined ? 'removed' : existing[key] === undefined ? 'added' : 'changed'}.`);
    }
  }
  const before = asArray(existing.parameters);
  const after = operation.parameters as unknown as JsonValue[];
  if (!Array.isArray(existing.parameters)) {
    set(['operations', index, 'parameters'], after);
    if (after.length) changes.push(`Operation '${id}': parameters added.`);
    return;
  }
  // Removed first, from the end, so the indexes of the others stay right.
  for (let i = before.length - 1; i >= 0; i--) {
    const key = parameterKey(before[i]);
    if (!after.some((p) => parameterKey(p) === key)) {
      set(['operations', index, 'parameters', i], undefined);
      changes.push(`Operation '${id}': parameter '${asString(asObject(before[i])?.name) ?? ''}' (${asString(asObject(before[i])?.location) ?? ''}) removed.`);
    }
  }
  const kept = before.filter((p) => after.some((q) => parameterKey(q) === parameterKey(p)));
  for (const parameter of after) {
    const at = kept.findIndex((p) => parameterKey(p) === parameterKey(parameter));
    const label = `'${asString(asObject(parameter)?.name) ?? ''}' (${asString(asObject(parameter)?.location) ?? ''})`;
    if (at < 0) {
      set(['operations', index, 'parameters', -1], parameter);
      kept.push(parameter);
      changes.push(`Operation '${id}': parameter ${label} added.`);
    } else if (!sameJson(kept[at], parameter)) {
      set(['operations', index, 'parameters', at], parameter);
      changes.push(`Operation '${id}': parameter ${label} changed.`);
    }
  }
}

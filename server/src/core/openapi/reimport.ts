import { ConnectorText, sameJson, type ElementEdit, type Setter } from '../importing/connectorText';
import type { JsonValue } from '../tree';
import { asArray, asObject, asString } from './document';
import type { AuthorizationJson, JsonObject, OperationJson, RestConnectorJson } from './types';

/** What a re-import changed in a connector file, in the user's words, and the file's new text. */
export interface ReimportResult {
  text: string;
  changes: string[];
}

/** A parameter's key in an operation: its name and place. */
function parameterKey(parameter: JsonValue | undefined): string {
  const p = asObject(parameter);
  return `${asString(p?.location) ?? ''} ${asString(p?.name) ?? ''}`;
}

/**
 * Brings a newer import into an existing connector file: operations the import has are updated in place (property by
 * property, parameter by parameter, so comments elsewhere stay), new ones are added, and operations the import does
 * not have are kept (they are the user's, or gone from the document: each is reported). Name, base URL and
 * authorization stay as the user set them; differences are reported. The file is read once and written in a few
 * passes, however many operations it has.
 */
export function reimportInto(text: string, imported: RestConnectorJson): ReimportResult | { problem: string } {
  const file = new ConnectorText(text);
  const tooDeep = file.nestingProblem();
  if (tooDeep !== undefined) return { problem: tooDeep };
  const json = file.json();
  if (json.kind !== 'rest') return { problem: 'The existing file is not a REST connector ("kind": "rest"); choose another file to write to.' };
  const changes: string[] = [];
  for (const key of ['baseUrl', 'authorization'] as const) {
    if (json[key] !== undefined && !sameJson(json[key], imported[key] as JsonValue | undefined)) {
      changes.push(`${key} kept as it is in the file; the document says ${JSON.stringify(imported[key] ?? null)}.`);
    } else if (json[key] === undefined && imported[key] !== undefined) {
      file.set([key], imported[key] as JsonValue);
      changes.push(`${key} added.`);
    }
  }
  for (const [name, model] of Object.entries(imported.models ?? {})) {
    const existingModel = asObject(json.models)?.[name];
    if (existingModel === undefined) {
      file.set(['models', name], model as JsonValue);
      changes.push(`Model '${name}' added.`);
    } else if (!sameJson(existingModel, model as JsonValue)) {
      file.set(['models', name], model as JsonValue);
      changes.push(`Model '${name}' changed.`);
    }
  }
  // The operations as the file had them: the edits above leave them where they were.
  const existing = asArray(json.operations);
  const indexById = new Map<string, number>();
  existing.forEach((value, index) => {
    const id = asString(asObject(value)?.id);
    if (id !== undefined && !indexById.has(id)) indexById.set(id, index);
  });
  const updates = new Map<number, ElementEdit>();
  const added: JsonValue[] = [];
  // What happened to each operation, in the import's order (the updates are made together, after this loop).
  const perOperation: string[][] = [];
  for (const operation of imported.operations) {
    const index = indexById.get(operation.id);
    if (index === undefined) {
      added.push(operation as unknown as JsonValue);
      perOperation.push([`Operation '${operation.id}' added (${operation.method} ${operation.path}).`]);
      continue;
    }
    // The import's ids are unique; were one there twice, its operation would be updated with the first.
    if (updates.has(index)) continue;
    const updated: string[] = [];
    perOperation.push(updated);
    updates.set(index, (set) => updateOperation(asObject(existing[index]) ?? {}, operation, set, updated));
  }
  file.editElements('operations', updates);
  file.append('operations', added);
  changes.push(...perOperation.flat());
  const importedIds = new Set(imported.operations.map((o) => o.id));
  for (const value of existing) {
    const id = asString(asObject(value)?.id);
    if (id && !importedIds.has(id)) changes.push(`Operation '${id}' is not in the imported operations; kept as it is (remove it if the service no longer has it).`);
  }
  return { text: file.text, changes };
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
  const authorization = asObject(new ConnectorText(text).json().authorization);
  return authorization && typeof authorization.scheme === 'string' ? (authorization as unknown as AuthorizationJson) : undefined;
}

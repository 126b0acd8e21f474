// A Custom request's response structure next to a real answer: a skeleton made from the answer, what a structure
// drops from it and what it expects that the answer lacks, and the edit that writes a skeleton into the file.
import { getNodePath } from 'jsonc-parser';
import { editableText, setValueEdits } from '../edits';
import type { TextEdit } from '../findings';
import type { Connector } from '../model';
import type { JsonValue } from '../tree';
import { isJsonObject, JsonNumber, setMember, type ExactJson } from '../values/exactJson';

/** Elements of an array looked at for its skeleton: enough to find every property of a list's rows. */
const SAMPLED_ELEMENTS = 50;

/** Two skeletons as one: objects take the properties of both (first seen first). */
function merged(a: JsonValue, b: JsonValue): JsonValue {
  if (isJsonObject(a) && isJsonObject(b)) {
    const out: { [key: string]: JsonValue } = { ...a };
    for (const [key, value] of Object.entries(b)) setMember(out, key, Object.prototype.hasOwnProperty.call(out, key) ? merged(out[key] as JsonValue, value) : value);
    return out;
  }
  return a === null ? b : a;
}

/**
 * The skeleton of an answer, shaped like the structures the platform takes: text as "", numbers as 0, booleans
 * as false, null as null; an array as one element holding every property its rows have.
 */
export function responseSkeleton(value: ExactJson, depth = 0): JsonValue {
  if (depth > 64) return null;
  if (typeof value === 'string') return '';
  if (typeof value === 'number' || value instanceof JsonNumber) return 0;
  if (typeof value === 'boolean') return false;
  if (value === null) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    return [value.slice(0, SAMPLED_ELEMENTS).map((v) => responseSkeleton(v, depth + 1)).reduce(merged)];
  }
  const out: { [key: string]: JsonValue } = {};
  for (const [key, member] of Object.entries(value)) setMember(out, key, responseSkeleton(member, depth + 1));
  return out;
}

/** What a structure does to an answer: the paths it drops, and the paths it lists that the answer does not have. */
export interface StructureReport {
  dropped: string[];
  missing: string[];
}

function child(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Compares an answer with a response structure as the shaping applies it (arrays by their first element's
 * skeleton, every row). Each path is listed once, arrays as `[]`.
 */
export function structureReport(data: ExactJson, structure: JsonValue): StructureReport {
  const dropped = new Set<string>();
  const missing = new Set<string>();
  const walk = (value: ExactJson, shape: JsonValue, path: string, depth: number): void => {
    if (depth > 64 || shape === null || typeof shape !== 'object') return;
    if (Array.isArray(shape)) {
      const element = shape[0];
      if (element !== undefined && Array.isArray(value)) for (const item of value.slice(0, SAMPLED_ELEMENTS)) walk(item, element, `${path}[]`, depth + 1);
      return;
    }
    if (!isJsonObject(value)) return;
    const has = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
    for (const key of Object.keys(value)) if (!has(shape, key)) dropped.add(child(path, key));
    for (const [key, sub] of Object.entries(shape)) {
      const member = has(value, key) ? value[key] : undefined;
      if (member === undefined) missing.add(child(path, key));
      else walk(member, sub, child(path, key), depth + 1);
    }
  };
  walk(data, structure, '', 0);
  return { dropped: [...dropped], missing: [...missing] };
}

/** The edits that write `structure` as the Custom request's responseStructure, keeping the file's comments and layout elsewhere. */
export function setResponseStructureEdits(text: string, connector: Connector | undefined, operationId: string, structure: JsonValue): { ok: true; edits: TextEdit[] } | { ok: false; message: string } {
  if (connector?.kind !== 'odata') return { ok: false, message: 'Only OData Custom requests have a response structure.' };
  const request = connector.customRequests.find((r) => r.id?.value === operationId);
  if (!request) return { ok: false, message: `The file has no Custom request '${operationId}' any more.` };
  return { ok: true, edits: setValueEdits(editableText(text), [...getNodePath(request.node), 'responseStructure'], structure) };
}

// A Custom request's response structure next to a real answer: a skeleton made from the answer, what a structure
// drops from it and what it expects that the answer lacks, and the edit that writes a skeleton into the file.
import { getNodePath } from 'jsonc-parser';
import { setValueEdits } from '../edits';
import type { TextEdit } from '../findings';
import type { Connector } from '../model';
import type { JsonValue } from '../tree';

/** Elements of an array looked at for its skeleton: enough to find every property of a list's rows. */
const SAMPLED_ELEMENTS = 50;

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Two skeletons as one: objects take the properties of both (first seen first). */
function merged(a: JsonValue, b: JsonValue): JsonValue {
  if (isObject(a) && isObject(b)) {
    const out: { [key: string]: JsonValue } = { ...a };
    for (const [key, value] of Object.entries(b)) out[key] = key in out ? merged(out[key] as JsonValue, value) : value;
    return out;
  }
  return a === null ? b : a;
}

/**
 * The skeleton of an answer, shaped like the structures the platform takes: text as "", numbers as 0, booleans
 * as false, null as null; an array as one element holding every property its rows have.
 */
export function responseSkeleton(value: JsonValue, depth = 0): JsonValue {
  if (depth > 64) return null;
  if (typeof value === 'string') return '';
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return false;
  if (value === null) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    return [value.slice(0, SAMPLED_ELEMENTS).map((v) => responseSkeleton(v, depth + 1)).reduce(merged)];
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, responseSkeleton(v, depth + 1)]));
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
export function structureReport(data: JsonValue, structure: JsonValue): StructureReport {
  const dropped = new Set<string>();
  const missing = new Set<string>();
  const walk = (value: JsonValue, shape: JsonValue, path: string, depth: number): void => {
    if (depth > 64 || shape === null || typeof shape !== 'object') return;
    if (Array.isArray(shape)) {
      const element = shape[0];
      if (element !== undefined && Array.isArray(value)) for (const item of value.slice(0, SAMPLED_ELEMENTS)) walk(item, element, `${path}[]`, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    for (const key of Object.keys(value)) if (!(key in shape)) dropped.add(child(path, key));
    for (const [key, sub] of Object.entries(shape)) {
      if (!(key in value)) missing.add(child(path, key));
      else walk(value[key] as JsonValue, sub, child(path, key), depth + 1);
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
  return { ok: true, edits: setValueEdits(text, [...getNodePath(request.node), 'responseStructure'], structure) };
}

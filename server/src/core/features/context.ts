import type { JSONPath } from 'jsonc-parser';

/** Which kind of object a JSON path points into, in the connector format's terms. */
export type ObjectKind =
  | 'root' | 'advanced' | 'authorization' | 'models' | 'model' | 'operation' | 'parameter' | 'items'
  | 'customRequest' | 'headers' | 'query' | 'other';

/** The kind of object that holds the property at `path` (the path of an object, not of a value). */
export function objectKindAt(path: JSONPath): ObjectKind {
  const p = path;
  const n = p.length;
  if (n === 0) return 'root';
  const last = p[n - 1];
  const parent = p[n - 2];
  if (n === 1 && last === 'advanced') return 'advanced';
  if (n === 1 && last === 'authorization') return 'authorization';
  if (n === 1 && last === 'models') return 'models';
  if (p[0] === 'models' && n >= 2) return 'model';
  if (last === 'headers') return 'headers';
  if (last === 'query' && p[0] === 'customRequests') return 'query';
  if (last === 'items' && p[0] === 'operations') return 'items';
  if (typeof last === 'number' && parent === 'operations' && n === 2) return 'operation';
  if (typeof last === 'number' && parent === 'parameters' && n === 4) return 'parameter';
  if (typeof last === 'number' && parent === 'customRequests' && n === 2) return 'customRequest';
  return 'other';
}

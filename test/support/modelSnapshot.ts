// A connector's model as plain data, for comparing two models: every field's value and where it stands, the parts
// the model reads only when first asked for (an operation's headers and parameters) included.
import { JsonTree, TreeNode } from '../../server/src/core/parse/jsonTree';

/** Names of the getters an object's classes define (an operation's `parameters`, a part's `node`, ...). */
function getterNames(value: object): string[] {
  const names: string[] = [];
  for (let proto = Object.getPrototypeOf(value) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) if (descriptor.get) names.push(name);
  }
  return names;
}

/** `value` as plain data: nodes as their type and span, every own property and getter read (the tree itself left out). */
export function modelSnapshot(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof TreeNode) return { type: value.type, offset: value.offset, length: value.length };
  if (value instanceof JsonTree) return undefined;
  if (Array.isArray(value)) return value.map(modelSnapshot);
  const out: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(value), ...getterNames(value)])) {
    if (name !== 'tree') out[name] = modelSnapshot((value as Record<string, unknown>)[name]);
  }
  return out;
}

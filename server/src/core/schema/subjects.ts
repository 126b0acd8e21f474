import type { Node } from 'jsonc-parser';
import { nodeAtPath, valueOf } from '../tree';

export type PathSegment = string | number;

/** Turns an ajv instance path ("/operations/0/path") into segments, numbers where the tree has an array. */
export function pathSegments(instancePath: string, root: Node): PathSegment[] {
  if (instancePath === '') return [];
  const segments: PathSegment[] = [];
  let node: Node | undefined = root;
  for (const raw of instancePath.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const asIndex = node?.type === 'array' && /^\d+$/.test(segment) ? Number(segment) : segment;
    segments.push(asIndex);
    node = nodeAtPath(node, [asIndex]);
  }
  return segments;
}

function named(node: Node | undefined, key: string): string | undefined {
  const value = valueOf(node, key)?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** How a message names the object at a path: "Parameter 'petId'", "Operation 'getPet'", "The connector". */
export function subjectAt(root: Node, path: readonly PathSegment[]): string {
  const node = nodeAtPath(root, path);
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (path.length === 0) return 'The connector';
  if (typeof last === 'number') {
    const index = `${last + 1}`;
    if (parent === 'operations') return `Operation '${named(node, 'id') ?? `#${index}`}'`;
    if (parent === 'parameters') return `Parameter '${named(node, 'name') ?? `#${index}`}'`;
    if (parent === 'customRequests') return `Custom request '${named(node, 'id') ?? `#${index}`}'`;
    return `Item ${index} of '${String(parent)}'`;
  }
  if (parent === 'models') return `Model '${last}'`;
  return `'${last}'`;
}

// Which computed parameters lie on a cycle of template references, and one cycle through each, in time linear in the
// references (a depth-first search from every parameter, copying its path at each step, took minutes for a few
// thousand parameters in one operation).

/** A cycle through a name, written as the names along it (the first and the last the same): in full when short, else its ends. */
export interface Cycle {
  head: string[];
  /** How many names are left out between `head` and `tail` (0: `head` is the whole cycle and `tail` is empty). */
  elided: number;
  tail: string[];
}

/**
 * For each name on a cycle of `refersTo`, one cycle through it, keeping up to `keep` names at each end: only the ends
 * are walked (a long cycle written out in full for each of its members would cost its length squared).
 */
export function cyclesThrough(names: readonly string[], refersTo: ReadonlyMap<string, readonly string[]>, keep: number): Map<string, Cycle> {
  const indexOf = new Map(names.map((name, i) => [name, i]));
  const forward = names.map((name) => (refersTo.get(name) ?? []).map((n) => indexOf.get(n)).filter((i): i is number => i !== undefined));
  const backward: number[][] = names.map(() => []);
  forward.forEach((targets, from) => targets.forEach((to) => backward[to]?.push(from)));
  const component = components(forward);
  const membersOf: number[][] = [];
  component.forEach((c, i) => (membersOf[c] ??= []).push(i));
  const cycles = new Map<string, Cycle>();
  const named = (indexes: readonly number[]): string[] => indexes.map((i) => names[i] as string);
  for (let root = 0; root < names.length; root++) {
    const c = component[root] as number;
    const members = membersOf[c] ?? [];
    // The first member of a component in the file's order is its root; the others are reached from it.
    if (members[0] !== root) continue;
    const loops = (forward[root] ?? []).includes(root);
    if (members.length === 1 && !loops) continue;
    // Within the component: how the root reaches each member, and each member's next step back to the root. A
    // member's cycle goes back to the root, then on from the root to the member.
    const fromRoot = breadthFirst(root, forward, component, c);
    const towardRoot = breadthFirst(root, backward, component, c);
    const backFrom = (member: number, limit: number): number[] => follow(member, towardRoot.previous, root, limit);
    const toward = (member: number, limit: number): number[] => follow(member, fromRoot.previous, root, limit).reverse();
    for (const member of members) {
      let whole: number[] | undefined;
      if (member === root) {
        const last = loops ? root : ((backward[root] ?? []).find((p) => component[p] === c) as number);
        whole = [...toward(last, Infinity), root];
      } else if ((towardRoot.distance[member] as number) + (fromRoot.distance[member] as number) + 1 <= 2 * keep) {
        whole = [...backFrom(member, Infinity), ...toward(member, Infinity).slice(1)];
      }
      if (whole) {
        cycles.set(names[member] as string, whole.length <= 2 * keep ? { head: named(whole), elided: 0, tail: [] } : { head: named(whole.slice(0, keep)), elided: whole.length - 2 * keep, tail: named(whole.slice(-keep)) });
        continue;
      }
      const length = (towardRoot.distance[member] as number) + (fromRoot.distance[member] as number) + 1;
      // The ends: the walk back is long enough for the head, or the way on from the root for the tail, or else whole.
      let head = backFrom(member, keep);
      if (head.length < keep) head = [...head, ...toward(member, Infinity).slice(1)].slice(0, keep);
      let tail = toward(member, keep + 1);
      tail = tail.length === keep + 1 ? tail.slice(1) : [...backFrom(member, Infinity), ...toward(member, Infinity).slice(1)].slice(-keep);
      cycles.set(names[member] as string, { head: named(head), elided: length - 2 * keep, tail: named(tail) });
    }
  }
  return cycles;
}

/** The nodes from `from` along `previous` up to and including `stop`, at most `limit` of them. */
function follow(from: number, previous: Int32Array, stop: number, limit: number): number[] {
  const path = [from];
  for (let at = from; at !== stop && path.length < limit; at = previous[at] as number) path.push(previous[at] as number);
  return path;
}

/** From `root` along `edges`, staying in component `c`: each reached node's predecessor on a shortest path, and its distance. */
function breadthFirst(root: number, edges: readonly number[][], component: readonly number[], c: number): { previous: Int32Array; distance: Int32Array } {
  const previous = new Int32Array(edges.length).fill(-2);
  const distance = new Int32Array(edges.length);
  previous[root] = -1;
  const queue = [root];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head] as number;
    for (const next of edges[at] ?? []) {
      if (component[next] !== c || previous[next] !== -2) continue;
      previous[next] = at;
      distance[next] = (distance[at] as number) + 1;
      queue.push(next);
    }
  }
  return { previous, distance };
}

/** The strongly connected component of each node (Tarjan's algorithm with its own stack: deep chains are common). */
function components(edges: readonly number[][]): number[] {
  const n = edges.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const component = new Array<number>(n).fill(-1);
  const stack: number[] = [];
  let counter = 0;
  let count = 0;
  for (let start = 0; start < n; start++) {
    if (index[start] !== -1) continue;
    // Each frame: a node and how many of its edges have been followed.
    const frames: [number, number][] = [[start, 0]];
    index[start] = low[start] = counter++;
    stack.push(start);
    onStack[start] = 1;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as [number, number];
      const [node, followed] = frame;
      const targets = edges[node] ?? [];
      if (followed < targets.length) {
        frame[1]++;
        const next = targets[followed] as number;
        if (index[next] === -1) {
          index[next] = low[next] = counter++;
          stack.push(next);
          onStack[next] = 1;
          frames.push([next, 0]);
        } else if (onStack[next]) {
          low[node] = Math.min(low[node] as number, index[next] as number);
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[node] as number);
      if (low[node] !== index[node]) continue;
      for (;;) {
        const member = stack.pop() as number;
        onStack[member] = 0;
        component[member] = count;
        if (member === node) break;
      }
      count++;
    }
  }
  return component;
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { cyclesThrough } from '../../../../server/src/core/rules/restParameter/templateCycles';

/** Whether `name` reaches itself along one or more references: what "on a cycle" means, by brute force. */
function onCycle(name: string, refersTo: ReadonlyMap<string, readonly string[]>): boolean {
  const seen = new Set<string>();
  const stack = [...(refersTo.get(name) ?? [])];
  while (stack.length > 0) {
    const at = stack.pop() as string;
    if (at === name) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(refersTo.get(at) ?? []));
  }
  return false;
}

const graphs = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.array(fc.array(fc.integer({ min: 0, max: n + 1 }), { maxLength: 3 }), { minLength: n, maxLength: n }).map((targets) => {
    const names = targets.map((_, i) => `p${i}`);
    // References to p{n} and p{n+1} name no parameter of the graph: they are ignored.
    return { names, refersTo: new Map(targets.map((t, i) => [`p${i}`, t.map((j) => `p${j}`)])) };
  }));

test('exactly the names on a cycle are given one, and it is a real cycle through them, whole or by its ends', () => {
  fc.assert(fc.property(graphs, fc.integer({ min: 1, max: 4 }), ({ names, refersTo }, keep) => {
    const whole = cyclesThrough(names, refersTo, 100);
    const ends = cyclesThrough(names, refersTo, keep);
    for (const name of names) {
      assert.equal(whole.has(name), onCycle(name, refersTo), name);
      const cycle = whole.get(name);
      if (!cycle) continue;
      assert.equal(cycle.elided, 0);
      const walk = cycle.head;
      assert.equal(walk[0], name);
      assert.equal(walk[walk.length - 1], name);
      for (let i = 1; i < walk.length; i++) assert.ok(refersTo.get(walk[i - 1] as string)?.includes(walk[i] as string), `${walk.join(' → ')}`);
      const shortened = ends.get(name);
      assert.ok(shortened);
      if (walk.length <= 2 * keep) {
        assert.deepEqual(shortened, cycle);
      } else {
        assert.deepEqual(shortened.head, walk.slice(0, keep));
        assert.deepEqual(shortened.tail, walk.slice(-keep));
        assert.equal(shortened.elided, walk.length - 2 * keep);
      }
    }
  }), { numRuns: 2000 });
});

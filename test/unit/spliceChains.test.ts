import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDocument } from '../../server/src/core/parse';
import type { JsonTree } from '../../server/src/core/parse/jsonTree';
import { treeWithNodeReparsed } from '../../server/src/core/parse/splice';
import { generateConnectorWithFindings, generateRestConnector } from '../bench/generate';

/** Every node's numbers and literal value, and the root's whole plain value: what a reader of the tree can see. */
function seen(tree: JsonTree): unknown {
  const nodes: unknown[] = [];
  for (let i = 0; i < tree.size; i++) {
    const literal = tree.firstChild(i) < 0 && tree.kind(i) !== 1 && tree.kind(i) !== 2 ? tree.value(i) : null;
    nodes.push([tree.kind(i), tree.offset(i), tree.length(i), tree.parent(i), tree.end(i), literal]);
  }
  return { nodes, value: tree.size > 0 ? tree.value(0) : undefined };
}

function fresh(text: string): JsonTree {
  return parseDocument(text).tree as JsonTree;
}

interface Edit {
  which: number;
  at: number;
  remove: number;
  insert: string;
}

/** An edit inside one operation (its first and last character kept): where it goes, the node, the text after it. */
interface Applied {
  unit: number;
  start: number;
  removed: string;
  insert: string;
  text: string;
}

function applyInsideOperation(tree: JsonTree, edit: Edit): Applied {
  const operations = tree.children(tree.member(0, 'operations'));
  const unit = operations[edit.which % operations.length] as number;
  const start = tree.offset(unit) + 1 + (edit.at % Math.max(1, tree.length(unit) - 1));
  const removed = tree.text.slice(start, start + Math.max(0, Math.min(edit.remove, tree.offset(unit) + tree.length(unit) - 1 - start)));
  const text = tree.text.slice(0, start) + edit.insert + tree.text.slice(start + removed.length);
  return { unit, start, removed, insert: edit.insert, text };
}

/** Whether the edit of [start, oldEnd) of the tree's text lies inside node `unit`, its first and last character kept (as the server splices). */
function inside(tree: JsonTree, unit: number, start: number, oldEnd: number): boolean {
  return unit >= 0 && unit < tree.size && start > tree.offset(unit) && oldEnd <= tree.offset(unit) + tree.length(unit) - 1;
}

/**
 * Applies the edits one after another, each to the tree the one before made (shifts on shifts), checks every tree
 * against a fresh parse of its text, then undoes them all back to the first text; at the end every tree of the
 * chain still reads as a fresh parse of its own text (no tree changed another's shared blocks).
 */
function chain(seed: string, edits: Edit[], forgetEvery: number): number {
  const trees: JsonTree[] = [fresh(seed)];
  const undo: Applied[] = [];
  let spliced = 0;
  // The tree after an edit the way the server makes it: spliced when the unit parses alone, else parsed whole.
  const step = (tree: JsonTree, unit: number, start: number, oldEnd: number, text: string): void => {
    const splice = inside(tree, unit, start, oldEnd) ? treeWithNodeReparsed(tree, unit, text, text.length - tree.text.length, 512) : undefined;
    if (splice) spliced++;
    const made = splice ?? fresh(text);
    assert.deepStrictEqual(seen(made), seen(fresh(text)));
    // The server lets go of the plain values of objects and arrays after a full check; trees made after share blocks.
    if (trees.length % forgetEvery === 0) made.forgetContainerValues();
    trees.push(made);
  };
  for (const edit of edits) {
    const tree = trees[trees.length - 1] as JsonTree;
    const applied = applyInsideOperation(tree, edit);
    step(tree, applied.unit, applied.start, applied.start + applied.removed.length, applied.text);
    undo.push(applied);
  }
  for (const applied of undo.reverse()) {
    const tree = trees[trees.length - 1] as JsonTree;
    const text = tree.text.slice(0, applied.start) + applied.removed + tree.text.slice(applied.start + applied.insert.length);
    step(tree, applied.unit, applied.start, applied.start + applied.insert.length, text);
  }
  assert.equal((trees[trees.length - 1] as JsonTree).text, seed, 'undone back to the first text');
  for (const tree of trees) assert.deepStrictEqual(seen(tree), seen(fresh(tree.text)));
  return spliced;
}

const EDIT = fc.record({
  which: fc.nat(),
  at: fc.nat(),
  remove: fc.nat({ max: 3 }),
  insert: fc.constantFrom('x', 'ab', '', ' ', '\r\n', '7', 'é\\u00e9', '"k": "v", ', '{}', ', "extra": [1, {"a": null}]', '"', '}'),
});

test('chains of edits inside operations, each made from the tree before (shifts on shifts), and undone: every tree is a fresh parse of its text', () => {
  const seeds = [generateRestConnector(20), generateRestConnector(20).replace(/\n/g, '\r\n'), generateConnectorWithFindings(12)];
  let spliced = 0;
  fc.assert(fc.property(fc.constantFrom(...seeds), fc.array(EDIT, { minLength: 1, maxLength: 30 }), fc.integer({ min: 2, max: 5 }), (seed, edits, forgetEvery) => {
    spliced += chain(seed, edits, forgetEvery);
  }), { numRuns: 40 });
  assert.ok(spliced > 150, `only ${spliced} edits were spliced`);
});

test('typing letters before, inside and after the blocks of the nodes of an operation, and undoing them, keeps every tree a fresh parse', () => {
  const seed = generateRestConnector(20);
  const tree = fresh(seed);
  const operations = tree.children(tree.member(0, 'operations'));
  // The first, one in the middle and the last operation: edits near the start, in the middle and near the end of the nodes.
  const edits: Edit[] = [];
  for (const which of [0, 10, operations.length - 1, 10, 0]) for (let k = 0; k < 6; k++) edits.push({ which, at: 40 + k, remove: 0, insert: 'x' });
  assert.ok(chain(seed, edits, 1000) >= 50, 'typing in strings is spliced');
});

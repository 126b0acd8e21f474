import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDocument } from '../../server/src/core/parse';
import type { JsonTree } from '../../server/src/core/parse/jsonTree';
import { treeWithNodeReparsed } from '../../server/src/core/parse/splice';
import { lintFully, lintIncrementally, lintText } from '../../server/src/core/lint';
import { generateArraysAndHeadersConnector, generateODataConnector, generateRestConnector } from '../bench/generate';
import { jsoncTreeOf } from '../support/jsoncTree';
import { findingsWithFixesIn } from '../support/fixes';

/** Every node as jsonc-parser shapes it, and every node's plain value. */
function snapshot(tree: JsonTree): unknown {
  return { nodes: jsoncTreeOf(tree), values: Array.from({ length: tree.size }, (_, i) => tree.value(i)) };
}

const SEEDS = [generateRestConnector(7), generateODataConnector(7), generateArraysAndHeadersConnector(3)];
const INSERTS = ['x', ' ', '\n', '1', ', "extra": [1, {"a": null}]', '"k": "v", ', '{}', '// c\n', '"', '}', 'é\\u00e9'];

/**
 * Edits inside a node of `seed` (its first and last character kept), splices the node parsed again into the tree, and
 * holds the result equal to a fresh parse, the previous tree untouched; says whether it spliced.
 */
function splicedInside(seed: string, pick: (tree: JsonTree) => number, at: number, remove: number, insert: string): boolean {
  const before = parseDocument(seed).tree as JsonTree;
  const node = pick(before);
  // Anywhere after the node's first character, up to just before its last.
  const start = before.offset(node) + 1 + (at % Math.max(1, before.length(node) - 1));
  const removed = Math.min(remove, before.offset(node) + before.length(node) - 1 - start);
  const text = seed.slice(0, start) + insert + seed.slice(start + removed);
  const tree = treeWithNodeReparsed(before, node, text, insert.length - removed, 512);
  const fresh = parseDocument(text);
  if (!tree) return false;
  assert.deepEqual(fresh.syntaxFindings, [], 'a node that parses alone leaves a file that parses');
  assert.deepStrictEqual(snapshot(tree), snapshot(fresh.tree as JsonTree));
  // The previous tree is left as it was.
  assert.deepStrictEqual(snapshot(before), snapshot(parseDocument(seed).tree as JsonTree));
  return true;
}

test('an operation parsed again and put in place gives the tree a fresh parse gives, or nothing', () => {
  let spliced = 0;
  fc.assert(fc.property(fc.constantFrom(...SEEDS), fc.nat(), fc.nat({ max: 4 }), fc.constantFrom(...INSERTS), (seed, at, remove, insert) => {
    const unit = (tree: JsonTree): number => {
      const units = tree.children(tree.member(0, seed.includes('"operations"') ? 'operations' : 'customRequests'));
      return units[at % units.length] as number;
    };
    if (splicedInside(seed, unit, at, remove, insert)) spliced++;
  }), { numRuns: 600 });
  assert.ok(spliced > 100, `only ${spliced} edits were spliced`);
});

test('a setting of the connector (a root property\'s value of any kind) parsed again and put in place gives the tree a fresh parse gives, or nothing', () => {
  let spliced = 0;
  fc.assert(fc.property(fc.constantFrom(...SEEDS), fc.nat(), fc.nat(), fc.nat({ max: 4 }), fc.constantFrom(...INSERTS, 'a', '9', 'true'), (seed, which, at, remove, insert) => {
    const setting = (tree: JsonTree): number => {
      const values = tree.children(0).map((p) => tree.propertyValue(p)).filter((v) => v >= 0 && tree.length(v) > 2);
      return values[which % values.length] as number;
    };
    if (splicedInside(seed, setting, at, remove, insert)) spliced++;
  }), { numRuns: 600 });
  assert.ok(spliced > 100, `only ${spliced} edits were spliced`);
});

test('an edit that deletes a closing brace inside a setting reads past its end: nothing is spliced, and the check says what a full check says', () => {
  const seed = generateRestConnector(7);
  const before = parseDocument(seed).tree as JsonTree;
  const models = before.member(0, 'models');
  // The brace closing the model's "name" property: the models object now runs on through the operations.
  const at = seed.indexOf('"string" }', before.offset(models)) + '"string"'.length;
  const text = seed.slice(0, at) + '// c\n' + seed.slice(at + 2);
  assert.equal(treeWithNodeReparsed(before, models, text, 3, 512), undefined);
  const state = lintIncrementally(lintFully(seed), text);
  assert.equal(state.checked, 'fully');
  assert.deepEqual(findingsWithFixesIn(state.result), lintText(text).findings);
  assert.ok(state.result.findings.some((f) => f.code === 'syntax-error'));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';
import { duplicateKeyFindings } from '../../../server/src/core/duplicateKeys';
import { applyEdits } from '../../../server/src/core/edits';
import { fixIn } from '../../../server/src/core/findings';
import { lintFully, lintIncrementally, lintText } from '../../../server/src/core/lint';
import { parseDocument } from '../../../server/src/core/parse';
import { checkValuesFile } from '../../../server/src/core/request/valuesFile';
import { operation, restConnector } from '../../support/connectorText';
import { findingsWithFixesIn } from '../../support/fixes';

const TWO_METHODS = restConnector([
  '{ "id": "a", "method": "GET", "path": "/a", "parameters": [] }',
  `{ "id": "b",
      "method": "GET",
      "path": "/b",
      "method": "POST",
      "parameters": [] }`,
]);

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

test('"method": "GET", "method": "POST" is an error on the second key that names and points at the first', () => {
  const { findings } = lintText(TWO_METHODS);
  const duplicates = findings.filter((f) => f.code === 'duplicate-key');
  assert.equal(duplicates.length, 1);
  const [duplicate] = duplicates;
  assert.equal(duplicate?.severity, 'error');
  const second = TWO_METHODS.lastIndexOf('"method"');
  const first = TWO_METHODS.lastIndexOf('"method"', second - 1);
  assert.equal(duplicate?.offset, second);
  assert.equal(duplicate?.length, '"method"'.length);
  assert.match(duplicate?.message ?? '', new RegExp(`"method" is written twice.*line ${lineOf(TWO_METHODS, first)}`));
  assert.deepEqual(duplicate?.related?.map((r) => [r.offset, r.length]), [[first, '"method"'.length]]);
});

test('either fix leaves one method and a file that lints clean', () => {
  const duplicate = lintText(TWO_METHODS).findings.find((f) => f.code === 'duplicate-key');
  assert.equal(duplicate?.fixes?.length, 2);
  const kept = [];
  for (const fix of duplicate?.fixes ?? []) {
    const fixed = applyEdits(TWO_METHODS, fixIn(fix, TWO_METHODS).edits);
    assert.deepEqual(lintText(fixed).findings, [], fixed);
    kept.push(/"id": "b"[\s\S]*"method": "(\w+)"/.exec(fixed)?.[1]);
  }
  assert.deepEqual(kept.sort(), ['GET', 'POST']);
});

test('duplicates are found at every level, once per repeat, and equal keys in different objects are fine', () => {
  const text = `{ "kind": "rest", "name": "x", "baseUrl": "https://a.example", "name": "y",
  "operations": [ ${operation('a', 'GET', '/a', ['{ "name": "q", "location": "query", "type": "string", "type": "integer" }'])},
                  ${operation('b', 'GET', '/b', ['{ "name": "q", "location": "query", "type": "string" }'])} ],
  "name": "z" }`;
  const duplicates = lintText(text).findings.filter((f) => f.code === 'duplicate-key');
  assert.deepEqual(duplicates.map((f) => text.slice(f.offset, f.offset + f.length)), ['"name"', '"type"', '"name"']);
  assert.ok(duplicates.every((f) => f.related?.[0] && text.slice(f.related[0].offset, f.related[0].offset + f.related[0].length) === text.slice(f.offset, f.offset + f.length)));
});

test('a key is compared only with the keys of its own object, however many each object has', () => {
  // Objects one after another, each with its own keys: a key of the one before never counts as a repeat; an object of
  // 17 and one of 30 keys repeat their first key last.
  const keys = (n: number): string => Array.from({ length: n }, (_, i) => `"k${i}": ${i}`).join(', ');
  const text = `{ "a": { ${keys(5)} }, "b": { ${keys(5)} }, "c": { ${keys(17)}, "k0": 0 }, "d": { ${keys(30)}, "k0": 0 }, "e": { "k1": 1, "k2": 2 } }`;
  const duplicates = duplicateKeyFindings(text, parseDocument(text).root);
  const objectOf = (offset: number): string | undefined => /"(\w)": \{[^{}]*$/.exec(text.slice(0, offset))?.[1];
  assert.deepEqual(duplicates.map((f) => [objectOf(f.offset), text.slice(f.offset, f.offset + f.length)]), [['c', '"k0"'], ['d', '"k0"']]);
});

test('the level of duplicate-key can be changed like any rule', () => {
  const { findings } = lintText(TWO_METHODS, { overrides: { 'duplicate-key': 'warning' } });
  assert.equal(findings.find((f) => f.code === 'duplicate-key')?.severity, 'warning');
  assert.equal(lintText(TWO_METHODS, { overrides: { 'duplicate-key': 'off' } }).findings.length, 0);
});

test('checking while typing finds a duplicate typed into one operation, and keeps those of the others', () => {
  const clean = TWO_METHODS.replace('"method": "POST",\n      ', '');
  assert.deepEqual(lintText(clean).findings, []);
  let state = lintFully(clean);
  // Typed into operation a: a second "path".
  const typed = clean.replace('"path": "/a",', '"path": "/a", "path": "/c",');
  state = lintIncrementally(state, typed);
  assert.equal(state.checked, 'one-operation');
  assert.deepEqual(findingsWithFixesIn(state.result), lintText(typed).findings);
  assert.equal(state.result.findings.filter((f) => f.code === 'duplicate-key').length, 1);
  // Then typed into operation b: the finding in a is kept, and still points at the right place.
  const again = typed.replace('"path": "/b",', '"path": "/bb",');
  state = lintIncrementally(state, again);
  assert.equal(state.checked, 'one-operation');
  assert.deepEqual(findingsWithFixesIn(state.result), lintText(again).findings);
  // Typed before operation a: everything after the edit moves, related places included.
  const moved = again.replace('"name": "Test"', '"name": "Test 2"');
  state = lintIncrementally(state, moved);
  assert.deepEqual(findingsWithFixesIn(state.result), lintText(moved).findings);
});

test('a values file with a key twice is an error that names the first', () => {
  const connector = lintText(restConnector([operation('a', 'GET', '/a', ['{ "name": "q", "location": "query", "type": "string" }'])])).connector;
  assert.ok(connector);
  const values = '{\n  "a": { "q": "one",\n         "q": "two" }\n}';
  const findings = checkValuesFile(values, connector);
  assert.deepEqual(findings.map((f) => [f.code, lineOf(values, f.offset)]), [['duplicate-key', 3]]);
  assert.match(findings[0]?.message ?? '', /"q" is written twice in this object; the first is on line 2/);
  const twoOperations = '{ "a": { "q": "one" }, "a": { "q": "two" } }';
  assert.deepEqual(checkValuesFile(twoOperations, connector).map((f) => f.code), ['duplicate-key']);
});

/** Objects (and arrays of them) written as text with keys drawn from a few letters, so that some objects repeat one. */
const objectsWithFewKeys = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', '"x"', 'null', 'true'),
    fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', '__proto__'), tie('value')), { maxLength: 5 }).map((entries) => `{ ${entries.map(([k, v]) => `"${k}": ${v}`).join(', ')} }`),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
  ),
})).value;

/** How many keys repeat an earlier key of their object, counted on jsonc-parser's tree: an oracle that shares no code with the check. */
function repeatsIn(node: Node | undefined): number {
  if (!node) return 0;
  let repeats = 0;
  if (node.type === 'object') {
    const keys = (node.children ?? []).map((p) => p.children?.[0]?.value as string);
    repeats += keys.length - new Set(keys).size;
  }
  for (const child of node.children ?? []) repeats += repeatsIn(child);
  return repeats;
}

test('the parser knows whether a file repeats a key, and a file it read without one is not walked again', () => {
  fc.assert(fc.property(objectsWithFewKeys, fc.boolean(), (text, broken) => {
    // A syntax error after the value sends the text to the recovering parser, whose tree nobody has looked at for repeats.
    const written = broken ? `${text} ,` : text;
    const parsed = parseDocument(written);
    const repeats = repeatsIn(parseTree(written, [], { allowTrailingComma: true }));
    assert.equal(parsed.tree?.keysDistinct, !broken && repeats === 0, written);
    assert.equal(duplicateKeyFindings(written, parsed.root).length, repeats, written);
  }), { numRuns: 5_000 });
});

test('a tree made by an edit inside one operation knows as much as the tree before it and the operation read again', () => {
  const clean = TWO_METHODS.replace('"method": "POST",\n      ', '');
  let state = lintFully(clean);
  assert.equal(state.result.parsed.tree?.keysDistinct, true);
  const typed = clean.replace('"path": "/a",', '"path": "/a", "path": "/c",');
  state = lintIncrementally(state, typed);
  assert.equal(state.checked, 'one-operation');
  assert.equal(state.result.parsed.tree?.keysDistinct, false);
  const untyped = lintIncrementally(state, clean);
  assert.equal(untyped.checked, 'one-operation');
  // The repeat is gone, but the tree before held it: nothing says the keys are distinct until a full parse compares them.
  assert.equal(untyped.result.parsed.tree?.keysDistinct, false);
  assert.deepEqual(untyped.result.findings, []);
  const elsewhere = lintIncrementally(lintFully(clean), clean.replace('"path": "/b"', '"path": "/bb"'));
  assert.equal(elsewhere.checked, 'one-operation');
  assert.equal(elsewhere.result.parsed.tree?.keysDistinct, true);
});

test('an object of more keys than are compared pairwise is left to the walk, which finds its repeats', () => {
  const keys = (n: number): string => Array.from({ length: n }, (_, i) => `"k${i}": ${i}`).join(', ');
  assert.equal(parseDocument(`{ "a": { ${keys(16)} } }`).tree?.keysDistinct, true);
  const wide = `{ "a": { ${keys(17)} } }`;
  assert.equal(parseDocument(wide).tree?.keysDistinct, false);
  assert.deepEqual(duplicateKeyFindings(wide, parseDocument(wide).root), []);
  const repeatedLast = `{ "a": { ${keys(40)}, "k3": 3 } }`;
  assert.deepEqual(duplicateKeyFindings(repeatedLast, parseDocument(repeatedLast).root).map((f) => repeatedLast.slice(f.offset, f.offset + f.length)), ['"k3"']);
});

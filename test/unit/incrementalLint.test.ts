import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { lintFully, lintIncrementally, lintText, type LintState } from '../../server/src/core/lint';
import { generateODataConnector, generateRestConnector } from '../bench/generate';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const SEEDS = [
  generateRestConnector(6),
  generateODataConnector(6),
  ...['broken-rest', 'broken-odata', 'petstore', 'ifs-orders'].map((name) => readFileSync(join(EXAMPLES, `${name}.connector.json`), 'utf8')),
];

// Words that, swapped for each other, keep the file parseable but change what the rules say.
const SWAPS = [
  ['"query"', '"path"', '"header"', '"body"', '"form"', '"matrix"', '"Query"'],
  ['"GET"', '"POST"', '"DELETE"', '"PUT"'],
  ['"csv"', '"multi"', '"pipes"'],
  ['"string"', '"integer"', '"array"', '"object"', '"file"', '"fileGallery"', '"computed"', '"stream"'],
  ['true', 'false', '1', '"yes"'],
  ['"application/json"', '"multipart/form-data"', '"text/plain"'],
  ['"onlyPath"', '"queryAndPath"'],
  ['"create"', '"read"', '"update"'],
];

/** An edit as a user makes it: a swapped word, a typed or deleted character, or a stray structural character. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('swap' as const), group: fc.nat(), from: fc.nat(), to: fc.nat(), occurrence: fc.nat() }),
  fc.record({ kind: fc.constant('type' as const), at: fc.nat(), remove: fc.nat({ max: 3 }), insert: fc.constantFrom('', 'x', '1', ' ', '{', '}', '"', ',', 'p', '{id}', '{{v}}', '\n') }),
);

function apply(text: string, e: typeof edit extends fc.Arbitrary<infer T> ? T : never): string {
  if (e.kind === 'type') {
    const at = e.at % (text.length + 1);
    return text.slice(0, at) + e.insert + text.slice(at + Math.min(e.remove, text.length - at));
  }
  const group = SWAPS[e.group % SWAPS.length] as string[];
  const from = group[e.from % group.length] as string;
  const to = group[e.to % group.length] as string;
  const positions: number[] = [];
  for (let i = text.indexOf(from); i >= 0; i = text.indexOf(from, i + 1)) positions.push(i);
  if (positions.length === 0) return text;
  const at = positions[e.occurrence % positions.length] as number;
  return text.slice(0, at) + to + text.slice(at + from.length);
}

test('checking only the edited operation gives exactly the findings, tree and model of a full check, edit after edit', () => {
  let incremental = 0;
  let total = 0;
  fc.assert(
    fc.property(fc.constantFrom(...SEEDS), fc.array(edit, { minLength: 1, maxLength: 12 }), (seed, edits) => {
      let text = seed;
      let state: LintState = lintFully(text);
      for (const e of edits) {
        text = apply(text, e);
        state = lintIncrementally(state, text);
        total++;
        if (state.checked === 'one-operation') incremental++;
        const full = lintText(text);
        assert.deepEqual(state.result.findings, full.findings);
        // The tree and model updated in place are the ones a fresh parse builds.
        assert.deepStrictEqual(state.result.parsed.root, full.parsed.root);
        assert.deepStrictEqual(state.result.connector, full.connector);
        assert.equal(state.result.parsed.text, text);
      }
    }),
    { numRuns: 400 },
  );
  // The property would hold trivially if nothing were ever reused.
  assert.ok(incremental > total / 10, `only ${incremental} of ${total} edits were checked incrementally`);
});

test('an edit inside one operation re-checks that operation only and moves the others\' findings and fixes', () => {
  const text = readFileSync(join(EXAMPLES, 'broken-rest.connector.json'), 'utf8');
  const first = lintFully(text);
  assert.ok(first.units, 'the broken example can be checked per operation');
  // Indent a line of one operation further: every later finding (and fix) moves by the inserted length.
  const at = text.indexOf('"id": "searchPets",') + '"id": "searchPets",'.length;
  const edited = `${text.slice(0, at)}            ${text.slice(at)}`;
  const next = lintIncrementally(first, edited);
  assert.equal(next.checked, 'one-operation');
  assert.deepEqual(next.result.findings, lintText(edited).findings);
  const later = first.result.findings.filter((f) => f.offset > at);
  assert.ok(later.length > 0);
  assert.deepEqual(next.result.findings.filter((f) => f.offset > at).map((f) => f.offset), later.map((f) => f.offset + 12));
});

test('edits outside operations, syntax errors and other options fall back to a full check', () => {
  const text = generateRestConnector(4);
  const first = lintFully(text);
  const renamed = text.replace('"name": "', '"name": "Renamed ');
  assert.equal(lintIncrementally(first, renamed).checked, 'fully');
  const broken = text.replace('"summary": "', '"summary": ');
  const afterBreak = lintIncrementally(first, broken);
  assert.equal(afterBreak.checked, 'fully');
  assert.ok(afterBreak.result.findings.some((f) => f.code === 'syntax-error'));
  const other = lintIncrementally(first, text.replace('"summary": "', '"summary": "x'), { overrides: { 'format-without-effect': 'off' } });
  assert.equal(other.checked, 'fully');
});

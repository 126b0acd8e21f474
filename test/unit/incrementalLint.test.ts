import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
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
  // Settings that rules about one operation or request read: the authorization's scheme and header, model names.
  ['"bearer"', '"apiKey"', '"basic"', '"oauth2"', '"none"'],
  ['"X-Api-Key"', '"X-Trace"', '"Authorization"', '"X-Other"'],
  ['"Pet"', '"Item"', '"Pets"'],
];

/** Text typed into a setting of the connector: its name, baseUrl, authorization, advanced, models, version, ... */
const SETTING_INSERTS = ['x', '1', ' ', '"', '/', '?q=1', '#f', '{', '}', ',', '\n', '\r\n', '  ', 'Pet', 'Item', 'true', 'https:'];

/**
 * An edit as a user makes it: a swapped word, a typed or deleted character, or a stray structural character,
 * anywhere or inside the value of one of the connector's settings (a root property).
 */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('swap' as const), group: fc.nat(), from: fc.nat(), to: fc.nat(), occurrence: fc.nat() }),
  fc.record({ kind: fc.constant('type' as const), at: fc.nat(), remove: fc.nat({ max: 3 }), insert: fc.constantFrom('', 'x', '1', ' ', '{', '}', '"', ',', 'p', '{id}', '{{v}}', '\n', '\r\n') }),
  fc.record({ kind: fc.constant('setting' as const), which: fc.nat(), at: fc.nat(), remove: fc.nat({ max: 3 }), insert: fc.constantFrom(...SETTING_INSERTS) }),
);

function apply(text: string, e: typeof edit extends fc.Arbitrary<infer T> ? T : never): string {
  if (e.kind === 'type') {
    const at = e.at % (text.length + 1);
    return text.slice(0, at) + e.insert + text.slice(at + Math.min(e.remove, text.length - at));
  }
  if (e.kind === 'setting') {
    const values = (parseTree(text)?.children ?? []).map((p) => p.children?.[1]).filter((v) => v !== undefined && v.length > 2);
    const value = values[e.which % Math.max(1, values.length)];
    if (!value) return text;
    // Anywhere after the value's first character, up to just before its last.
    const at = value.offset + 1 + (e.at % (value.length - 1));
    return text.slice(0, at) + e.insert + text.slice(at + Math.min(e.remove, value.offset + value.length - 1 - at));
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

test('checking only the edited operation or setting gives exactly the findings, tree and model of a full check, edit after edit', () => {
  let incremental = 0;
  let settings = 0;
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
        if (state.checked === 'one-setting') settings++;
        const full = lintText(text);
        assert.deepEqual(state.result.findings, full.findings);
        // The tree and model updated in place are the ones a fresh parse builds.
        assert.deepStrictEqual(state.result.parsed.root, full.parsed.root);
        assert.deepStrictEqual(state.result.connector, full.connector);
        assert.equal(state.result.parsed.text, text);
      }
    }),
    { numRuns: 600 },
  );
  // The property would hold trivially if nothing were ever reused. About one edit in ten is checked as one operation
  // and one in ten as one setting (random edits often break the syntax); half that is far below any run's count.
  assert.ok(incremental > total / 20, `only ${incremental} of ${total} edits were checked incrementally`);
  assert.ok(settings > total / 20, `only ${settings} of ${total} edits were checked as edits of one setting`);
});

test('a repeated key\'s finding names the line of the first one, and stays right when an edit elsewhere adds or removes lines', () => {
  const text = generateRestConnector(4).replace('"summary": "Upload for item 3",', '"summary": "Upload for item 3", "summary": "again",');
  let state = lintFully(text);
  // Lines as editors count them: CR LF, CR and LF each end one.
  const line = (t: string): number => t.slice(0, t.indexOf('"Upload for item 3"')).split(/\r\n|\r|\n/).length;
  assert.match(state.result.findings.find((f) => f.code === 'duplicate-key')?.message ?? '', new RegExp(`the first is on line ${line(text)}\\.`));
  // A line break typed in the first operation, in the connector's name, then a CR LF split and joined again.
  const edits = [
    (t: string) => t.replace('"summary": "Read item 0",', '"summary": "Read item 0",\n'),
    (t: string) => t.replace('"name": "Bench REST 4"', '"name": "Bench\\n REST 4"'),
    (t: string) => t.replace('"method": "GET",\n', '"method": "GET",\r\n'),
    (t: string) => t.replace('"method": "GET",\r\n', '"method": "GET",\rx\n'),
    (t: string) => t.replace('"summary": "Read item 0",\n', '"summary": "Read item 0",'),
  ];
  let now = text;
  for (const edit of edits) {
    now = edit(now);
    state = lintIncrementally(state, now);
    assert.deepEqual(state.result.findings, lintText(now).findings);
  }
  assert.match(state.result.findings.find((f) => f.code === 'duplicate-key')?.message ?? '', new RegExp(`the first is on line ${line(now)}\\.`));
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

test('an edit in a setting of the connector asks only the rules that read it, with the findings of a full check; syntax errors and other options fall back to a full check', () => {
  const text = generateRestConnector(4);
  const first = lintFully(text);
  const renamed = text.replace('"name": "', '"name": "Renamed ');
  const afterRename = lintIncrementally(first, renamed);
  assert.equal(afterRename.checked, 'one-setting');
  assert.deepEqual(afterRename.result.findings, lintText(renamed).findings);
  // Turning constraint enforcement off: the rule that reads it speaks about every operation's constrained parameters.
  const unenforced = text.replace('"enforceConstraints": true', '"enforceConstraints": false');
  const afterUnenforce = lintIncrementally(first, unenforced);
  assert.equal(afterUnenforce.checked, 'one-setting');
  assert.deepEqual(afterUnenforce.result.findings, lintText(unenforced).findings);
  assert.ok(afterUnenforce.result.findings.some((f) => f.code === 'constraints-not-enforced'));
  const broken = text.replace('"summary": "', '"summary": ');
  const afterBreak = lintIncrementally(first, broken);
  assert.equal(afterBreak.checked, 'fully');
  assert.ok(afterBreak.result.findings.some((f) => f.code === 'syntax-error'));
  const other = lintIncrementally(first, text.replace('"summary": "', '"summary": "x'), { overrides: { 'format-without-effect': 'off' } });
  assert.equal(other.checked, 'fully');
});

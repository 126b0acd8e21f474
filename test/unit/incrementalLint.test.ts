import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { rehearsalEdit } from '../../server/src/core/check/incremental';
import { findingMover } from '../../server/src/core/check/units';
import { fixIn, type Finding } from '../../server/src/core/findings';
import { lintFully, lintIncrementally, lintText, type LintState } from '../../server/src/core/lint';
import { RULES } from '../../server/src/core/rules';
import type { Rule } from '../../server/src/core/rules/types';
import type { ChangedRegion } from '../../server/src/core/textChange';
import { generateConnectorWithFindings, generateODataConnector, generateRestConnector } from '../bench/generate';
import { modelSnapshot } from '../support/modelSnapshot';
import { editsOf, findingsWithFixesIn } from '../support/fixes';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const SEEDS = [
  generateRestConnector(6),
  generateODataConnector(6),
  // Full of findings, with LF and CR LF line ends: edits before, inside and after findings, adding and removing lines.
  generateConnectorWithFindings(3),
  generateConnectorWithFindings(3).replace(/\n/g, '\r\n'),
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

/** The text an edit makes, and the region it covers in the text before it, as the editor tells it. */
function applyTold(text: string, e: typeof edit extends fc.Arbitrary<infer T> ? T : never): { text: string; region: ChangedRegion } {
  const replace = (at: number, removed: number, inserted: string) => ({ text: text.slice(0, at) + inserted + text.slice(at + removed), region: { start: at, oldEnd: at + removed, newEnd: at + inserted.length } });
  if (e.kind === 'type') {
    const at = e.at % (text.length + 1);
    return replace(at, Math.min(e.remove, text.length - at), e.insert);
  }
  if (e.kind === 'setting') {
    const values = (parseTree(text)?.children ?? []).map((p) => p.children?.[1]).filter((v) => v !== undefined && v.length > 2);
    const value = values[e.which % Math.max(1, values.length)];
    if (!value) return replace(0, 0, '');
    const at = value.offset + 1 + (e.at % (value.length - 1));
    return replace(at, Math.min(e.remove, value.offset + value.length - 1 - at), e.insert);
  }
  const group = SWAPS[e.group % SWAPS.length] as string[];
  const from = group[e.from % group.length] as string;
  const to = group[e.to % group.length] as string;
  const positions: number[] = [];
  for (let i = text.indexOf(from); i >= 0; i = text.indexOf(from, i + 1)) positions.push(i);
  if (positions.length === 0) return replace(0, 0, '');
  return replace(positions[e.occurrence % positions.length] as number, from.length, to);
}

test('checking only the edited operation or setting gives exactly the findings, tree and model of a full check, edit after edit', () => {
  let incremental = 0;
  let settings = 0;
  let total = 0;
  fc.assert(
    fc.property(fc.constantFrom(...SEEDS), fc.array(edit, { minLength: 1, maxLength: 12 }), (seed, edits) => {
      let text = seed;
      let state: LintState = lintFully(text);
      for (const [i, e] of edits.entries()) {
        // Every other edit as the editor tells it: the region it replaced (even a word swapped for itself).
        const told = applyTold(text, e);
        text = told.text;
        state = lintIncrementally(state, text, {}, RULES, i % 2 === 0 ? told.region : undefined);
        total++;
        if (state.checked === 'one-operation') incremental++;
        if (state.checked === 'one-setting') settings++;
        const full = lintText(text);
        assert.deepEqual(findingsWithFixesIn(state.result), full.findings);
        // The tree and model updated in place are the ones a fresh parse builds.
        assert.deepStrictEqual(state.result.parsed.root, full.parsed.root);
        assert.deepStrictEqual(state.result.connector, full.connector);
        assert.deepStrictEqual(modelSnapshot(state.result.connector), modelSnapshot(full.connector));
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
    assert.deepEqual(findingsWithFixesIn(state.result), lintText(now).findings);
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
  assert.deepEqual(findingsWithFixesIn(next.result), lintText(edited).findings);
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
  assert.deepEqual(findingsWithFixesIn(afterRename.result), lintText(renamed).findings);
  // Turning constraint enforcement off: the rule that reads it speaks about every operation's constrained parameters.
  const unenforced = text.replace('"enforceConstraints": true', '"enforceConstraints": false');
  const afterUnenforce = lintIncrementally(first, unenforced);
  assert.equal(afterUnenforce.checked, 'one-setting');
  assert.deepEqual(findingsWithFixesIn(afterUnenforce.result), lintText(unenforced).findings);
  assert.ok(afterUnenforce.result.findings.some((f) => f.code === 'constraints-not-enforced'));
  const broken = text.replace('"summary": "', '"summary": ');
  const afterBreak = lintIncrementally(first, broken);
  assert.equal(afterBreak.checked, 'fully');
  assert.ok(afterBreak.result.findings.some((f) => f.code === 'syntax-error'));
  const other = lintIncrementally(first, text.replace('"summary": "', '"summary": "x'), { overrides: { 'format-without-effect': 'off' } });
  assert.equal(other.checked, 'fully');
});

/** Checks `edited` from `previous` and holds it to a full check; returns how it was checked. */
function checkedAs(previous: LintState, edited: string, options = {}, rules: readonly Rule[] = RULES): LintState['checked'] {
  assert.notEqual(edited, previous.result.parsed.text, 'the edit changes the text');
  const next = lintIncrementally(previous, edited, options, rules);
  assert.deepEqual(findingsWithFixesIn(next.result), lintText(edited, options, rules).findings);
  assert.equal(next.result.parsed.text, edited);
  return next.checked;
}

test('the same text again is the same check; the same text with other levels is checked in full', () => {
  const text = generateRestConnector(4);
  const first = lintFully(text);
  assert.equal(lintIncrementally(first, text), first);
  assert.equal(lintIncrementally(first, text, { overrides: {} }), first);
  const otherLevels = lintIncrementally(first, text, { overrides: { 'constraints-not-enforced': 'error' } });
  assert.equal(otherLevels.checked, 'fully');
  assert.notEqual(otherLevels, first);
});

test('an edit outside every operation and setting, in the kind, or between two operations is checked in full', () => {
  const text = generateRestConnector(4);
  const first = lintFully(text);
  assert.equal(checkedAs(first, text.replace('  "baseUrl"', '   "baseUrl"')), 'fully');
  assert.equal(checkedAs(first, text.replace('"kind": "rest"', '"kind": "restx"')), 'fully');
  assert.equal(checkedAs(first, text.replace('"kind": "rest"', '"kind": "odata"')), 'fully');
  // Between the first and the second operation: inside the operations array, outside both.
  const between = text.indexOf('{', text.indexOf('"id": "op1"') - 20);
  assert.equal(checkedAs(first, `${text.slice(0, between)} ${text.slice(between)}`), 'fully');
  // On an operation's own brace: the operation is parsed again with the text around it.
  assert.equal(checkedAs(first, `${text.slice(0, between)}${text.slice(between + 1)}`), 'fully');
});

test('an edit that changes how fixes are written (the file\'s first CR LF) is checked in full, and the fixes follow the new line ends', () => {
  const text = generateConnectorWithFindings(3);
  const first = lintFully(text);
  const fixOf = (state: LintState): string => editsOf(state.result.parsed.text, state.result.findings.find((f) => f.code === 'constraints-not-enforced')?.fixes?.[0])[0]?.content ?? '';
  assert.match(fixOf(first), /^,\n/);
  const at = text.indexOf('"summary": "Search items 1",') + '"summary": "Search items 1",'.length;
  const crlf = `${text.slice(0, at)}\r\n${text.slice(at)}`;
  const next = lintIncrementally(first, crlf);
  assert.equal(next.checked, 'fully');
  assert.deepEqual(findingsWithFixesIn(next.result), lintText(crlf).findings);
  assert.match(fixOf(next), /^,\r\n/);
  // Typing on without changing the line ends is checked in part again.
  assert.equal(checkedAs(next, crlf.replace('"summary": "Search items 2"', '"summary": "Search items 2x"')), 'one-operation');
});

test('a repeated key\'s finding names a line: an edit that moves it is checked in full, one that does not in part', () => {
  const text = generateRestConnector(4).replace('"summary": "Upload for item 3",', '"summary": "Upload for item 3", "summary": "again",');
  const first = lintFully(text);
  assert.equal(checkedAs(first, text.replace('"summary": "Read item 0",', '"summary": "Read item 0",\n')), 'fully');
  assert.equal(checkedAs(first, text.replace('"summary": "Read item 0",', '"summary": "Read item 00",')), 'one-operation');
  // After the repeated key, lines may move: the finding before the edit stays where it is.
  assert.equal(checkedAs(first, text.replace('"method": "PUT",', '"method": "PUT",\n')), 'one-operation');
});

test('a rule that throws while one operation is checked again leaves its failure, and the version is checked in full', () => {
  const throwsOnBoom: Rule = {
    id: 'throws-on-boom',
    subject: 'operation',
    defaultSeverity: 'warning',
    docs: { summary: 'A rule that fails on one summary, for testing.', why: 'To prove a failure while typing is a full check.' },
    check(operation) {
      if (operation.summary?.value.includes('boom')) throw new Error('boom');
    },
  };
  const rules = [...RULES, throwsOnBoom];
  const text = generateRestConnector(4);
  const first = lintFully(text, {}, rules);
  const boom = text.replace('"summary": "Read item 1"', '"summary": "Read item boom"');
  const failed = lintIncrementally(first, boom, {}, rules);
  assert.equal(failed.checked, 'fully');
  assert.deepEqual(findingsWithFixesIn(failed.result), lintText(boom, {}, rules).findings);
  assert.deepEqual(failed.result.findings.map((f) => f.code), ['rule-failure']);
  // A check with a failure keeps nothing for the next: it is checked in full until the rule stops throwing.
  assert.equal(checkedAs(failed, boom.replace('"summary": "Read item 0"', '"summary": "Read item 00"'), {}, rules), 'fully');
  const fine = lintIncrementally(failed, text, {}, rules);
  assert.equal(fine.checked, 'fully');
  assert.equal(checkedAs(fine, text.replace('"summary": "Read item 0"', '"summary": "Read item 00"'), {}, rules), 'one-operation');
});

test('rules are sorted into a rule set once per list and levels, then shared keystroke after keystroke', () => {
  let sorted = 0;
  const quiet: Rule = {
    id: 'quiet',
    subject: 'operation',
    defaultSeverity: 'info',
    docs: { summary: 'A rule that says nothing, for testing.', why: 'To count how often the rules are sorted by subject.' },
    check() {},
  };
  // Sorting a rule by subject reads its subject: count the reads.
  const counted = Object.defineProperty({ ...quiet }, 'subject', { get: () => ((sorted += 1), 'operation'), enumerable: true }) as Rule;
  const rules = [...RULES, counted];
  let text = generateRestConnector(4);
  let state = lintFully(text, {}, rules);
  for (const letter of 'abcdef') {
    text = text.replace('"summary": "Read item 0', `"summary": "Read item 0${letter}`);
    state = lintIncrementally(state, text, {}, rules);
    assert.equal(state.checked, 'one-operation');
  }
  assert.equal(sorted, 1);
  // Other levels are another rule set, made once too.
  const levels = { overrides: { 'constraints-not-enforced': 'error' as const } };
  state = lintIncrementally(state, text, levels, rules);
  state = lintIncrementally(state, `${text} `, levels, rules);
  lintText(text, {}, rules);
  assert.equal(sorted, 2);
});

test('the rehearsed first keystroke is an edit inside one operation, checked in part exactly as in full, and leaves the version it starts from as it was', () => {
  const text = generateConnectorWithFindings(20);
  const state = lintFully(text);
  const findings = structuredClone(state.result.findings);
  const rehearsal = rehearsalEdit(state);
  assert.ok(rehearsal);
  assert.equal(rehearsal.text.length, text.length + 1);
  const next = lintIncrementally(state, rehearsal.text, {}, RULES, rehearsal.edit);
  assert.equal(next.checked, 'one-operation');
  assert.deepEqual(findingsWithFixesIn(next.result), lintText(rehearsal.text).findings);
  assert.equal(state.result.parsed.text, text);
  assert.deepEqual(findingsWithFixesIn(state.result), findings);
  // A version that cannot be checked in part has nothing to rehearse.
  assert.equal(rehearsalEdit(lintFully(text.replace('"operations": [', '"operations": [ ,'))), undefined);
});

test('a suppression comment typed, and deleted again, one character at a time inside an operation gives the findings of a full check at every keystroke', () => {
  const comment = '// connector-disable-next-line empty-value-without-effect -- the service reads it\n        ';
  for (const start of [generateConnectorWithFindings(4), `// connector-disable-next-line constraints-not-enforced -- a test\n${generateConnectorWithFindings(4)}`]) {
    // Above the last 'page' parameter whose emptyValue has no effect.
    const at = start.lastIndexOf('{ "name": "page", "location": "query", "type": "integer", "emptyValue": true }');
    let text = start;
    let state = lintFully(text);
    let inPart = 0;
    const check = (region: ChangedRegion): void => {
      state = lintIncrementally(state, text, {}, RULES, region);
      if (state.checked === 'one-operation') inPart++;
      assert.deepEqual(findingsWithFixesIn(state.result), lintText(text).findings, JSON.stringify(text.slice(at, at + 70)));
    };
    for (let i = 0; i < comment.length; i++) {
      text = text.slice(0, at + i) + comment[i] + text.slice(at + i);
      check({ start: at + i, oldEnd: at + i, newEnd: at + i + 1 });
    }
    const suppressed = state.result.findings.length;
    for (let i = comment.length - 1; i >= 0; i--) {
      text = text.slice(0, at + i) + text.slice(at + i + 1);
      check({ start: at + i, oldEnd: at + i + 1, newEnd: at + i });
    }
    assert.equal(state.result.findings.length, suppressed + 1, `the comment suppressed one finding: ${suppressed} then ${state.result.findings.length}`);
    // A lone slash is a syntax error (checked in full); once the comment is open, each keystroke is checked in part.
    assert.ok(inPart > comment.length, `${inPart} keystrokes checked in part`);
  }
});

test('moving kept findings past an edit moves what lies after it, the finding, its related places and its fixes, each alone, and shares a moved fix', () => {
  const fix = { title: 'Enable', edits: [{ offset: 500, length: 0, content: 'x' }] };
  const before = { code: 'a', severity: 'info' as const, message: 'm', offset: 10, length: 2, related: [{ offset: 300, length: 1, message: 'there' }] };
  const withFix = { code: 'b', severity: 'info' as const, message: 'm', offset: 20, length: 2, fixes: [fix] };
  const alsoFix = { ...withFix, offset: 400 };
  const untouched = { code: 'c', severity: 'info' as const, message: 'm', offset: 30, length: 2 };
  // Three characters typed at 100 in a text of 600.
  const move = findingMover(3, 100, 603);
  const text = 'x'.repeat(603);
  assert.equal(move(untouched), untouched);
  assert.deepEqual(move(before).related, [{ offset: 303, length: 1, message: 'there' }]);
  assert.equal(move(before).offset, 10);
  const movedFix = move(withFix);
  assert.equal(movedFix.offset, 20);
  assert.equal(editsOf(text, movedFix.fixes?.[0])[0]?.offset, 503);
  assert.equal(move(alsoFix).offset, 403);
  assert.equal(move(alsoFix).fixes?.[0], movedFix.fixes?.[0]);
  assert.equal(fix.edits[0]?.offset, 500);
  assert.equal(findingMover(0, 100, 600)(alsoFix), alsoFix);
});

test('a fix moved by an edit before it is moved no more by the next edits before it: its finding is kept as it is, and its edits stay exact', () => {
  const fix = { title: 'Enable', edits: [{ offset: 500, length: 0, content: ',x' }, { offset: 550, length: 2, content: 'y' }], preferred: true };
  const finding = { code: 'b', severity: 'info' as const, message: 'm', offset: 20, length: 2, fixes: [fix] };
  // Typed at 100 (+3), then at 50 (-2), then at 90 (+1): the fix's edits moved by 2 in all, the finding not at all.
  let lengthNow = 600;
  const typed = (delta: number, editEnd: number, kept: Finding): Finding => {
    lengthNow += delta;
    return findingMover(delta, editEnd, lengthNow)(kept);
  };
  const first = typed(3, 100, finding);
  assert.notEqual(first, finding);
  const second = typed(-2, 52, first);
  assert.equal(second, first, 'an edit before a fix already moved leaves its finding as it is');
  const third = typed(1, 90, second);
  assert.equal(third, first);
  assert.deepEqual(editsOf('x'.repeat(lengthNow), third.fixes?.[0]), [{ offset: 502, length: 0, content: ',x' }, { offset: 552, length: 2, content: 'y' }]);
  // Typed after the fix's first edit (at 520, +4): the edits apart move apart, and the finding holds them again as made.
  const fourth = typed(4, 520, third);
  assert.notEqual(fourth, third);
  const now = 'x'.repeat(lengthNow);
  assert.deepEqual(fourth.fixes?.[0] && fixIn(fourth.fixes[0], now), { title: 'Enable', edits: [{ offset: 502, length: 0, content: ',x' }, { offset: 556, length: 2, content: 'y' }], preferred: true });
  // Typed after both: a fix counted from the start is not moved; one counted from the end is, back to its offsets.
  assert.equal(typed(5, 590, fourth), fourth);
  const afterBoth = findingMover(1, 590, 603)(third);
  assert.notEqual(afterBoth, third);
  assert.deepEqual(afterBoth.fixes?.[0] && 'edits' in afterBoth.fixes[0] && afterBoth.fixes[0].edits.map((e) => e.offset), [502, 552]);
});

test('typing in one operation after another keeps the findings before the edit as they were, in the same lists, their fixes at the file\'s end exact', () => {
  let text = generateConnectorWithFindings(20);
  let state = lintFully(text);
  const withFixAtEnd = (s: LintState): number => s.result.findings.filter((f) => f.code === 'constraints-not-enforced').length;
  assert.ok(withFixAtEnd(state) >= 20);
  // A letter typed in operation 12, deleted again, then typed in 5, 15 and 2: after the first, the findings before
  // each edit are those of the version before, but for those of the operation checked again before (made anew).
  let edited = text.length;
  const steps = [['12', '12x'], ['12x', '12'], ['5', '5x'], ['15', '15x'], ['2', '2x']] as const;
  for (const [i, [from, to]] of steps.entries()) {
    const at = text.indexOf(`"summary": "Search items ${from}"`);
    assert.ok(at > 0, from);
    text = `${text.slice(0, at)}"summary": "Search items ${to}"${text.slice(at + `"summary": "Search items ${from}"`.length)}`;
    const next = lintIncrementally(state, text);
    assert.equal(next.checked, 'one-operation');
    assert.deepEqual(findingsWithFixesIn(next.result), lintText(text).findings);
    if (i > 0) {
      const before = state.result.findings.filter((f) => f.offset < Math.min(at, edited) && f.fixes);
      assert.ok(before.length > 0);
      for (const f of before) assert.ok(next.result.findings.includes(f), `${f.code} at ${f.offset} was copied`);
      // The findings of each operation before both edits are kept in the same list, shared by the two versions.
      const spans = state.units?.spans ?? [];
      const unitsBefore = spans.filter((u) => u.offset + u.length < Math.min(at, edited)).length;
      assert.ok(unitsBefore > 0);
      for (let u = 0; u < unitsBefore; u++) assert.equal(next.units?.findings[u], state.units?.findings[u], `operation ${u}'s findings were copied`);
    }
    edited = text.lastIndexOf('"id": ', at);
    state = next;
  }
});

test('non-ASCII characters typed into an operation\'s summary (é, a combining accent, 日, 😀, one after the other) are checked in that operation alone, as in full', () => {
  for (const start of [generateConnectorWithFindings(8), generateRestConnector(8), generateConnectorWithFindings(8).replace(/\n/g, '\r\n')]) {
    let text = start;
    let state = lintFully(text);
    let at = text.indexOf('"summary": "', text.length >> 1) + '"summary": "'.length + 2;
    for (const typed of ['é', 'e\u0301', '日', '😀', 'é']) {
      text = `${text.slice(0, at)}${typed}${text.slice(at)}`;
      state = lintIncrementally(state, text, {}, RULES, { start: at, oldEnd: at, newEnd: at + typed.length });
      assert.equal(state.checked, 'one-operation', `${JSON.stringify(typed)} at ${at}`);
      assert.deepEqual(findingsWithFixesIn(state.result), lintText(text).findings);
      at += typed.length;
    }
  }
});

test('a check of a last version (the command line) gives the same findings and keeps nothing per operation; a next version after it is checked in full', () => {
  for (const text of SEEDS) {
    const kept = lintFully(text);
    const last = lintFully(text, { lastVersion: true });
    assert.deepEqual(last.result.findings, kept.result.findings);
    assert.equal(last.units, undefined);
    if (!kept.result.parsed.syntaxFindings.length && kept.result.connector?.kind) assert.ok(kept.units, 'a check for the editor keeps each operation\'s findings');
    const at = text.indexOf('"id": "') + '"id": "'.length;
    if (at < '"id": "'.length) continue;
    const edited = `${text.slice(0, at)}x${text.slice(at)}`;
    const next = lintIncrementally(last, edited, {}, RULES, { start: at, oldEnd: at, newEnd: at + 1 });
    assert.equal(next.checked, 'fully');
    assert.deepEqual(findingsWithFixesIn(next.result), lintText(edited).findings);
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintFully, lintIncrementally, lintText } from '../../server/src/core/lint';
import type { Finding, TextEdit } from '../../server/src/core/findings';
import { editsOf, findingsWithFixesIn } from '../support/fixes';

// `// connector-disable-next-line rule-id -- reason` silences one rule on the next line; a suppression that is
// unknown, unexplained or unused is a finding of its own.

/** A REST connector whose operation on line 7 holds a literal credential (header-credential). */
function withComment(comment: string): string {
  return `{
  "kind": "rest",
  "name": "Test",
  "baseUrl": "https://api.example.com",
  "operations": [
    ${comment}
    { "id": "a", "method": "GET", "path": "/a", "headers": { "Authorization": "Bearer abc123" }, "parameters": [] }
  ]
}`;
}

const codes = (findings: readonly Finding[]): string[] => findings.map((f) => f.code);

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return [...edits].sort((a, b) => b.offset - a.offset).reduce((t, e) => t.slice(0, e.offset) + e.content + t.slice(e.offset + e.length), text);
}

describe('suppression comments', () => {
  it('without a comment the finding is there (the cases below mean something)', () => {
    assert.deepEqual(codes(lintText(withComment('')).findings), ['header-credential']);
  });

  it('silences the named rule on the next line, with a reason', () => {
    assert.deepEqual(codes(lintText(withComment('// connector-disable-next-line header-credential -- test key of the sandbox')).findings), []);
    assert.deepEqual(codes(lintText(withComment('/* connector-disable-next-line header-credential -- sandbox */')).findings), []);
  });

  it('a missing reason is a finding; the rule is still silenced', () => {
    const findings = lintText(withComment('// connector-disable-next-line header-credential')).findings;
    assert.deepEqual(codes(findings), ['invalid-suppression']);
    assert.match(findings[0]?.message ?? '', /Say why/);
  });

  it('an unknown rule id is a finding with the closest id as a fix; the finding it meant stays', () => {
    const text = withComment('// connector-disable-next-line header-credentail -- sandbox');
    const findings = lintText(text).findings;
    assert.deepEqual(codes(findings), ['invalid-suppression', 'header-credential']);
    const invalid = findings[0];
    assert.match(invalid?.message ?? '', /no rule 'header-credentail'\. Did you mean 'header-credential'\?/);
    const fixed = applyEdits(text, editsOf(text, invalid?.fixes?.[0]));
    assert.deepEqual(codes(lintText(fixed).findings), []);
  });

  it('a suppression that silences nothing is a finding whose fix removes the comment line', () => {
    const text = withComment('// connector-disable-next-line multi-on-path -- not needed').replace('"Bearer abc123"', '"text/plain"').replace('"Authorization"', '"Accept"');
    const findings = lintText(text).findings;
    assert.deepEqual(codes(findings), ['unused-suppression']);
    const fixed = applyEdits(text, editsOf(text, findings[0]?.fixes?.[0]));
    assert.ok(!fixed.includes('connector-disable'));
    assert.match(fixed, /"operations": \[\n {4}\{ "id": "a"/, 'the line it stood on is gone');
    assert.deepEqual(codes(lintText(fixed).findings), []);
  });

  it('of two ids, the unused one is reported and its fix removes only it', () => {
    const text = withComment('// connector-disable-next-line multi-on-path, header-credential -- sandbox');
    const findings = lintText(text).findings;
    assert.deepEqual(codes(findings), ['unused-suppression']);
    const fixed = applyEdits(text, editsOf(text, findings[0]?.fixes?.[0]));
    assert.match(fixed, /\/\/ connector-disable-next-line header-credential -- sandbox/);
    assert.deepEqual(codes(lintText(fixed).findings), []);
  });

  it('silences the next line only', () => {
    const text = withComment('// connector-disable-next-line header-credential -- sandbox\n').replace('\n\n', '\n\n');
    assert.deepEqual(codes(lintText(text).findings), ['unused-suppression', 'header-credential']);
  });

  it('the new codes follow severity overrides', () => {
    const findings = lintText(withComment('// connector-disable-next-line header-credential'), { overrides: { 'invalid-suppression': 'off' } }).findings;
    assert.deepEqual(codes(findings), []);
  });

  it('checking while typing gives what a full check gives when comments come and go', () => {
    let state = lintFully(withComment(''));
    for (const comment of ['// connector-disable-next-line header-credential -- x', '// connector-disable-next-line header-credential', '']) {
      const text = withComment(comment);
      state = lintIncrementally(state, text);
      assert.deepEqual(findingsWithFixesIn(state.result), lintText(text).findings);
    }
  });
});

describe('suppression comments by the thousand', () => {
  it('one comment naming a rule 20,000 times: the first silences the finding, each repeat is unused and removes itself', { timeout: 120_000 }, () => {
    const text = withComment(`// connector-disable-next-line ${Array.from({ length: 20_000 }, () => 'header-credential').join(', ')} -- a test token`);
    const findings = lintText(text).findings;
    assert.deepEqual([...new Set(codes(findings))], ['unused-suppression']);
    assert.equal(findings.length, 19_999);
    const last = findings[19_998];
    assert.ok(last);
    const [edit] = editsOf(text, last.fixes?.[0]);
    assert.ok(edit);
    assert.equal(text.slice(edit.offset, edit.offset + edit.length), ', header-credential');
    assert.equal(edit.offset + edit.length, text.indexOf(' -- a test token'));
  });

  it('20,000 block comments before one line: the first naming the rule silences it, the rest are unused', { timeout: 120_000 }, () => {
    const text = withComment(Array.from({ length: 20_000 }, () => '/* connector-disable-next-line header-credential -- a test token */').join(' '));
    const findings = lintText(text).findings;
    assert.deepEqual([...new Set(codes(findings))], ['unused-suppression']);
    assert.equal(findings.length, 19_999);
    assert.equal(findings[0]?.offset, text.indexOf('header-credential', text.indexOf('*/')));
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyEdits } from '../../server/src/core/edits';
import { fixIn, type Finding } from '../../server/src/core/findings';
import { lintText, type LintOptions } from '../../server/src/core/lint';
import type { Rule } from '../../server/src/core/rules/types';

/** Where a finding is expected: the `occurrence`-th (0-based) appearance of `text` in the document. */
export interface ExpectedFinding {
  at: string;
  occurrence?: number;
  /** A pattern the message must match. */
  message?: RegExp;
}

export interface RuleCase {
  name: string;
  text: string;
  /** Empty or absent: the rule must report nothing. */
  expect?: ExpectedFinding[];
  /** The document after applying the first finding's first fix; its rule must then report nothing there. */
  fixed?: string;
  /** Allow schema/syntax findings in this case (default: the document must be schema-clean). */
  allowSchemaFindings?: boolean;
}

function spanOf(text: string, expected: ExpectedFinding): { offset: number; length: number } {
  let offset = -1;
  for (let i = 0; i <= (expected.occurrence ?? 0); i++) {
    offset = text.indexOf(expected.at, offset + 1);
    assert.ok(offset >= 0, `test is wrong: ${JSON.stringify(expected.at)} occurrence ${i} not in the document`);
  }
  return { offset, length: expected.at.length };
}

function describeFinding(f: Finding, text: string): string {
  return `${f.code} at ${JSON.stringify(text.slice(f.offset, f.offset + f.length))}: ${f.message}`;
}

/** Runs a table of documents through one rule alone and checks codes, ranges, messages and fixes (with `options`, e.g. metadata). */
export function ruleTable(rule: Rule, cases: RuleCase[], options: LintOptions = {}): void {
  describe(`rule ${rule.id}`, () => {
    it('has a kebab-case id, docs and a message that says what to do', () => {
      assert.match(rule.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.ok(rule.docs.summary.length > 10 && rule.docs.why.length > 10);
    });
    for (const c of cases) {
      it(c.name, () => {
        const all = lintText(c.text, options, [rule]).findings;
        if (!c.allowSchemaFindings) {
          const other = all.filter((f) => f.code !== rule.id);
          assert.deepEqual(other.map((f) => describeFinding(f, c.text)), [], 'the test document must be free of other findings');
        }
        const mine = all.filter((f) => f.code === rule.id);
        const expected = c.expect ?? [];
        assert.deepEqual(
          mine.map((f) => ({ offset: f.offset, length: f.length })),
          expected.map((e) => spanOf(c.text, e)),
          `findings: ${mine.map((f) => describeFinding(f, c.text)).join(' | ') || 'none'}`,
        );
        mine.forEach((f, i) => {
          assert.equal(f.severity, rule.defaultSeverity);
          const pattern = expected[i]?.message;
          if (pattern) assert.match(f.message, pattern);
        });
        if (c.fixed !== undefined) {
          const fix = mine[0]?.fixes?.[0];
          assert.ok(fix, 'expected a fix on the first finding');
          const after = applyEdits(c.text, fixIn(fix, c.text).edits);
          assert.equal(after, c.fixed);
          const again = lintText(after, options, [rule]).findings.filter((f) => f.code === rule.id);
          assert.ok(
            again.every((f) => f.offset !== mine[0]?.offset || f.message !== mine[0]?.message),
            'the fix must remove the problem it fixes',
          );
        }
      });
    }
  });
}

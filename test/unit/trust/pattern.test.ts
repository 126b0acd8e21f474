import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { prepareRequest } from '../../../server/src/core/request/prepare';
import { filesIn } from '../../support/files';
import { lintText } from '../../../server/src/core/lint';
import { longestJudged, matchPattern, MAX_PATTERN_PROGRAM, patternMismatch, patternProblem } from '../../../server/src/core/pattern';
import { operation, restConnector } from '../../support/connectorText';

const EVIL = '^(a+)+$';
const EVIL_VALUE = `${'a'.repeat(50_000)}!`;

// The timeouts below guard against a hang (the finding: this ran for more than 20 s); they assert nothing about speed.
test('a backtracking pattern against a long non-matching value is judged, not run for ever', { timeout: 30_000 }, () => {
  assert.equal(matchPattern(EVIL, EVIL_VALUE), 'mismatch');
  assert.equal(matchPattern(EVIL, 'aaaa'), 'match');
  assert.equal(matchPattern('(x+x+)+y', 'x'.repeat(30_000)), 'mismatch');
  assert.equal(matchPattern('(.*a){20}$', 'a'.repeat(30_000)), 'match');
});

test('building a request with an enforced pattern and a hostile value ends with the violation', { timeout: 30_000 }, async () => {
  const text = restConnector([operation('find', 'GET', '/find', [`{ "name": "q", "location": "query", "type": "string", "pattern": "${EVIL}" }`])], '"advanced": { "enforceConstraints": true }');
  const { connector, findings } = lintText(text);
  assert.deepEqual(findings, []);
  assert.ok(connector);
  const built = await prepareRequest({ connector, operationId: 'find', values: { q: EVIL_VALUE }, secrets: () => undefined, baseDir: '/tmp', files: filesIn('/tmp') });
  assert.ok(!built.ok);
  assert.deepEqual(built.problems.map((p) => p.code), ['constraint-violated']);
  assert.match(built.problems[0]?.message ?? '', /does not match the pattern/);
  const fine = await prepareRequest({ connector, operationId: 'find', values: { q: 'aaa' }, secrets: () => undefined, baseDir: '/tmp', files: filesIn('/tmp') });
  assert.ok(fine.ok);
});

test('patterns mean what they mean in JavaScript (JSON Schema): same answers as RegExp with the u flag', () => {
  const patterns = ['^[A-Z]{2}\\d{3}$', '\\d+', '^\\w+@\\w+\\.com$', '^(?<year>\\d{4})-(?<month>\\d{2})$', '^\\u00e9+$', '[^/]+/[^/]+', 'ab|cd', '^$', '(?<=a)b', '^\\p{Lu}\\p{Ll}*$', '^[\\u0041-\\u005A]+$', 'x{2,3}', '^a.c$'];
  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[A-Z0-9@.\-/a-z]{0,10}$/), fc.constantFrom('AB123', 'é', 'éé', '2024-05', 'a@b.com', 'ab', 'xx', 'Abc', 'a\uD83D\uDE00c', ''));
  fc.assert(fc.property(fc.constantFrom(...patterns), value, (pattern, text) => {
    assert.equal(patternProblem(pattern), undefined, pattern);
    assert.equal(matchPattern(pattern, text) === 'match', new RegExp(pattern, 'u').test(text), `${pattern} on ${JSON.stringify(text)}`);
  }), { numRuns: 2_000 });
});

test('patterns the matcher refuses are lint errors that say why', () => {
  const cases: [string, RegExp][] = [
    ['(?=a)b', /lookahead/],
    ['(?!a)b', /lookahead/],
    ['(a)\\\\1', /back-reference/],
    ['(?<n>a)\\\\k<n>', /back-reference/],
    ['[(?=]\\\\\\\\1(?=x)', /lookahead/],
    ['(', /not a valid regular expression.*backslash/],
    ['a{,5}', /not a valid regular expression/],
    ['(a{100}){100}', /repeat count/],
    [Array.from({ length: 6 }, () => '[\\\\s\\\\S]{1000}').join(''), new RegExp(`too large.*at most ${MAX_PATTERN_PROGRAM}`)],
  ];
  for (const [pattern, why] of cases) {
    const text = restConnector([operation('find', 'GET', '/find', [`{ "name": "q", "location": "query", "type": "string", "pattern": "${pattern}" }`])]);
    const findings = lintText(text).findings.filter((f) => f.code === 'invalid-format');
    assert.equal(findings.length, 1, pattern);
    assert.match(findings[0]?.message ?? '', /^This 'pattern' cannot be used: /, pattern);
    assert.match(findings[0]?.message ?? '', why, pattern);
    assert.equal(text.slice(findings[0]?.offset, (findings[0]?.offset ?? 0) + (findings[0]?.length ?? 0)), `"${pattern}"`);
  }
});

test('a value too long to judge in bounded time is refused with a message, not matched', () => {
  const pattern = '[\\s\\S]{1000}[\\s\\S]{1000}$';
  const limit = longestJudged(pattern);
  assert.ok(limit > 1_000 && limit < 100_000, String(limit));
  assert.equal(matchPattern(pattern, 'x'.repeat(limit)), 'match');
  assert.equal(matchPattern(pattern, 'x'.repeat(limit + 1)), 'too-long');
  assert.match(patternMismatch(pattern, 'x'.repeat(limit + 1), 'q') ?? '', new RegExp(`'q' is ${limit + 1} characters long, too long to check .*at most ${limit}\\b`));
  assert.equal(patternMismatch('^a', 'b', 'q'), "'q' does not match the pattern ^a.");
  assert.equal(patternMismatch('^a', 'abc', 'q'), undefined);
  assert.equal(patternMismatch('(', 'abc', 'q'), undefined, 'an unusable pattern is reported by the file checks, not per value');
});

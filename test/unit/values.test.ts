import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkDateTime } from '../../server/src/core/values/dateTime';
import { checkInteger, checkNumber, compareDecimals, numberValueText, shortestFloat32 } from '../../server/src/core/values/numbers';
import { JsonNumber, stringifyExact, type ExactJson } from '../../server/src/core/values/exactJson';
import { parseTyped, typedTextOf } from '../../server/src/core/values/read';
import type { ValueSpec } from '../../server/src/core/values/spec';
import { parseExact } from '../../server/src/core/values/exactParse';
import { checkValue } from '../../server/src/core/values/check';
import fc from 'fast-check';

const ok = (o: { ok: true; text: string } | { ok: false; message: string }): string => (o.ok ? o.text : `! ${o.message}`);

describe('integers', () => {
  test('whole numbers in any decimal form, canonical digits out', () => {
    assert.equal(ok(checkInteger('1.0', undefined)), '1');
    assert.equal(ok(checkInteger('1e3', undefined)), '1000');
    assert.equal(ok(checkInteger('+007', undefined)), '7');
    assert.equal(ok(checkInteger('-0', undefined)), '0');
    assert.equal(ok(checkInteger('150e-2', undefined)), '! needs a whole number, not 150e-2');
    assert.equal(ok(checkInteger('9223372036854775807', 'int64')), '9223372036854775807');
    assert.match(ok(checkInteger('9223372036854775808', 'int64')), /outside the 64-bit range/);
    assert.match(ok(checkInteger('2147483648', undefined)), /32-bit range.*int64/);
    // Beyond 64 bits as well: int64 would not hold it either, so it is not suggested.
    assert.equal(ok(checkInteger('9223372036854775808', undefined)), '! is outside the 64-bit range (-9223372036854775808 to 9223372036854775807)');
    assert.equal(ok(checkInteger('-1e400', undefined)), '! is outside the 64-bit range (-9223372036854775808 to 9223372036854775807)');
    assert.match(ok(checkInteger('0x10', undefined)), /needs a whole number/);
  });

  test('hostile exponents and long digit runs are judged in linear time', () => {
    assert.match(ok(checkInteger('1e999999999', 'int64')), /outside the 64-bit range/);
    assert.match(ok(checkInteger(`1${'0'.repeat(200_000)}e-200000`, undefined)), /^1$/);
    assert.match(ok(checkInteger(`1${'0'.repeat(200_000)}e-200001`, undefined)), /needs a whole number/);
  });
});

describe('numbers', () => {
  test('64-bit range, shortest text; float as the shortest text of its 32-bit value', () => {
    assert.equal(ok(checkNumber('0.1', undefined)), '0.1');
    assert.match(ok(checkNumber('1e400', undefined)), /beyond the range of a 64-bit number/);
    assert.match(ok(checkNumber('1e-400', undefined)), /too small/);
    assert.equal(ok(checkNumber('0e-400', undefined)), '0');
    assert.equal(ok(checkNumber('0.1', 'float')), '0.1');
    assert.match(ok(checkNumber('3.4e39', 'float')), /32-bit float/);
    assert.match(ok(checkNumber('1e-50', 'float')), /too small for a 32-bit float/);
    assert.equal(ok(checkNumber('Infinity', undefined)), '! needs a number, not "Infinity"');
  });

  test('property: the float text reads back as the same 32-bit value, and no shorter text does', () => {
    fc.assert(fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (f) => {
      const text = shortestFloat32(f);
      assert.equal(Math.fround(Number(text)), Math.fround(f));
      const digits = text.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
      if (digits.length > 1) {
        const shorter = Number(Math.fround(f).toPrecision(digits.length - 1));
        assert.notEqual(Math.fround(shorter), Math.fround(f));
      }
    }), { numRuns: 2000 });
  });
});

describe('date-times', () => {
  test('strict RFC 3339: real dates, offsets applied, no offset read as UTC, fraction kept', () => {
    assert.equal(ok(checkDateTime('2024-02-29T12:00:00+02:00')), '2024-02-29T10:00:00.000Z');
    assert.equal(ok(checkDateTime('2026-01-05T10:00:00')), '2026-01-05T10:00:00.000Z');
    assert.equal(ok(checkDateTime('2026-01-05')), '2026-01-05T00:00:00.000Z');
    assert.equal(ok(checkDateTime('2026-01-05t10:00:00.123456789z')), '2026-01-05T10:00:00.123456789Z');
    for (const bad of ['1', '2024-02-30', '2023-02-29T00:00:00Z', '2026-01-05T24:00:00Z', '2026-01-05T10:00:60Z', '2026-01-05T10:00Z', '2026-13-01', '2026-01-05T10:00:00+24:00', 'tomorrow']) {
      assert.ok(!checkDateTime(bad).ok, bad);
    }
  });
});

describe('exact JSON', () => {
  test('numbers keep their text through parse and stringify', () => {
    const parsed = parseExact('{"a": 9007199254740993, "b": [1.10, -0], "c": 1e400}');
    assert.ok(parsed.ok);
    assert.equal(stringifyExact(parsed.value), '{"a":9007199254740993,"b":[1.10,-0],"c":1e400}');
  });

  test('one judge for every source: options by id, booleans and numbers as strings', () => {
    assert.deepEqual(checkValue({ type: 'array', items: { type: 'string' }, options: ['red', 'blue'] }, ['c2']), { ok: true, value: ['blue'] });
    assert.deepEqual(checkValue({ type: 'string', options: ['red', 'blue'] }, 'blue'), { ok: false, message: 'names options by id: "blue" is not one of c1 (red), c2 (blue)' });
    assert.deepEqual(checkValue({ type: 'integer', format: 'int64' }, '9007199254740993'), { ok: true, value: new JsonNumber('9007199254740993') });
    assert.deepEqual(checkValue({ type: 'boolean' }, 'true'), { ok: true, value: true });
  });
});

describe('a value as it would be typed', () => {
  test('typed where the value is asked for, the text reads back as the value, every digit and space kept', () => {
    const cases: { spec: ValueSpec; value: ExactJson }[] = [
      { spec: { type: 'integer', format: 'int64' }, value: new JsonNumber('9007199254740993') },
      { spec: { type: 'number' }, value: new JsonNumber('0.1') },
      { spec: { type: 'string' }, value: ' padded, with a comma ' },
      { spec: { type: 'boolean' }, value: true },
      { spec: { type: 'array', items: { type: 'string' } }, value: ['a', ' b ', 'c'] },
      { spec: { type: 'array', items: { type: 'string' } }, value: ['a,b', 'c'] },
      { spec: { type: 'array', items: { type: 'integer', format: 'int64' } }, value: [new JsonNumber('9007199254740993'), new JsonNumber('-1')] },
      { spec: { type: 'object' }, value: { id: new JsonNumber('12345678901234567890'), name: 'x' } },
    ];
    for (const { spec, value } of cases) {
      const text = typedTextOf(value);
      assert.ok(text !== undefined);
      const read = parseTyped(spec, text);
      assert.ok(read.ok, `${text}: ${read.ok ? '' : read.message}`);
      assert.equal(stringifyExact(read.value), stringifyExact(value), text);
    }
    assert.equal(typedTextOf(['a', ' b ', 'c']), 'a, b ,c');
    assert.equal(typedTextOf(['a,b', 'c']), '["a,b","c"]');
    assert.equal(typedTextOf(null), undefined);
  });
});

describe('a number inserted as text', () => {
  test('is its value: a whole number with every digit, another as its 64-bit value, one with neither as written', () => {
    const cases: [string, string][] = [
      ['1e2', '100'], ['100', '100'], ['9007199254740993', '9007199254740993'], ['-9223372036854775808', '-9223372036854775808'],
      ['1.50e1', '15'], ['-0', '0'], ['0.10', '0.1'], ['2.5', '2.5'], ['1e39', `1${'0'.repeat(39)}`], ['1e40', '1e+40'],
      ['1e400', '1e400'], ['-1e400', '-1e400'], ['1e-400', '1e-400'], ['0e5', '0'],
    ];
    for (const [written, inserted] of cases) assert.equal(numberValueText(written), inserted, written);
    // A string parameter given a number in a values file, or as its default, takes the same text.
    assert.deepEqual(checkValue({ type: 'string' }, new JsonNumber('1e2')), { ok: true, value: '100' });
    assert.deepEqual(checkValue({ type: 'string' }, new JsonNumber('9007199254740993')), { ok: true, value: '9007199254740993' });
  });
});

test('a number inserted as text is the same whether JavaScript writes it so or not', () => {
  fc.assert(
    fc.property(fc.oneof(fc.double({ noNaN: true }), fc.integer(), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b) => Number(b))), (n) => {
      const text = String(n);
      if (!/^-?\d/.test(text)) return;
      // The same value written another way (a trailing zero in the fraction, or an exponent) gives the same text.
      const other = text.includes('e') ? text : text.includes('.') ? `${text}0` : `${text}.0`;
      assert.equal(numberValueText(text), numberValueText(other), `${text} / ${other}`);
    }),
    { numRuns: 5_000 },
  );
  assert.equal(numberValueText('1e+21'), '1000000000000000000000');
  assert.equal(numberValueText('1e21'), '1000000000000000000000');
});

test('a number of a million digits with long runs of zeros is read in one pass, not one pass per digit', { timeout: 60_000 }, () => {
  // Before, the trailing zeros were found by a search that started again at every zero of a run: a million took hours.
  const zeros = '0'.repeat(1_000_000);
  assert.equal(numberValueText(`${zeros}1`), '1');
  assert.match(ok(checkInteger(`1${zeros}1`, 'int64')), /outside the 64-bit range/);
  assert.equal(ok(checkInteger(`${zeros}7${zeros}e-1000000`, undefined)), '7');
  assert.equal(compareDecimals(`1${zeros}1`, `1${zeros}2`), -1);
  assert.equal(compareDecimals(`0.${zeros}1`, `0.${zeros}10`), 0);
});

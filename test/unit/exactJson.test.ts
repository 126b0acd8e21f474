// The one exact JSON reader and writer: it must accept and refuse exactly what JSON.parse does, build the same
// values, and keep every number's own text where a JavaScript number would lose it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isJsonObject, JsonNumber, plainOf, stringifyExact, type ExactJson } from '../../server/src/core/values/exactJson';
import { MAX_NESTING, nestingTooDeep, tooDeepAt } from '../../server/src/core/parse/nesting';
import { parseExact } from '../../server/src/core/values/exactParse';
import { compareDecimals } from '../../server/src/core/values/numbers';

/** A pseudo-random JSON value (seeded, so a failure can be reproduced) whose numbers JavaScript holds exactly. */
function randomValue(seed: { n: number }, depth: number): unknown {
  const next = (): number => (seed.n = (seed.n * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = Math.floor(next() * (depth > 4 ? 5 : 7));
  switch (pick) {
    case 0: return null;
    case 1: return next() < 0.5;
    case 2: return Math.floor(next() * 2 ** 40) - 2 ** 39;
    case 3: return Number((next() * 1000).toFixed(Math.floor(next() * 6)));
    case 4: return Array.from({ length: Math.floor(next() * 6) }, () => String.fromCharCode(...Array.from({ length: 3 }, () => Math.floor(next() * 0x3000)))).join('"\\\n\u2028');
    case 5: return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(seed, depth + 1));
    default: return Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, (_, i) => [`k${i}${next() < 0.2 ? ' "é"\t' : ''}`, randomValue(seed, depth + 1)]));
  }
}

function judgedByJsonParse(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('reading JSON exactly', () => {
  test('accepts and refuses what JSON.parse does, and builds the same values', () => {
    const refused = [
      '', ' ', '{', '}', '[', '[1,]', '{"a":1,}', '[,1]', '01', '-01', '1.', '.5', '+1', '-', '1e', '1e+', '0x10', 'NaN', 'Infinity', '-Infinity',
      '"\u0001"', '"a\nb"', '"\\x"', '"\\u12G4"', '"abc', 'tru', 'nul', 'falsey', '[1 2]', '{"a" 1}', '{"a":}', '{1:2}', "'a'", '/*c*/1', '1 // c',
      '\uFEFF1', '\u00a01', '\v1', '1 2', '{"a":1}}', '[1]]', '{"a":1 "b":2}', '"\\', '["a\\"]', '[-]', '[1e5.5]', '{"a":1,,"b":2}',
    ];
    for (const text of refused) {
      assert.equal(judgedByJsonParse(text), false, `JSON.parse refuses ${JSON.stringify(text)}`);
      const read = parseExact(text);
      assert.equal(read.ok, false, `refused: ${JSON.stringify(text)}`);
      if (!read.ok) assert.match(read.message, /^not valid JSON \(.+ at column \d+\)$/);
    }
    const accepted = [
      '0', '-0.5e-3', '1E+2', ' \t\r\n[] ', '{}', '""', '"\\u00e9\\ud83d\\ude00\\ud800 \\/\\b\\f\\n\\r\\t\\"\\\\"', '[true,false,null]',
      '{"a":{"b":[[],{}]}}', '{"a":1,"a":2,"b":3}', '{"2":"x","1":"y","b":0}', '"\u2028\u2029\u007f"',
    ];
    const seed = { n: 42 };
    for (let i = 0; i < 300; i++) accepted.push(JSON.stringify(randomValue(seed, 0), null, i % 3 === 0 ? 2 : undefined));
    for (const text of accepted) {
      const read = parseExact(text);
      assert.ok(read.ok, `accepted: ${text}`);
      assert.deepStrictEqual(plainOf(read.value), JSON.parse(text), text);
      // A kept number beside a string holding U+0000 is read by the strict reader alone: it must agree too.
      const strict = parseExact(`[${text}, 1.0, "\\u0000"]`);
      assert.ok(strict.ok && Array.isArray(strict.value), `accepted by the strict reader: ${text}`);
      assert.deepStrictEqual(plainOf(strict.value[0] ?? null), JSON.parse(text), text);
      assert.equal(stringifyExact(strict.value.slice(1)), '[1.0,"\\u0000"]');
    }
  });

  test('a number where a property name belongs is refused, kept or not', () => {
    for (const text of ['{1.0: 2}', '{1: 2}', '{"a": 1, 1e400: 2}']) assert.equal(parseExact(text).ok, false, text);
  });

  test('every number keeps its own text where a JavaScript number would not', () => {
    const text = '{"n":9007199254740993,"d":0.1000000000000000055511,"big":1e400,"tiny":-1e-400,"neg":-0,"one":1.0,"hundred":1E2,"price":12.50,"plain":12.5,"int":42}';
    const read = parseExact(text);
    assert.ok(read.ok && isJsonObject(read.value));
    assert.equal(stringifyExact(read.value), text);
    for (const key of ['n', 'd', 'big', 'tiny', 'neg', 'one', 'hundred', 'price']) assert.ok(read.value[key] instanceof JsonNumber, key);
    // A number whose shortest text is its own text is a plain number: no cost where nothing would be lost.
    assert.equal(read.value.plain, 12.5);
    assert.equal(read.value.int, 42);
  });

  test('a number is plain exactly when JavaScript writes it with the same text, else kept with its own', () => {
    const seed = { n: 99 };
    const next = (): number => (seed.n = (seed.n * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const digits = (count: number): string => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
    const texts: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const whole = next() < 0.3 ? '0' : `${1 + Math.floor(next() * 9)}${digits(Math.floor(next() * 24))}`;
      const fraction = next() < 0.4 ? '' : `.${next() < 0.3 ? '0'.repeat(Math.floor(next() * 9)) : ''}${digits(1 + Math.floor(next() * 18))}`;
      const exponent = next() < 0.8 ? '' : `e${next() < 0.5 ? '-' : ''}${Math.floor(next() * 400)}`;
      texts.push(`${next() < 0.3 ? '-' : ''}${whole}${fraction}${exponent}`);
      const double = (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20);
      texts.push(String(double));
    }
    for (const text of texts) {
      const read = parseExact(`[${text}]`);
      assert.ok(read.ok && Array.isArray(read.value), text);
      const [value] = read.value;
      const plain = String(Number(text)) === text;
      assert.equal(typeof value === 'number', plain, text);
      assert.equal(value instanceof JsonNumber, !plain, text);
      assert.equal(stringifyExact(read.value), `[${text}]`);
    }
  });

  test('names written twice and names like array indexes do not move a kept number to another member', () => {
    // JSON.parse keeps the last of a name written twice, at the first one's place, and puts index-like names first.
    const cases: [string, string][] = [
      ['{"b":1e400,"1":2e400,"0":5}', '{"0":5,"1":2e400,"b":1e400}'],
      ['{"a":"x","b":1e400,"a":5}', '{"a":5,"b":1e400}'],
      ['{"a":1.0,"a":2.0}', '{"a":2.0}'],
      ['[{"a":1.0},{"4294967295":1.50,"x":2.50}]', '[{"a":1.0},{"4294967295":1.50,"x":2.50}]'],
    ];
    for (const [text, written] of cases) {
      const read = parseExact(text);
      assert.ok(read.ok, text);
      assert.equal(stringifyExact(read.value), written);
    }
  });

  test('__proto__ is a key like any other, as with JSON.parse; it never becomes the prototype', () => {
    const read = parseExact('{"__proto__":{"polluted":1},"a":[{"__proto__":null}]}');
    assert.ok(read.ok && isJsonObject(read.value));
    assert.equal(Object.getPrototypeOf(read.value), Object.prototype);
    assert.deepEqual(Object.keys(read.value), ['__proto__', 'a']);
    assert.equal(({} as { polluted?: number }).polluted, undefined);
    assert.deepStrictEqual(read.value, JSON.parse('{"__proto__":{"polluted":1},"a":[{"__proto__":null}]}'));
  });

  test('nesting deeper than the one limit (MAX_NESTING) is refused in its shared words, never a stack overflow', () => {
    assert.equal(MAX_NESTING, 512);
    assert.ok(parseExact(`${'['.repeat(512)}${']'.repeat(512)}`).ok);
    const deep: [string, string][] = [
      [`${'['.repeat(513)}${']'.repeat(513)}`, 'line 1, column 513'],
      ['[{"a":'.repeat(200_000), 'line 1, column 1537'],
      // Valid JSON that JSON.parse reads, with a kept number: still refused, where it passes the limit.
      [`{\n "n": 9007199254740993,\n "a": ${'['.repeat(600)}1e400${']'.repeat(600)}}`, 'line 3, column 518'],
      // Malformed before the nesting: told it is too deep, as every JSON reader tells it.
      [`[tru, ${'['.repeat(600)}`, 'line 1, column 518'],
    ];
    for (const [text, where] of deep) {
      const read = parseExact(text);
      assert.ok(!read.ok);
      assert.equal(read.tooDeep, `nesting deeper than 512 levels at ${where}`);
      assert.equal(read.tooDeep, nestingTooDeep(text, tooDeepAt(text)));
      assert.equal(read.message, `nesting deeper than 512 levels at ${where}; no value is nested this deep`);
    }
    assert.equal((parseExact('[1 2]') as { tooDeep?: string }).tooDeep, undefined);
  });

  test('errors say what is wrong and where', () => {
    assert.deepEqual(parseExact('{"a": 1,}'), { ok: false, message: 'not valid JSON (property name expected at column 9)' });
    assert.deepEqual(parseExact('[1 2]'), { ok: false, message: 'not valid JSON (comma or ] expected at column 4)' });
    assert.deepEqual(parseExact('"\u0007"'), { ok: false, message: 'not valid JSON (control character in a string at column 2)' });
    assert.deepEqual(parseExact('01'), { ok: false, message: 'not valid JSON (invalid number at column 1)' });
  });
});

describe('writing JSON exactly', () => {
  test('with an indent, the text is JSON.stringify\'s, and kept numbers keep their digits', () => {
    const seed = { n: 7 };
    for (let i = 0; i < 200; i++) {
      const value = randomValue(seed, 0);
      assert.equal(stringifyExact(value as ExactJson, 2), JSON.stringify(value, null, 2));
      assert.equal(stringifyExact(value as ExactJson), JSON.stringify(value));
    }
    const read = parseExact('{"n":[9007199254740993,{"e":1e400}],"o":{},"a":[]}');
    assert.ok(read.ok);
    assert.equal(stringifyExact(read.value, 2), '{\n  "n": [\n    9007199254740993,\n    {\n      "e": 1e400\n    }\n  ],\n  "o": {},\n  "a": []\n}');
  });

  test('a string of the value\'s own that reads like the mark of a kept number stays a string', () => {
    // JSON.stringify writes a kept number as the string U+0000 first; these strings write the same text, or hold it.
    for (const text of ['{"a":"\\u0000","b":1e400,"c":["x\\"\\u0000"]}', '["\\u0000",1.0]', '[1.0,"\\u00000","\\\\u0000"]']) {
      const read = parseExact(text);
      assert.ok(read.ok, text);
      assert.equal(stringifyExact(read.value), text);
      const indented = stringifyExact(read.value, 2);
      assert.ok(indented.includes('\n  '), indented);
      const again = parseExact(indented);
      assert.ok(again.ok && stringifyExact(again.value) === text, indented);
    }
    assert.equal(stringifyExact(new JsonNumber('1e400')), '1e400');
  });

  test('members that are undefined are left out, as JSON.stringify does', () => {
    assert.equal(stringifyExact({ a: 1, b: undefined, c: [undefined] } as unknown as ExactJson), '{"a":1,"c":[null]}');
  });
});

describe('comparing decimals exactly', () => {
  test('by value, whatever the spelling', () => {
    const equal = [['1', '1.0'], ['100', '1e2'], ['100', '1E+2'], ['12.5', '12.50'], ['0', '-0'], ['0', '0e999999999999999999999'], ['0.1', '1e-1'], ['1e400', '10e399'],
      ['9007199254740993', '9007199254740993.000'], ['-1.5', '-15e-1'], ['1e-400', '0.1e-399']];
    for (const [a = '', b = ''] of equal) {
      assert.equal(compareDecimals(a, b), 0, `${a} = ${b}`);
      assert.equal(compareDecimals(b, a), 0, `${b} = ${a}`);
    }
    const ascending = ['-1e400', '-9007199254740993', '-9007199254740992', '-1', '-1e-400', '0', '1e-400', '0.1', '0.1000000000000000055511', '9.5', '10',
      '9007199254740992', '9007199254740993', '1e21', '1e400', '1e999999999999999999998', '1e999999999999999999999'];
    for (let i = 0; i < ascending.length; i++) {
      for (let j = 0; j < ascending.length; j++) {
        assert.equal(Math.sign(compareDecimals(ascending[i] ?? '', ascending[j] ?? '')), Math.sign(i - j), `${ascending[i]} vs ${ascending[j]}`);
      }
    }
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTree, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';
import { parseJsonTree } from '../../../server/src/core/parse';
import { parseRegularJsonc } from '../../../server/src/core/parse/regular';
import { MAPPED_FROM_NODES } from '../../../server/src/core/parse/treeBuilder';
import { jsoncTreeOf } from '../../support/jsoncTree';
import { generateODataConnector, generateRestConnector } from '../../bench/generate';
import { anyText } from './properties';

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

function jsoncParse(text: string): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  return { root: parseTree(text, errors, OPTIONS), errors };
}

/**
 * The fast path either declines or builds jsonc-parser's tree exactly (shapes, offsets, values, parents),
 * and it declines only where jsonc-parser finds something to report or an unusual character.
 */
function assertParity(text: string, mustAccept: boolean): void {
  const compact = parseRegularJsonc(text);
  const fast = compact && jsoncTreeOf(compact);
  const slow = jsoncParse(text);
  if (fast === undefined) {
    if (mustAccept) assert.fail(`the fast path declined regular text: ${JSON.stringify(text.slice(0, 200))}`);
    return;
  }
  assert.deepEqual(slow.errors, [], `the fast path accepted text jsonc-parser reports: ${JSON.stringify(text.slice(0, 200))}`);
  assert.deepStrictEqual(fast, slow.root);
}

/** JSON values written as JSONC: random layout, comments between tokens and trailing commas. */
const jsoncText = fc
  .record({
    value: fc.jsonValue({ maxDepth: 5 }),
    trivia: fc.array(fc.constantFrom(' ', '\n', '\t', '\r\n', '// note\n', '/* block */', '/**/', ''), { minLength: 1, maxLength: 8 }),
    trailingCommas: fc.boolean(),
  })
  .map(({ value, trivia, trailingCommas }) => {
    let n = 0;
    const gap = (): string => trivia[n++ % trivia.length] ?? '';
    const write = (v: unknown): string => {
      if (Array.isArray(v)) return `[${gap()}${v.map((x) => write(x) + gap()).join(`,${gap()}`)}${trailingCommas && v.length ? ',' : ''}${gap()}]`;
      if (v !== null && typeof v === 'object') {
        const entries = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}${gap()}:${gap()}${write(x)}`);
        return `{${gap()}${entries.join(`${gap()},${gap()}`)}${trailingCommas && entries.length ? ',' : ''}${gap()}}`;
      }
      return JSON.stringify(v);
    };
    return `${gap()}${write(value)}${gap()}`;
  });

test('the fast parser builds jsonc-parser\'s tree for any regular JSONC', () => {
  fc.assert(fc.property(jsoncText, (text) => assertParity(text, true)), { numRuns: 1_000 });
});

test('on broken and half-typed text the fast parser declines or agrees, never differs', () => {
  fc.assert(fc.property(anyText, (text) => assertParity(text, false)), { numRuns: 2_000 });
});

test('the generated benchmark connectors and tricky literals take the fast path', () => {
  assertParity(generateRestConnector(40), true);
  assertParity(generateODataConnector(40), true);
  for (const text of ['-0', '1e999', '0.5E-3', '"\\u00e9\\ud800\\n\\/"', '[true,false,null]', '{"a":1,"a":2}', '{} // end', '"x"/**/']) {
    assertParity(text, true);
  }
});

test('dense texts (a node per two characters) grow the tree past its first guess, small and large alike', () => {
  // Texts of up to MAPPED_FROM_NODES characters keep their nodes in plain arrays copied as they grow, larger ones in
  // mapped buffers resized in place. Short repeated strings exercise the string cache, whose size follows the text's.
  const denseArray = (count: number): string => `[${Array.from({ length: count }, (_, i) => (i % 3 === 0 ? '"k"' : String(i % 10))).join(',')}]`;
  for (const count of [3, 40, 500, 32_760, 32_780, 40_000]) {
    assertParity(denseArray(count), true);
    assertParity(`{${Array.from({ length: Math.ceil(count / 4) }, (_, i) => `"k${i % 97}":${i % 2 ? '[]' : '{}'}`).join(',')}}`, true);
  }
  // Either side of the change to mapped buffers: a text of MAPPED_FROM_NODES - 1 characters (room for as many nodes)
  // and one of MAPPED_FROM_NODES.
  const justUnder = denseArray(Math.floor(MAPPED_FROM_NODES / 2.67));
  for (const length of [MAPPED_FROM_NODES - 1, MAPPED_FROM_NODES]) {
    const text = `${justUnder}${' '.repeat(length - justUnder.length)}`;
    assert.equal(text.length, length);
    assertParity(text, true);
  }
});

/** What jsonc-parser's parseTree gives with these options: parseJsonTree must give exactly this. */
function jsoncWith(text: string, options: ParseOptions): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  return { root: parseTree(text, errors, options), errors };
}

const JSON_OPTIONS: ParseOptions[] = [{ disallowComments: true, allowTrailingComma: false }, { allowTrailingComma: true }, {}, { disallowComments: true, allowTrailingComma: true }];

test('parseJsonTree gives jsonc-parser\'s nodes and errors, with comments and trailing commas allowed or not', () => {
  const strictJson = fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v, null, 1));
  fc.assert(fc.property(fc.oneof(jsoncText, anyText, strictJson), fc.constantFrom(...JSON_OPTIONS), (text, options) => {
    assert.deepStrictEqual(parseJsonTree(text, options), jsoncWith(text, options));
  }), { numRuns: 4_000 });
  for (const text of ['{ "a": 1, }', '[1,]', '{ "a": 1 } // c', '/* c */ {}', '{ "a" /* : */ : 1 }', '{"OrderNo": 0, "Status": "s"}', '', ' ']) {
    for (const options of JSON_OPTIONS) assert.deepStrictEqual(parseJsonTree(text, options), jsoncWith(text, options), `${JSON.stringify(text)} with ${JSON.stringify(options)}`);
  }
});

test('the fast parser declines what jsonc-parser reports', () => {
  for (const text of ['', '  ', '{', '{"a" 1}', '[1,,2]', '{,}', '01', '1.', '-', 'tru', 'truex', '"a\nb"', '"\\x"', '/* open', '{"a":1}}', '\uFEFF{}', '{"a":1 /x}']) {
    assert.equal(parseRegularJsonc(text), undefined, JSON.stringify(text));
  }
});

test('the fast parser stops at the nesting limit, leaving the finding to parseDocument', () => {
  const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
  assertParity(nested(512), true);
  assert.equal(parseRegularJsonc(nested(513)), undefined);
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildModel } from '../../server/src/core/model';
import { MAX_NESTING, nestingTooDeep, parseDocument, parseJsonTree, tooDeepAt } from '../../server/src/core/parse';
import { parseExact } from '../../server/src/core/values/exactParse';
import { sourceOffsetInString, stringOffsets } from '../../server/src/core/tree';

describe('parseDocument', () => {
  it('accepts comments and trailing commas', () => {
    const parsed = parseDocument('{ // c\n "kind": "rest", /* x */ "name": "n", }');
    assert.deepEqual(parsed.syntaxFindings, []);
    assert.equal(buildModel(parsed.root)?.kind, 'rest');
  });
  it('reports a syntax error at its place with a hint and keeps the rest of the tree', () => {
    const text = '{ "kind": "rest" "name": "n" }';
    const parsed = parseDocument(text);
    assert.equal(parsed.syntaxFindings.length, 1);
    const [f] = parsed.syntaxFindings;
    assert.equal(f?.code, 'syntax-error');
    assert.equal(f?.offset, text.indexOf('"name"'));
    assert.match(f?.message ?? '', /comma/i);
    const model = buildModel(parsed.root);
    assert.equal(model?.name?.value, 'n');
  });
  it('keeps syntax ranges inside the document at end of file', () => {
    const text = '{ "kind": ';
    for (const f of parseDocument(text).syntaxFindings) assert.ok(f.offset + f.length <= text.length);
  });
  it('gives a parameter\'s constraints in the order the file writes them, the last of a repeated one counting', () => {
    const parameter = (members: string): string[] => {
      const model = buildModel(parseDocument(`{ "kind": "rest", "operations": [{ "parameters": [{ "name": "p", ${members} }] }] }`).root);
      return model?.kind === 'rest' ? (model.operations[0]?.parameters[0]?.constraints ?? []).map((c) => `${c.name}=${JSON.stringify(c.field.value)}`) : [];
    };
    assert.deepEqual(parameter('"pattern": "x", "maxItems": 2, "minimum": 1, "maxLength": 3'), ['pattern="x"', 'maxItems=2', 'minimum=1', 'maxLength=3']);
    assert.deepEqual(parameter('"minLength": 1, "pattern": "x", "minLength": 4, "exclusiveMaximum": 9'), ['pattern="x"', 'minLength=4', 'exclusiveMaximum=9']);
    assert.deepEqual(parameter('"type": "string"'), []);
  });
  it('reports an empty file', () => {
    assert.match(parseDocument('  \n').syntaxFindings[0]?.message ?? '', /empty/);
  });
});

describe('sourceOffsetInString', () => {
  it('accounts for escapes', () => {
    const text = '{"b": "a\\"b\\u0041c"}';
    const node = parseDocument(text).root?.children?.[0]?.children?.[1];
    assert.ok(node);
    // decoded: a"bAc ; index 4 is 'c'
    assert.equal(text[sourceOffsetInString(text, node, 4)], 'c');
    assert.equal(text[sourceOffsetInString(text, node, 1)], '\\');
  });
  it('answers many indexes of one string, in any order, as one index at a time does', () => {
    const text = '{"b": "a\\"b\\u0041c\\\\d"}';
    const node = parseDocument(text).root?.children?.[0]?.children?.[1];
    assert.ok(node);
    const offsetOf = stringOffsets(text, node);
    for (const index of [0, 2, 3, 4, 6, 9, 1, 5, 0, 7]) assert.equal(offsetOf(index), sourceOffsetInString(text, node, index), `index ${index}`);
    assert.equal(text[offsetOf(5)], '\\');
    assert.equal(text[offsetOf(6)], 'd');
  });
});

describe('nesting, measured before anything recursive reads JSON', () => {
  const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  it('lets 512 levels through and stops at the 513th opening bracket', () => {
    assert.equal(tooDeepAt(nested(MAX_NESTING)), -1);
    assert.equal(tooDeepAt(nested(MAX_NESTING + 1)), MAX_NESTING);
    assert.equal(tooDeepAt(`{"a":${nested(600)}}`, 100), 5 + 99);
  });
  it('does not count brackets in strings (escaped quotes included) or comments', () => {
    const brackets = '['.repeat(2000);
    assert.equal(tooDeepAt(`{ "a": "${brackets}", "b": "\\"${brackets}" // ${brackets}\n /* ${brackets} */ }`), -1);
  });
  it('says where, in 1-based lines and columns', () => {
    const text = `{\n  "a": ${nested(600)}\n}`;
    assert.equal(nestingTooDeep(text, tooDeepAt(text)), 'nesting deeper than 512 levels at line 2, column 519');
  });
  it('parses nothing nested too deep, whichever reader is asked', () => {
    const deep = nested(100_000);
    assert.deepEqual(parseJsonTree(deep, {}), { tooDeep: MAX_NESTING });
    assert.deepEqual(parseExact(deep), { ok: false, tooDeep: 'nesting deeper than 512 levels at line 1, column 513', message: 'nesting deeper than 512 levels at line 1, column 513; no value is nested this deep' });
    assert.equal(parseDocument(deep).root, undefined);
    assert.deepEqual(parseExact('[[1]]'), { ok: true, value: [[1]] });
    assert.equal(parseJsonTree('[[1]]', {}).tooDeep, undefined);
  });
});

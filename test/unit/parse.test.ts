import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildModel } from '../../server/src/core/model';
import { parseDocument } from '../../server/src/core/parse';
import { sourceOffsetInString } from '../../server/src/core/tree';

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
});

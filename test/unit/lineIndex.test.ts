import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LineIndex } from '../../server/src/core/lineIndex';

describe('LineIndex', () => {
  it('maps offsets to lines across \\n, \\r\\n and \\r endings and back', () => {
    const text = 'ab\ncd\r\nef\rg';
    const index = new LineIndex(text);
    const cases: [number, number, number][] = [[0, 0, 0], [2, 0, 2], [3, 1, 0], [5, 1, 2], [7, 2, 0], [10, 3, 0], [11, 3, 1]];
    for (const [offset, line, character] of cases) {
      assert.deepEqual(index.positionAt(offset), { line, character }, `offset ${offset}`);
      assert.equal(index.offsetAt({ line, character }), offset);
    }
  });
  it('clamps out-of-range input', () => {
    const index = new LineIndex('a\nb');
    assert.deepEqual(index.positionAt(99), { line: 1, character: 1 });
    assert.equal(index.offsetAt({ line: 9, character: 0 }), 3);
    assert.equal(index.offsetAt({ line: 0, character: 50 }), 1);
  });
});

describe('LineIndex of an edited text', () => {
  it('made from the previous version\'s index, maps every offset and line as one made from scratch', () => {
    const pieces = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', '\u2028', 'é');
    const text = fc.array(pieces, { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(fc.property(text, fc.nat(), fc.nat({ max: 6 }), text, (before, at, remove, insert) => {
      const start = at % (before.length + 1);
      const after = before.slice(0, start) + insert + before.slice(start + remove);
      const fresh = new LineIndex(after);
      const edited = new LineIndex(after, new LineIndex(before));
      for (let offset = 0; offset <= after.length + 1; offset++) assert.deepEqual(edited.positionAt(offset), fresh.positionAt(offset), `offset ${offset}`);
      const lines = fresh.positionAt(after.length).line;
      for (let line = 0; line <= lines + 1; line++) assert.equal(edited.offsetAt({ line, character: 1 }), fresh.offsetAt({ line, character: 1 }), `line ${line}`);
    }), { numRuns: 3000 });
  });
});

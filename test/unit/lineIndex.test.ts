import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LineIndex } from '../../server/src/core/lineIndex';
import { composeRegions, type ChangedRegion } from '../../server/src/core/textChange';

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

describe('LineIndex of an edited text, told where the edit fell', () => {
  it('maps every offset as one made from scratch, given the edit\'s own region or two edits\' composed region', () => {
    const pieces = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'é');
    const text = fc.array(pieces, { maxLength: 30 }).map((p) => p.join(''));
    const anEdit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 6 }), insert: text });
    fc.assert(fc.property(text, anEdit, anEdit, (before, first, second) => {
      const apply = (t: string, e: { at: number; remove: number; insert: string }): { text: string; region: ChangedRegion } => {
        const start = e.at % (t.length + 1);
        const oldEnd = Math.min(t.length, start + e.remove);
        return { text: t.slice(0, start) + e.insert + t.slice(oldEnd), region: { start, oldEnd, newEnd: start + e.insert.length } };
      };
      const middle = apply(before, first);
      const after = apply(middle.text, second);
      const region = composeRegions(middle.region, after.region);
      // The composed region covers every character that differs.
      assert.equal(before.slice(0, region.start), after.text.slice(0, region.start));
      assert.equal(before.slice(region.oldEnd), after.text.slice(region.newEnd));
      const fresh = new LineIndex(after.text);
      const once = new LineIndex(middle.text, new LineIndex(before), middle.region);
      const twice = new LineIndex(after.text, new LineIndex(before), region);
      for (let offset = 0; offset <= after.text.length; offset++) assert.deepEqual(twice.positionAt(offset), fresh.positionAt(offset), `offset ${offset}`);
      for (let offset = 0; offset <= middle.text.length; offset++) assert.deepEqual(once.positionAt(offset), new LineIndex(middle.text).positionAt(offset));
    }), { numRuns: 3000 });
  });
  it('compares the texts when the region told does not fit them', () => {
    const before = 'a\nb\nc';
    const after = 'a\nb\n\nc';
    const wrong = new LineIndex(after, new LineIndex(before), { start: 0, oldEnd: 0, newEnd: 0 });
    assert.deepEqual(wrong.positionAt(after.length), { line: 3, character: 1 });
  });
});

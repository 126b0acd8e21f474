import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { getLocation } from 'jsonc-parser';
import { cursorLocation } from '../../../server/src/core/features/cursor';
import { lintText } from '../../../server/src/core/lint';
import { generateArraysAndHeadersConnector, generateODataConnector, generateRestConnector } from '../../bench/generate';
import { anyText } from '../robustness/properties';

/** What jsonc-parser's getLocation, reading the whole text from its start, says about an offset. */
function fromTheStart(text: string, offset: number): { path: (string | number)[]; atKey: boolean } {
  const location = getLocation(text, offset);
  return { path: location.path, atKey: location.isAtPropertyKey };
}

const SEEDS = [generateRestConnector(70), generateODataConnector(70), generateArraysAndHeadersConnector(12)];

test('the cursor located from the tree is where reading from the start finds it, at every offset of generated connectors', () => {
  for (const text of SEEDS) {
    const document = lintText(text);
    // Every offset of the first part, and a stride through the rest (the operations array is wider than 64 nodes).
    for (let offset = 0; offset <= text.length; offset += offset < 4_000 ? 1 : 7) {
      assert.deepStrictEqual(cursorLocation(document, offset), fromTheStart(text, offset), `offset ${offset}: ${JSON.stringify(text.slice(Math.max(0, offset - 30), offset))}|`);
    }
  }
});

test('on random and half-typed text the cursor is where reading from the start finds it', () => {
  fc.assert(fc.property(anyText, fc.nat(), (text, at) => {
    const offset = at % (text.length + 1);
    assert.deepStrictEqual(cursorLocation(lintText(text), offset), fromTheStart(text, offset));
  }), { numRuns: 2_000 });
});

test('between two operations of a wide array and in its comments, the element count and the key state agree', () => {
  const text = generateRestConnector(80).replace(/\n {4}\{\n {6}"id": "op40"/, '\n    /* a, b */ {\n      "id": "op40"');
  const document = lintText(text);
  const at = text.indexOf('/* a, b */');
  for (const offset of [at - 3, at - 1, at, at + 3, at + 10, at + 11]) assert.deepStrictEqual(cursorLocation(document, offset), fromTheStart(text, offset), `offset ${offset}`);
});

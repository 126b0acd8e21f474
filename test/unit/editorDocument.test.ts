// The server's open documents (server/src/lsp/editorDocument.ts) keep the checks' line index instead of the protocol
// library's list of line starts: every position, text and line they give must be the library's, through any series
// of the editor's changes (LF, CR LF and lone CR, changes splitting or joining a CR LF, ranges given end first or past
// the text, whole-text replacements), and the index they hand to the checks must be that of their text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../../server/src/core';
import { EditorDocument } from '../../server/src/lsp/editorDocument';

const piece = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'é', '😀', '\u2028');
const text = fc.array(piece, { maxLength: 24 }).map((p) => p.join(''));
const coordinate = fc.integer({ min: -2, max: 12 });
const position = fc.record({ line: coordinate, character: coordinate });
const change: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
);

/** Every reading of `mine` is the library's `theirs`. */
function assertSame(mine: EditorDocument, theirs: TextDocument): void {
  const content = theirs.getText();
  assert.equal(mine.getText(), content);
  assert.equal(mine.version, theirs.version);
  assert.equal(mine.lineCount, theirs.lineCount);
  for (let offset = -1; offset <= content.length + 1; offset++) assert.deepEqual(mine.positionAt(offset), theirs.positionAt(offset), `positionAt ${offset}`);
  for (let line = -1; line <= theirs.lineCount + 1; line++) {
    for (let character = -1; character <= 6; character++) assert.equal(mine.offsetAt({ line, character }), theirs.offsetAt({ line, character }), `offsetAt ${line}:${character}`);
    assert.deepEqual(mine.getLineRange(line), theirs.getLineRange(line), `getLineRange ${line}`);
    assert.equal(mine.getEOLCharacters(line), theirs.getEOLCharacters(line), `getEOLCharacters ${line}`);
  }
  assert.deepEqual(mine.getText({ start: { line: 0, character: 1 }, end: { line: 1, character: 2 } }), theirs.getText({ start: { line: 0, character: 1 }, end: { line: 1, character: 2 } }));
  const fresh = new LineIndex(content);
  for (let offset = 0; offset <= content.length; offset++) assert.deepEqual(mine.lines.positionAt(offset), fresh.positionAt(offset), `the checks' index at ${offset}`);
}

describe('EditorDocument', () => {
  it('reads as the protocol library\'s TextDocument through any series of changes, its index that of its text', () => {
    fc.assert(fc.property(text, fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 6 }), fc.boolean(), (start, messages, indexFirst) => {
      const mine = new EditorDocument('file:///a.connector.json', 'connector-json', 1, start);
      // The library's TextDocument made afresh from each text: its own update moves its line starts by the range's
      // lines, wrongly for a range past the text's end (a hostile editor's), so each change is read in a fresh one.
      let expected = start;
      // Indexed at once or only once asked for (a document opened and changed before any check).
      if (indexFirst) assert.equal(mine.lines.lineCount, TextDocument.create('file:///a.connector.json', 'connector-json', 1, start).lineCount);
      messages.forEach((changes, i) => {
        const before = mine.getText();
        const regions = mine.update(changes, i + 2);
        for (const c of changes) {
          if (!('range' in c) || c.range === undefined) {
            expected = c.text;
            continue;
          }
          const reader = TextDocument.create('file:///a.connector.json', 'connector-json', 0, expected);
          const [from, to] = [reader.offsetAt(c.range.start), reader.offsetAt(c.range.end)].sort((a, b) => a - b) as [number, number];
          expected = expected.slice(0, from) + c.text + expected.slice(to);
        }
        assertSame(mine, TextDocument.create('file:///a.connector.json', 'connector-json', i + 2, expected));
        // Where each change fell: applied in turn, the regions make the new text from the old.
        let rebuilt = before;
        changes.forEach((c, k) => {
          const region = regions[k];
          if (region === null || region === undefined) rebuilt = c.text;
          else rebuilt = rebuilt.slice(0, region.start) + c.text + rebuilt.slice(region.oldEnd);
        });
        assert.equal(rebuilt, mine.getText());
      });
    }), { numRuns: 1500 });
  });

  it('a change keeps the line index up to date from the previous one, without reading the whole text again', () => {
    const mine = new EditorDocument('file:///a.connector.json', 'connector-json', 1, 'a\nb\r\nc');
    const first = mine.lines;
    mine.update([{ range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } }, text: 'x\r' }], 2);
    assert.notEqual(mine.lines, first);
    assert.equal(mine.lines, mine.lines, 'the same index until the next change');
    assert.deepEqual(mine.positionAt(mine.getText().length), { line: 3, character: 1 });
  });
});

// Property checks over the core, shared by the bounded run in npm test and the long run in npm run fuzz.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { completionsAt } from '../../../server/src/core/features/completion';
import { hoverAt } from '../../../server/src/core/features/hover';
import { outline } from '../../../server/src/core/features/symbols';
import { applyEdits } from '../../../server/src/core/edits';
import { fixIn } from '../../../server/src/core/findings';
import { lintFully, lintIncrementally, lintText } from '../../../server/src/core/lint';
import { generateODataConnector, generateRestConnector } from '../../bench/generate';
import { findingsWithFixesIn } from '../../support/fixes';

const SEEDS = [generateRestConnector(3), generateODataConnector(3)];

/** One keystroke or paste: characters removed and text inserted somewhere. */
interface TextEdit {
  at: number;
  remove: number;
  insert: string;
}

function applyTextEdit(text: string, e: TextEdit): string {
  const at = e.at % (text.length + 1);
  return text.slice(0, at) + e.insert + text.slice(at + Math.min(e.remove, text.length - at));
}

/** A valid connector and random cuts, insertions and swaps in it, in the order typed. */
const typing = fc.record({
  seed: fc.constantFrom(...SEEDS),
  edits: fc.array(
    fc.record({
      at: fc.nat(),
      remove: fc.nat({ max: 40 }),
      insert: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('{', '}', '[', ']', ',', '"', ':', '//', '/*', '\\', '{{', '}}', '"Query"', '"multi"', 'null', '-1e999', '\u0000', '\uD800', '\r\n')),
    }),
    { maxLength: 6 },
  ),
});

/** A valid connector with random cuts, insertions and swaps: what a file looks like while someone types. */
export const mutatedConnector = typing.map(({ seed, edits }) => edits.reduce(applyTextEdit, seed));

/** A half-typed file cut off anywhere and left open: an unclosed comment, string or container at the very end. */
export const cutConnector = fc
  .record({ text: mutatedConnector, at: fc.nat(), tail: fc.constantFrom('/*', '/* x', '//', '"', '"a', '{', '[', '\\', ':', ',') })
  .map(({ text, at, tail }) => text.slice(0, at % (text.length + 1)) + tail);

/** Any text at all, JSON-ish or not. */
export const anyText = fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 6 }), mutatedConnector, cutConnector);

function checkOne(text: string): void {
  const first = lintText(text);
  for (const f of first.findings) {
    assert.ok(f.offset >= 0 && f.length >= 0 && f.offset + f.length <= text.length, `finding ${f.code} at ${f.offset}+${f.length} outside a text of ${text.length}`);
    for (const kept of f.fixes ?? []) {
      const fix = fixIn(kept, text);
      for (const e of fix.edits) assert.ok(e.offset >= 0 && e.offset + e.length <= text.length, `fix of ${f.code} edits outside the text`);
      applyEdits(text, fix.edits);
    }
  }
  const again = lintText(text);
  assert.deepEqual(again.findings.map((f) => [f.code, f.offset, f.length, f.message]), first.findings.map((f) => [f.code, f.offset, f.length, f.message]), 'lint is deterministic');
  const offset = text.length === 0 ? 0 : (text.length * 7919) % (text.length + 1);
  completionsAt(first, offset);
  hoverAt(first, offset);
  outline(first);
}

/** Each version checked from the previous one's state says exactly what a check from scratch says. */
function checkTyping(seed: string, edits: readonly TextEdit[]): void {
  let text = seed;
  let state = lintFully(text);
  for (const e of edits) {
    text = applyTextEdit(text, e);
    state = lintIncrementally(state, text);
    assert.deepEqual(findingsWithFixesIn(state.result), lintText(text).findings, 'a check while typing says what a full check says');
  }
}

/** Checks the properties on `runs` generated texts (and a fifth as many typing sequences); throws with a counterexample on failure. */
export function checkCoreProperties(runs: number, seed?: number): void {
  const replay = seed !== undefined ? { seed } : {};
  fc.assert(fc.property(anyText, (text) => checkOne(text)), { numRuns: runs, ...replay });
  fc.assert(fc.property(typing, ({ seed: start, edits }) => checkTyping(start, edits)), { numRuns: Math.ceil(runs / 5), ...replay });
}

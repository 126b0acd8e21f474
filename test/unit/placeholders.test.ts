import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { pathPlaceholders, variablePlaceholders, type Placeholder } from '../../server/src/core/placeholders';

// What the scans must find: every match of the patterns that define the two kinds of placeholder.
const PATH_PARAMETER = /(?<!\{)\{([^{}]*)\}(?!\})/g;
const VARIABLE = /\{\{([^{}]*)\}\}/g;

function matches(text: string, pattern: RegExp): Placeholder[] {
  return [...text.matchAll(pattern)].map((m) => ({ name: (m[1] ?? '').trim(), index: m.index ?? 0, length: m[0].length }));
}

/** Text made mostly of braces, so that runs of them, empty names and unclosed ones are common. */
const bracey = fc.array(fc.constantFrom('{', '}', '{{', '}}', 'a', ' id ', '/', '\n', '\u00e9', '\ud83d\ude00', '$'), { maxLength: 24 }).map((parts) => parts.join(''));

test('path parameters are what the {name} pattern matches, in any text', () => {
  fc.assert(fc.property(fc.oneof(bracey, fc.string()), (text) => assert.deepEqual(pathPlaceholders(text), matches(text, PATH_PARAMETER))), { numRuns: 5_000 });
  assert.deepEqual(pathPlaceholders("Orders('{orderNo}')/{{v}}/{ a }{b}}{c}"), [{ name: 'orderNo', index: 8, length: 9 }, { name: 'a', index: 26, length: 5 }, { name: 'c', index: 35, length: 3 }]);
});

test('variables are what the {{name}} pattern matches, in any text', () => {
  fc.assert(fc.property(fc.oneof(bracey, fc.string()), (text) => assert.deepEqual(variablePlaceholders(text), matches(text, VARIABLE))), { numRuns: 5_000 });
  assert.deepEqual(variablePlaceholders('{ "a": {{x}}, "b": "{{{y}}}", "c": {{ z }} }'), [{ name: 'x', index: 7, length: 5 }, { name: 'y', index: 21, length: 5 }, { name: 'z', index: 35, length: 7 }]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { mediaType } from '../../server/src/core/mediaType';
import { buildModel, headerEntry } from '../../server/src/core/model';
import { parseDocument } from '../../server/src/core/parse';

const piece = fc.constantFrom('application/json', 'Text/HTML', ';', ' ', '\t', 'charset=utf-8', 'İ', 'K', '', ';;', ' ; ');
const contentType = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));

test('a media type is the part of a Content-Type before its first semicolon, trimmed and lower-cased; none when empty', () => {
  fc.assert(fc.property(contentType, (value) => {
    assert.equal(mediaType(value), value.split(';')[0]?.trim().toLowerCase() || undefined);
  }), { numRuns: 2_000 });
  assert.equal(mediaType(undefined), undefined);
  assert.equal(mediaType(' Application/JSON ; charset=UTF-8'), 'application/json');
  assert.equal(mediaType(' ; charset=utf-8'), undefined);
});

test('a header is found by its name without case, the first of equal names', () => {
  const names = fc.uniqueArray(fc.constantFrom('Content-Type', 'content-type', 'CONTENT-TYPE', 'Accept', 'İf-Match', 'if-match', 'X'), { maxLength: 5 });
  fc.assert(fc.property(names, fc.constantFrom('Content-Type', 'if-match', 'accept', 'Y'), (headers, wanted) => {
    const text = JSON.stringify({ kind: 'rest', name: 'T', baseUrl: 'https://a.example', operations: [{ id: 'o', method: 'GET', path: '/', headers: Object.fromEntries(headers.map((h) => [h, h])) }] });
    const connector = buildModel(parseDocument(text).root);
    const operation = connector?.kind === 'rest' ? connector.operations[0] : undefined;
    const expected = headers.find((h) => h.toLowerCase() === wanted.toLowerCase());
    assert.equal(headerEntry(operation?.headers, wanted)?.name, expected);
  }), { numRuns: 500 });
});

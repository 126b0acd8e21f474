import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { decodeJsonText, readJsonTextSync } from '../../server/src/io/jsonText';

const dir = mkdtempSync(join(tmpdir(), 'json-text-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes that stress a UTF-8 decoder: a byte-order mark, truncated, overlong and surrogate sequences, bytes never valid. */
const awkwardBytes = fc.array(fc.oneof(
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xc0, 0xaf, 0xf4, 0x90, 0xff),
), { maxLength: 24 });

test('a file read from disk has the text its bytes decode to, without a leading byte-order mark, whatever the bytes', () => {
  const file = join(dir, 'any.connector.json');
  fc.assert(fc.property(fc.boolean(), awkwardBytes, (withMark, bytes) => {
    const content = Buffer.from([...(withMark ? [0xef, 0xbb, 0xbf] : []), ...bytes]);
    writeFileSync(file, content);
    assert.equal(readJsonTextSync(file), decodeJsonText(content));
  }), { numRuns: 2_000 });
  writeFileSync(file, Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
  assert.equal(readJsonTextSync(file), '{}');
  writeFileSync(file, Buffer.from([0x22, 0x61, 0xff, 0x22]));
  assert.equal(readJsonTextSync(file), '"a\uFFFD"');
});

test('a folder is refused as not a regular file, and a missing file as missing', () => {
  assert.throws(() => readJsonTextSync(dir), { code: 'ENOTREGULAR' });
  assert.throws(() => readJsonTextSync(join(dir, 'absent.json')), { code: 'ENOENT' });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fullFormats } from 'ajv-formats/dist/formats';
import fc from 'fast-check';
import { isUri } from '../../server/src/core/schema/formats';

const fullUri = fullFormats.uri as (text: string) => boolean;

/** Characters of every kind a url may hold or must not: unreserved, sub-delimiters, delimiters, escapes, space, unicode. */
const piece = fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', ':', '@', '/', '?', '#',
  '[', ']', '%20', '%zz', '%', ' ', '\n', '\u00e9', '{', '}', '\\', '"', '<', '|', '^', '`');
const run = (maxLength: number): fc.Arbitrary<string> => fc.array(fc.oneof(piece, fc.constantFrom('example', 'com', 'v4')), { maxLength }).map((p) => p.join(''));

/** Text shaped like a url (scheme, "://", host, port, path) with any characters in each part, and free text. */
const urlish = fc.oneof(
  fc.tuple(fc.constantFrom('https', 'http', 'a+b.c-d', '1x', 'h t', ''), fc.constantFrom('://', ':/', ':', '//'), run(4),
    fc.constantFrom('', ':8080', ':', ':x'), fc.array(run(4), { maxLength: 4 })).map(([scheme, separator, host, port, segments]) =>
    `${scheme}${separator}${host}${port}${segments.map((s) => `/${s}`).join('')}`),
  fc.string(),
);

test('a url is a URI exactly when the full RFC 3986 expression says so', () => {
  fc.assert(fc.property(urlish, (text) => {
    assert.equal(isUri(text), fullUri(text), JSON.stringify(text));
  }), { numRuns: 20_000 });
});

test('common urls, and what is not one', () => {
  for (const url of ['https://api.example.com', 'http://127.0.0.1:3031/odata/v4/orders', 'https://login.example.com/realms/ifs/protocol/openid-connect/token', 'https://h/a/b;c=d/@e']) assert.equal(isUri(url), true, url);
  for (const text of ['example.com', 'https://exa mple.com', 'https://example.com/\n', '', 'http://[::1']) assert.equal(isUri(text), false, text);
  assert.equal(isUri('https://example.com/a?b=1#c'), true);
  assert.equal(isUri('https://user@example.com/%41'), true);
});

// Text from files and services is printed to terminals: no character of it may act on the terminal instead of
// showing. The list of such characters is written out in test/support/terminal.ts, apart from the code under test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { visibleText } from '../../../server/src/core/visibleText';
import { actsOnTerminal } from '../../support/terminal';

test('every character that acts on a terminal is written visibly, as JSON writes it; line feeds, tabs and CRLF line ends stay', () => {
  const hostile = 'top\n\tindented\r\nnext\x1b[2J\x1b]52;c;ZXZpbA==\x07\x1b]0;pwned\x07 40%\r\x1b[2KDone a\bb\f\v\0 \x7f\u0085\u009b31m \u202eevil\u202c \u2066x\u2069 \u200e\u200f\u061c';
  assert.equal(
    visibleText(hostile),
    'top\n\tindented\r\nnext\\u001b[2J\\u001b]52;c;ZXZpbA==\\u0007\\u001b]0;pwned\\u0007 40%\\r\\u001b[2KDone a\\bb\\f\\u000b\\u0000 \\u007f\\u0085\\u009b31m \\u202eevil\\u202c \\u2066x\\u2069 \\u200e\\u200f\\u061c',
  );
  assert.deepEqual(actsOnTerminal(visibleText(hostile)), []);
  assert.equal(visibleText('lone \ud800 and \udc00, a pair 😀'), 'lone \\ud800 and \\udc00, a pair 😀');
  assert.equal(visibleText('a trailing CR\r'), 'a trailing CR\\r');
});

test('ordinary text of every script is left as it is, and escaping twice changes nothing more', () => {
  const ordinary = 'Grüße, 東京, שלום, مرحبا, emoji 😀, “quotes”, C:\\path\\to, \\u001b as text, • and ✔';
  assert.equal(visibleText(ordinary), ordinary);
  const hostile = '\x1b[31mred\u202e';
  assert.equal(visibleText(visibleText(hostile)), visibleText(hostile));
});

test('every code unit is either kept or escaped, never lost: random text round-trips through JSON', () => {
  let seed = 7;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let n = 0; n < 2_000; n++) {
    let text = '';
    for (let i = 0; i < 12; i++) {
      const code = random() < 0.5 ? Math.floor(random() * 0xa0) : Math.floor(random() * 0x10000);
      // A backslash of the text itself would read as an escape below; every other code unit can come.
      text += String.fromCharCode(code === 0x5c ? 0x2f : code);
    }
    const shown = visibleText(text);
    assert.deepEqual(actsOnTerminal(shown), [], JSON.stringify(text));
    // Written inside a JSON string, the escapes are JSON's own: the text reads back exactly (CR LF and tabs included).
    const asJson = `"${shown.replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r')}"`;
    assert.equal(JSON.parse(asJson), text, JSON.stringify(text));
  }
});

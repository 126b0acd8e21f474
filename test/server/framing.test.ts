// Bytes that break the protocol's framing (Content-Length: n, an empty line, n bytes of body) over stdio. Once the
// framing is broken nothing after it can be read with certainty, so the server must not sit there deaf: it either
// answers and keeps serving, or exits with a non-zero code (editors start a server again when it exits).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileUri } from '../support/lspClient';
import { frame, startRawLsp, type RawLsp } from '../support/rawLsp';

const GOOD = '{ "kind": "rest", "name": "alive", "baseUrl": "https://a.example", "operations": [] }';
const uri = fileUri('framing.connector.json');
const symbols = (id: string) => ({ id, method: 'textDocument/documentSymbol', params: { textDocument: { uri } } });
const REQUEST_BODY = JSON.stringify({ jsonrpc: '2.0', id: 'cut', method: 'textDocument/documentSymbol', params: { textDocument: { uri } } });

/** After the bad bytes and a well-formed request: 'answered' when it was answered and the next one is too, else the exit. */
async function answersOrExits(lsp: RawLsp): Promise<'answered' | { code: number | null }> {
  lsp.send(symbols('after'));
  const outcome = await Promise.race([
    lsp.response('after').then(() => 'answered' as const),
    lsp.exited().then((code) => ({ code })),
  ]);
  if (outcome === 'answered') {
    lsp.send(symbols('next'));
    assert.ok(Array.isArray((await lsp.response('next')).result), 'the server keeps serving');
  }
  return outcome;
}

const CASES: { name: string; bytes: () => string; says: RegExp }[] = [
  { name: 'a Content-Length that is not a number', bytes: () => 'Content-Length: abc\r\n\r\n{}', says: /Content-Length "abc" is not a number of bytes/ },
  { name: 'a negative Content-Length', bytes: () => 'Content-Length: -5\r\n\r\n{"jsonrpc":"2.0"}', says: /Content-Length "-5" is not a number of bytes/ },
  { name: 'a Content-Length with letters after the digits', bytes: () => 'Content-Length: 12abc\r\n\r\n{"jsonrpc":1}', says: /Content-Length "12abc"/ },
  { name: 'a Content-Length shorter than the body', bytes: () => `Content-Length: 10\r\n\r\n${REQUEST_BODY}`, says: /where a header line should start/ },
  { name: 'a Content-Length of 99999999999', bytes: () => 'Content-Length: 99999999999\r\n\r\n{}', says: /Content-Length 99999999999 is more than the 67108864 bytes a message may have/ },
  { name: 'a body without any header', bytes: () => REQUEST_BODY, says: /"\{" where a header line should start/ },
  { name: 'a header without the empty line after it', bytes: () => `Content-Length: ${REQUEST_BODY.length}\r\n${REQUEST_BODY}`, says: /"\{" where a header line should start/ },
  { name: 'a header line of a megabyte', bytes: () => `X-Filler: ${'a'.repeat(1_000_000)}`, says: /headers longer than 8192 bytes/ },
  { name: 'two different Content-Lengths', bytes: () => 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', says: /more than one Content-Length/ },
  { name: 'no Content-Length at all', bytes: () => 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', says: /no Content-Length header/ },
];

describe('broken framing over stdio', () => {
  for (const { name, bytes, says } of CASES) {
    test(`${name}: answered and still serving, or the server exits non-zero and says what was wrong`, async () => {
      const lsp = await startRawLsp();
      try {
        lsp.write(bytes());
        const outcome = await answersOrExits(lsp);
        if (outcome !== 'answered') {
          assert.notEqual(outcome.code, 0, 'a non-zero exit code, so that the editor starts the server again');
          assert.match(lsp.stderr(), says);
        }
      } finally {
        lsp.stop();
      }
    });
  }

  test('a body that is not JSON, framed correctly, is skipped and the server keeps serving', async () => {
    const lsp = await startRawLsp();
    try {
      lsp.write(frame('{not json'));
      assert.equal(await answersOrExits(lsp), 'answered');
    } finally {
      lsp.stop();
    }
  });

  test('a large well-formed message (a document of 1.5 MB) is read in pieces and served', async () => {
    const lsp = await startRawLsp();
    try {
      const text = GOOD.replace('"operations": []', `"description": "${'x'.repeat(1_500_000)}", "operations": []`);
      const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'connector-json', version: 1, text } } });
      const framed = Buffer.from(frame(body));
      // Written in odd slices: the header and the body arrive split at arbitrary bytes.
      for (let at = 0; at < framed.length; at += 65_521) lsp.write(framed.subarray(at, at + 65_521));
      lsp.send(symbols('big'));
      const answer = await lsp.response('big', 30_000);
      assert.equal((answer.result as { name: string }[])[0]?.name, 'alive');
    } finally {
      lsp.stop();
    }
  });
});

// The server writes its messages itself (messageEncoding.ts): the diagnostics published at every keystroke copied
// from the previous message's bytes. Whatever the message, the bytes must be those the protocol library would write,
// JSON.stringify's text in UTF-8; a diagnostic whose bytes are copied cannot change under them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Message } from 'vscode-languageserver/node';
import { LineIndex, type Finding } from '../../server/src/core';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { encodeMessage, MESSAGE_ENCODER, rehearseEncoding } from '../../server/src/lsp/messageEncoding';

const URI = 'file:///home/user/caf%C3%A9/%F0%9F%93%A6 api.connector.json';
const TEXT = '{\n  "operations": {\n    "é": { "summary": "日本語 😀" },\n    "x": 1\n  }\n}\n';
const LINES = new LineIndex(TEXT);

const FINDINGS: Finding[] = [
  { offset: 24, length: 3, code: 'duplicate-key', severity: 'error', message: 'Key "é" is repeated: \u2028 😀 \ud800 "quoted" \\ back', related: [{ offset: 60, length: 3, message: 'first "x" here' }] },
  { offset: 30, length: 9, code: 'empty-value-without-effect', severity: 'warning', message: 'no effect', tags: ['unnecessary'] },
  { offset: 0, length: 0, code: 'not-a-documented-code', severity: 'info', message: '' },
];

function publish(diagnostics: unknown[], params: Record<string, unknown> = {}): Message {
  return { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, version: 7, diagnostics, ...params } } as Message;
}

function sameAsLibrary(message: Message): void {
  assert.deepEqual(encodeMessage(message), Buffer.from(JSON.stringify(message), 'utf8'));
}

describe('encoding the messages the server writes', () => {
  const diagnostics = FINDINGS.map((f) => toDiagnostic(LINES, f, URI));

  it('writes a publishDiagnostics message byte for byte as JSON.stringify does, again and again (kept JSON)', () => {
    for (let round = 0; round < 3; round++) sameAsLibrary(publish(diagnostics));
    sameAsLibrary(publish([...diagnostics].reverse()));
    sameAsLibrary(publish([]));
    sameAsLibrary(publish([diagnostics[0]]));
  });

  it('writes diagnostics made elsewhere, holes, odd params and key orders as JSON.stringify does', () => {
    const plain = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'made by hand', extra: undefined, when: new Date(0) };
    // eslint-disable-next-line no-sparse-arrays -- a hole is written as null
    sameAsLibrary(publish([plain, diagnostics[1], , undefined, null, 1, 'text', diagnostics[0]]));
    sameAsLibrary(publish(diagnostics, { version: undefined, uri: '\u0000"\\\n' }));
    sameAsLibrary({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { diagnostics, uri: URI, z: () => 1, s: Symbol('s') } } as unknown as Message);
    sameAsLibrary({ params: { diagnostics }, method: 'textDocument/publishDiagnostics', jsonrpc: '2.0' } as unknown as Message);
    const withToJson = Object.assign([...diagnostics], { toJSON: () => 'replaced' });
    sameAsLibrary(publish(withToJson));
    sameAsLibrary({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: URI, diagnostics, toJSON: () => ({ other: true }) } } as unknown as Message);
    sameAsLibrary({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: null } as unknown as Message);
  });

  it('writes every other message as JSON.stringify does', () => {
    sameAsLibrary({ jsonrpc: '2.0', id: 1, result: { capabilities: {}, serverInfo: { name: 'x', version: 'é' } } } as Message);
    sameAsLibrary({ jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'diagnostics 😀' } } as Message);
    sameAsLibrary({ jsonrpc: '2.0', id: 2, result: { diagnostics } } as Message);
  });

  it('any JSON value as diagnostics and params is written as JSON.stringify writes it', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.jsonValue(), fc.constantFrom(...diagnostics))), fc.dictionary(fc.string(), fc.jsonValue()), (list, params) => {
      sameAsLibrary(publish(list, params));
    }), { numRuns: 300 });
  });

  it('copies the diagnostics of the previous message: the second message of the same diagnostics encodes none of them again', () => {
    const many = Array.from({ length: 500 }, (_, i) => toDiagnostic(LINES, { ...FINDINGS[0] as Finding, message: `finding ${i}` }, URI));
    encodeMessage(publish(many));
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => (calls++, stringify(...args))) as typeof stringify;
    try {
      encodeMessage(publish(many));
    } finally {
      JSON.stringify = stringify;
    }
    // The message's own keys and small values only (about ten), none of the 500 diagnostics.
    assert.ok(calls < 50, `JSON.stringify called ${calls} times for a message of 500 kept diagnostics`);
  });

  it('writes each message of a series as JSON.stringify does, whatever it shares with the one before (moved, removed, added, repeated)', () => {
    // Typing: the next message keeps most of the diagnostics of the one before, in order, with some removed or added
    // anywhere, some made elsewhere (not sealed), the message itself for another document or empty.
    const pool = Array.from({ length: 12 }, (_, i) => toDiagnostic(LINES, { ...FINDINGS[i % FINDINGS.length] as Finding, message: `${'é😀'.repeat(i % 3)} finding ${i}` }, URI));
    const element = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.jsonValue() });
    const change = fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: fc.array(element, { maxLength: 4 }), uri: fc.constantFrom(URI, 'file:///other.connector.json') });
    fc.assert(fc.property(fc.array(element, { maxLength: 20 }), fc.array(change, { maxLength: 8 }), (first, changes) => {
      let list: unknown[] = first;
      sameAsLibrary(publish(list));
      for (const { at, remove, insert, uri } of changes) {
        list = [...list];
        list.splice(at % (list.length + 1), remove, ...insert);
        sameAsLibrary(publish(list, { uri }));
      }
    }), { numRuns: 300 });
  });

  it('writes every other diagnostics message into the buffer of the one two before it (written out by then), the one before it left whole', () => {
    const many = Array.from({ length: 300 }, (_, i) => toDiagnostic(LINES, { ...FINDINGS[1] as Finding, message: `finding ${i} é` }, URI));
    const first = encodeMessage(publish(many));
    const second = encodeMessage(publish(many.slice(1)));
    const secondCopy = Buffer.from(second);
    const third = encodeMessage(publish(many.slice(2)));
    assert.equal(third.buffer, first.buffer, 'the first message\'s memory reused');
    assert.notEqual(third.buffer, second.buffer);
    assert.deepEqual(second, secondCopy, 'the message the third was copied from is intact');
    assert.deepEqual(third, Buffer.from(JSON.stringify(publish(many.slice(2))), 'utf8'));
  });

  it('a rehearsed message is encoded as the next one would be, and changes nothing the messages after it are made from', () => {
    const many = Array.from({ length: 300 }, (_, i) => toDiagnostic(LINES, { ...FINDINGS[i % FINDINGS.length] as Finding, message: `finding ${i} é` }, URI));
    const series = [many, many.slice(1), many.slice(2), many.slice(3)].map((list) => publish(list));
    // Without a rehearsal: each message and the memory it is written into.
    const plain = series.map((message) => encodeMessage(message));
    const plainBytes = plain.map((bytes) => Buffer.from(bytes));
    // The same series with a rehearsal before each message: the rehearsed bytes are the message's, in memory of their
    // own; the real messages are written as before, into the same buffers as before, and none already written changes.
    const rehearsed = series.map((message) => {
      const rehearsal = rehearseEncoding(message);
      assert.deepEqual(rehearsal, Buffer.from(JSON.stringify(message), 'utf8'));
      return { rehearsal, bytes: encodeMessage(message) };
    });
    rehearsed.forEach(({ rehearsal, bytes }, i) => {
      assert.deepEqual(bytes, plainBytes[i], `message ${i} as without rehearsals`);
      assert.ok(rehearsed.every((other) => other.bytes.buffer !== rehearsal?.buffer), 'a rehearsal is written in memory no message uses');
    });
    assert.equal(rehearsed[2]?.bytes.buffer, rehearsed[0]?.bytes.buffer, 'the buffer of the message two before is still reused');
    // Copying after a rehearsal: the message after it copies from the last real message, as the library would write it.
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => (calls++, stringify(...args))) as typeof stringify;
    try {
      rehearseEncoding(publish(many.slice(4)));
      calls = 0;
      encodeMessage(publish(many.slice(3)));
    } finally {
      JSON.stringify = stringify;
    }
    assert.ok(calls < 50, `the message after a rehearsal copied its diagnostics from the last one written (${calls} calls of JSON.stringify)`);
    assert.equal(rehearseEncoding({ jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'x' } } as Message), undefined, 'only diagnostics messages are rehearsed');
  });

  it('a diagnostic whose JSON is kept cannot be changed afterwards', () => {
    const [diagnostic] = diagnostics;
    assert.ok(diagnostic);
    assert.equal(Reflect.set(diagnostic, 'message', 'changed'), false);
    assert.equal(Reflect.set(diagnostic.range.start, 'line', 99), false);
    assert.equal(Reflect.set(diagnostic.relatedInformation?.[0] ?? {}, 'message', 'changed'), false);
    assert.equal(Reflect.set(diagnostic.relatedInformation ?? {}, 'length', 0), false);
    assert.equal(diagnostic.message, FINDINGS[0]?.message);
    sameAsLibrary(publish(diagnostics));
  });

  it('is the writer\'s encoder: UTF-8 by default, another charset as the library would write it', async () => {
    const message = publish(diagnostics);
    assert.equal(MESSAGE_ENCODER.name, 'application/json');
    assert.deepEqual(Buffer.from(await MESSAGE_ENCODER.encode(message, { charset: 'utf-8' })), Buffer.from(JSON.stringify(message), 'utf8'));
    assert.deepEqual(Buffer.from(await MESSAGE_ENCODER.encode(message, { charset: 'ascii' })), Buffer.from(JSON.stringify(message), 'ascii'));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await assert.rejects(MESSAGE_ENCODER.encode(publish([circular]), { charset: 'utf-8' }), TypeError);
  });
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { keptKey, rememberedByText } from '../../server/src/core/rememberedByText';
import { firstJsonError } from '../../server/src/core/request/bodyTemplate';
import { tokenUrlProblem } from '../../server/src/core/oauth2/tokenUrl';

it('a text asked again is judged once, every other text on its own, an undefined answer included', () => {
  const asked: string[] = [];
  const judge = rememberedByText((text: string) => {
    asked.push(text);
    return text.startsWith('x') ? undefined : text.toUpperCase();
  });
  assert.equal(judge('ab'), 'AB');
  assert.equal(judge('ab'), 'AB');
  assert.equal(judge('ac'), 'AC');
  assert.equal(judge('xy'), undefined);
  assert.equal(judge('xy'), undefined);
  assert.equal(judge(''), '');
  assert.deepEqual(asked, ['ab', 'ac', 'xy', '']);
});

it('past its limit it forgets and still answers each text for itself', () => {
  let calls = 0;
  const judge = rememberedByText((text: string) => (calls++, text.length), 2);
  assert.deepEqual(['a', 'bb', 'ccc', 'a', 'bb', 'ccc'].map(judge), [1, 2, 3, 1, 2, 3]);
  assert.ok(calls >= 4 && calls <= 6);
});

it('long texts are judged every time, not kept', () => {
  let calls = 0;
  const judge = rememberedByText((text: string) => (calls++, text.length));
  const long = 'z'.repeat(5000);
  assert.equal(judge(long), 5000);
  assert.equal(judge(long), 5000);
  assert.equal(calls, 2);
});

it('the remembered checks answer each body and token endpoint for itself', () => {
  assert.equal(firstJsonError('{ "a": 1 }'), undefined);
  assert.match(firstJsonError('{ "a": }')?.problem ?? '', /value expected/);
  assert.equal(firstJsonError('{ "a": 1 }'), undefined);
  assert.equal(tokenUrlProblem('https://login.example.com/token'), undefined);
  assert.match(tokenUrlProblem('http://login.example.com/token') ?? '', /unencrypted/);
  assert.equal(tokenUrlProblem('https://login.example.com/token'), undefined);
});

it("a remembered text does not keep alive the file's text it was cut from", () => {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const judge = rememberedByText((text: string) => text.length);
  const size = 32 * 1024 * 1024;
  // In a call of its own: the test's own frame holds no part of the text once it returns.
  const judgeCutValue = (): number => {
    // A file's text as a read gives it (one flat string in V8's heap), and a value cut from it as the parser cuts one.
    const file = JSON.parse(JSON.stringify('a'.repeat(size))) as string;
    return judge(file.slice(size / 2, size / 2 + 40));
  };
  collect();
  const before = process.memoryUsage().heapUsed;
  assert.equal(judgeCutValue(), 40);
  collect();
  const held = process.memoryUsage().heapUsed - before;
  assert.ok(held < size / 4, `${(held / 1024 / 1024).toFixed(1)} MB still held: the remembered key keeps the whole text it was cut from`);
  assert.equal(judge('a'.repeat(40)), 40);
});

it("a key joined from a value cut from a file's text, kept as keptKey gives it, does not keep the file alive", () => {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const kept = new Map<string, number>();
  const size = 32 * 1024 * 1024;
  const keepJoinedKey = (): void => {
    const file = JSON.parse(JSON.stringify('b'.repeat(size))) as string;
    let key = `+${file.slice(size / 2, size / 2 + 40)}`;
    key += '\u0000$select\u0000Name';
    kept.set(keptKey(key), 1);
  };
  collect();
  const before = process.memoryUsage().heapUsed;
  keepJoinedKey();
  collect();
  const held = process.memoryUsage().heapUsed - before;
  assert.ok(held < size / 4, `${(held / 1024 / 1024).toFixed(1)} MB still held by the kept key`);
  assert.equal(kept.get(`+${'b'.repeat(40)}\u0000$select\u0000Name`), 1, 'the kept key is equal to the key it was made from');
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { rememberedByText } from '../../server/src/core/rememberedByText';
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

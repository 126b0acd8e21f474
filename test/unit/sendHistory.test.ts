// What the editor keeps of Send Request in the workspace's state, the values a user typed ("last values") and the
// results sent (the history): never a value that may be a credential. The client module runs here against a
// Memento kept in memory.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { HISTORY_ANSWER_LIMIT, SendHistory, type HistoryEntry } from '../../client/src/send/history';
import type { ResultView } from '../../client/src/webview/protocol';
import { parseExact, portableResult, resultOfPortable, type InputDescription } from '../../server/src/core';

/** The workspace state as VS Code keeps it: JSON values by key (a copy is stored, as VS Code serialises them; undefined removes the key). */
function memento(): vscode.Memento & { stored: Map<string, unknown> } {
  const stored = new Map<string, unknown>();
  return {
    stored,
    keys: () => [...stored.keys()],
    get: <T>(key: string, fallback?: T): T => (stored.has(key) ? JSON.parse(JSON.stringify(stored.get(key))) as T : fallback as T),
    update: async (key: string, value: unknown) => void (value === undefined ? stored.delete(key) : stored.set(key, JSON.parse(JSON.stringify(value)) as unknown)),
  } as vscode.Memento & { stored: Map<string, unknown> };
}

const input = (name: string, role: InputDescription['role'], mayHoldCredential: boolean): InputDescription => ({ name, role, type: 'string', required: false, mayHoldCredential });
const INPUTS = [input('petId', 'path', false), input('X-Request-Id', 'header', true), input('api_key', 'query', true), input('status', 'query', false)];
const TYPED = { petId: '7', 'X-Request-Id': 'req-1', api_key: 'k-123', status: 'sold' };

describe('the last values Send Request keeps', () => {
  test('values that may be credentials are not written to the workspace state', async () => {
    const state = memento();
    await new SendHistory(state).setLastTexts('file#getPet', TYPED, INPUTS);
    const written = JSON.stringify([...state.stored.values()]);
    assert.doesNotMatch(written, /req-1|k-123/);
    assert.deepEqual(new SendHistory(state).lastTexts('file#getPet', INPUTS), { petId: '7', status: 'sold' });
  });

  test('values kept by an earlier version are not offered again, and are gone after the next send', async () => {
    const state = memento();
    await state.update('connectorTools.lastTexts', { 'file#getPet': TYPED });
    const history = new SendHistory(state);
    assert.deepEqual(history.lastTexts('file#getPet', INPUTS), { petId: '7', status: 'sold' });
    await history.setLastTexts('file#getPet', { petId: '8', api_key: 'k-456' }, INPUTS);
    assert.doesNotMatch(JSON.stringify([...state.stored.values()]), /k-123|k-456|req-1/);
  });

  test('which inputs must be asked for again when sending with the last values', () => {
    assert.deepEqual(new SendHistory(memento()).notKept(INPUTS).map((i) => i.name), ['X-Request-Id', 'api_key']);
  });
});

/** Long enough to be hidden where an answer echoes it, as a secret would be. */
const API_KEY = 'k-1234567890abcdef';

/** A result as Send Request shows it: the server redacted its secrets, not the values typed for its inputs. */
function sent(values: Record<string, string | number>, request: ResultView['request'], answer: string, responseHeaders: Record<string, string> = {}): HistoryEntry {
  const data = parseExact(answer);
  assert.ok(data.ok);
  return {
    key: 'file:///w/pets.connector.json#getPet',
    fileUri: 'file:///w/pets.connector.json',
    view: {
      operationId: 'getPet',
      request,
      result: portableResult({ status: 200, errors: [], warnings: [], timing: { totalMs: 5 }, data: data.value, headers: responseHeaders }),
      rawText: answer,
      receivedAt: '2026-11-22T10:00:00.000Z',
      responseHeaders,
      valuesJson: JSON.stringify(values),
      canSaveAsExpectation: true,
    },
  };
}

describe('the results Send Request keeps (Show History)', () => {
  test('no value that may be a credential is written: not in the address, the headers, the body, the values or an echo', async () => {
    const state = memento();
    const entry = sent(
      { petId: 7, 'X-Request-Id': 'req-1', api_key: API_KEY, status: 'sold' },
      {
        method: 'POST',
        url: `http://127.0.0.1/pets/7?api_key=${encodeURIComponent(API_KEY)}&status=sold`,
        headers: [['X-Request-Id', 'req-1'], ['Accept', 'application/json'], ['X-Api-Key', '•••']],
        body: `{"key":"${API_KEY}","note":"req-1 sent"}`,
      },
      `{"id":7,"name":"Rex","status":"sold","echo":"${API_KEY}"}`,
      { 'x-echo': `key=${API_KEY}` },
    );
    await new SendHistory(state).add(entry, INPUTS);
    const written = JSON.stringify([...state.stored.values()]);
    assert.doesNotMatch(written, /req-1|k-1234567890abcdef/);

    const [kept] = new SendHistory(state).entries();
    assert.ok(kept);
    assert.equal(kept.view.request.url, 'http://127.0.0.1/pets/7?api_key=•••&status=sold');
    assert.deepEqual(kept.view.request.headers, [['X-Request-Id', '•••'], ['Accept', 'application/json'], ['X-Api-Key', '•••']]);
    assert.equal(kept.view.request.body, '{"key":"•••","note":"••• sent"}');
    assert.deepEqual(resultOfPortable(kept.view.result).data, { id: 7, name: 'Rex', status: 'sold', echo: '•••' });
    assert.equal(kept.view.rawText, '{"id":7,"name":"Rex","status":"sold","echo":"•••"}');
    assert.deepEqual(kept.view.responseHeaders, { 'x-echo': 'key=•••' });
    // A case saved from it would lack those values: the history does not offer it.
    assert.equal(kept.view.valuesJson, undefined);
    assert.equal(kept.view.canSaveAsExpectation, false);
    assert.equal(kept.view.operationId, 'getPet');
    assert.equal(kept.view.result.status, 200);
  });

  test('values from a values file are held to the same rule', async () => {
    const state = memento();
    const header = input('Authorization', 'header', true);
    const entry = sent({ Authorization: 'Token abc' }, { method: 'GET', url: 'http://127.0.0.1/me', headers: [['Authorization', 'Token abc']] }, '{"me":"x"}');
    await new SendHistory(state).add(entry, [header]);
    assert.doesNotMatch(JSON.stringify([...state.stored.values()]), /abc/);
  });

  test('a result without such values is kept as it was sent', async () => {
    const state = memento();
    const entry = sent({ petId: 7, status: 'sold' }, { method: 'GET', url: 'http://127.0.0.1/pets/7?status=sold', headers: [['Accept', 'application/json']] }, '{"id":7}');
    await new SendHistory(state).add(entry, INPUTS);
    assert.deepEqual(new SendHistory(state).entries(), [entry]);
  });

  test('a long answer is kept in part: the start of its body, not its data, and a warning that says so; fifty stay small', async () => {
    const state = memento();
    const rows = Array.from({ length: 20_000 }, (_, i) => `{"OrderNo":"${i}","Total":${i}.50}`);
    const answer = `{"value":[${rows.join(',')}]}`;
    const entry = sent({ petId: 7 }, { method: 'GET', url: 'http://127.0.0.1/Orders', headers: [['Accept', 'application/json']] }, answer);
    const history = new SendHistory(state);
    for (let i = 0; i < 50; i++) await history.add(entry, INPUTS);
    const [kept] = history.entries();
    assert.ok(kept);
    assert.equal(kept.view.rawText, answer.slice(0, HISTORY_ANSWER_LIMIT));
    assert.equal(kept.view.rawLength, answer.length);
    assert.equal(kept.view.result.dataJson, undefined);
    assert.equal(kept.view.result.status, 200);
    assert.match(kept.view.result.warnings.at(-1) ?? '', new RegExp(`keeps the first 100,000 characters of this answer \\(${answer.length.toLocaleString('en-US')} in all\\).*send the request again`));
    assert.equal(kept.view.canSaveAsExpectation, false);
    assert.ok(answer.length > 4 * HISTORY_ANSWER_LIMIT);
    assert.ok(JSON.stringify([...state.stored.values()]).length < 50 * (HISTORY_ANSWER_LIMIT * 1.2), 'fifty long answers stay within the limit each');
  });

  test('the history an earlier version kept, which may hold such values, is not shown and is deleted', async () => {
    const state = memento();
    await state.update('connectorTools.history', [sent({ api_key: API_KEY }, { method: 'GET', url: `http://127.0.0.1/?api_key=${API_KEY}` }, '{}')]);
    const history = new SendHistory(state);
    assert.deepEqual(history.entries(), []);
    await history.forgetEarlierVersions();
    assert.doesNotMatch(JSON.stringify([...state.stored.values()]), /k-1234567890abcdef/);
    assert.equal(state.stored.get('connectorTools.history'), undefined);
  });
});

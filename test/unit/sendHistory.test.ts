// What the editor keeps of the values a user typed for Send Request ("last values", in the workspace's state): never
// a value that may be a credential. The client module runs here against a Memento kept in memory.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { SendHistory } from '../../client/src/send/history';
import type { InputDescription } from '../../server/src/core/request/inputs';

/** The workspace state as VS Code keeps it: JSON values by key (a copy is stored, as VS Code serialises them). */
function memento(): vscode.Memento & { stored: Map<string, unknown> } {
  const stored = new Map<string, unknown>();
  return {
    stored,
    keys: () => [...stored.keys()],
    get: <T>(key: string, fallback?: T): T => (stored.has(key) ? JSON.parse(JSON.stringify(stored.get(key))) as T : fallback as T),
    update: async (key: string, value: unknown) => void stored.set(key, JSON.parse(JSON.stringify(value)) as unknown),
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

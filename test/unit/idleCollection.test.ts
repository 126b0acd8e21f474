// The server's collections once a large file stops changing (server/src/lsp/idleCollection.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdleCollection, LARGE } from '../../server/src/lsp/idleCollection';

/** An IdleCollection with short delays whose collections are counted; `collections(n)` resolves at the n-th. */
function counted(signal: AbortSignal): { idle: IdleCollection; count: () => number; collections: (n: number) => Promise<void> } {
  let count = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const idle = new IdleCollection(() => {
    count++;
    for (const w of waiting) if (w.n === count) w.resolve();
  }, { quietMs: 20, settleMs: 40 });
  const collections = async (n: number): Promise<void> => {
    if (count >= n) return;
    // The server's timers do not keep a process alive: the test does, while it waits.
    const alive = setInterval(() => undefined, 1_000);
    signal.addEventListener('abort', () => clearInterval(alive));
    await new Promise<void>((resolve) => waiting.push({ n, resolve }));
    clearInterval(alive);
  };
  return { idle, count: () => count, collections };
}

test('after a large file is checked, the server collects once quiet and again once V8 sees it idle (where V8 gives memory back)', { timeout: 10_000 }, async (t) => {
  const { idle, count, collections } = counted(t.signal);
  idle.checked(LARGE);
  await collections(1);
  assert.equal(count(), 1);
  await collections(2);
  assert.equal(count(), 2);
});

test('a check between the two collections puts the next one after the quiet time again, then both run', { timeout: 10_000 }, async (t) => {
  const { idle, count, collections } = counted(t.signal);
  idle.checked(LARGE);
  await collections(1);
  // Typing again: the pending second collection gives way to a first one after the quiet time.
  idle.checked(LARGE);
  await collections(2);
  await collections(3);
  assert.equal(count(), 3);
});

test('a small file alone is not worth a collection', { timeout: 10_000 }, async (t) => {
  const { idle, count, collections } = counted(t.signal);
  idle.checked(LARGE - 1);
  // A large file afterwards starts the collections: the first counted one is the large file's.
  idle.checked(LARGE);
  await collections(2);
  assert.equal(count(), 2);
});

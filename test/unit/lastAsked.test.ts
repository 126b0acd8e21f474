import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LastAsked } from '../../server/src/core/lastAsked';

it('gives the value of the last key set, and nothing for any other key', () => {
  const last = new LastAsked<object, string>();
  const first = {};
  const second = {};
  assert.equal(last.get(first), undefined);
  last.set(first, 'one');
  assert.equal(last.get(first), 'one');
  assert.equal(last.get(second), undefined);
  last.set(second, 'two');
  assert.equal(last.get(second), 'two');
  assert.equal(last.get(first), undefined, 'a key set before the last is forgotten');
});

it('forgets when the run that set it ends, before an awaiting caller goes on', async () => {
  const last = new LastAsked<object, string>();
  const key = {};
  last.set(key, 'one');
  last.set(key, 'two');
  assert.equal(last.get(key), 'two');
  await Promise.resolve();
  assert.equal(last.get(key), undefined);
  // Set again in the next run, it is remembered (and forgotten) again.
  last.set(key, 'three');
  assert.equal(last.get(key), 'three');
  await Promise.resolve();
  assert.equal(last.get(key), undefined);
});

it('holds neither key nor value once the run is over', async () => {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const last = new LastAsked<object, object>();
  const refs = ((): { key: WeakRef<object>; value: WeakRef<object> } => {
    const key = {};
    const value = { large: new Array(1000).fill(0) };
    last.set(key, value);
    return { key: new WeakRef(key), value: new WeakRef(value) };
  })();
  // Past the task, so the weak references no longer keep their targets alive themselves.
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  assert.equal(refs.key.deref(), undefined);
  assert.equal(refs.value.deref(), undefined);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstAtLeast } from '../../server/src/core/bisect';

test('firstAtLeast finds the first key at least the value, as a search from the start does', () => {
  const keys = [1, 3, 3, 7, 10];
  for (let value = -1; value <= 12; value++) {
    const expected = keys.findIndex((k) => k >= value);
    assert.equal(firstAtLeast(keys.length, (i) => keys[i] as number, value), expected < 0 ? keys.length : expected, `value ${value}`);
  }
  assert.equal(firstAtLeast(0, () => 0, 5), 0);
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closeMatches } from '../../server/src/core/closeMatches';

describe('closeMatches', () => {
  it('finds a typo, closest first, and a fragment of a longer name', () => {
    assert.deepEqual(closeMatches('Pett', ['Owner', 'Pets', 'Pet']), ['Pet', 'Pets']);
    assert.deepEqual(closeMatches('multi', ['multi-on-path', 'duplicate-header']), ['multi-on-path']);
    assert.deepEqual(closeMatches('Invoice', ['Pet', 'Owner']), []);
  });

  it('compares without case and orders equal scores by name', () => {
    assert.deepEqual(closeMatches('ab', ['AC', 'AB', 'aa'], 3), ['AB', 'aa', 'AC']);
  });

  it('counts a contained name as close as the budget allows, never closer than its distance', () => {
    // 'order' lies inside both; 'orders' is one edit away, 'customerorderline' many (the budget, 5).
    assert.deepEqual(closeMatches('order', ['CustomerOrderLine', 'Orders']), ['Orders', 'CustomerOrderLine']);
  });

  it('answers for names of 200,000 characters without comparing them letter by letter', { timeout: 120_000 }, () => {
    const long = 'q'.repeat(200_000);
    assert.deepEqual(closeMatches(long, [`${long}r`, 'Pet']), [`${long}r`]);
    assert.deepEqual(closeMatches(`${long}r`, [`${long}s`, 'Pet']), []);
  });
});

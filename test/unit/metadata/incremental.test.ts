import assert from 'node:assert/strict';
import { it } from 'node:test';
import { lintFully, lintIncrementally, lintText } from '../../../server/src/core/lint';
import { FIXTURE_XML, WITH_METADATA, customRequest, fixtureSource, readService, shopConnector } from '../../support/metadataFixture';

it('typing in one Custom request re-checks it against the metadata, as a full check would', () => {
  const requests = Array.from({ length: 20 }, (_, i) => customRequest('read', i === 7 ? 'Ordrs' : "Orders('A')/Lines").replace('"id": "r"', `"id": "r${i}"`));
  let text = shopConnector(requests);
  let state = lintFully(text, WITH_METADATA);
  assert.deepEqual(state.result.findings.map((f) => f.code), ['unknown-resource']);
  for (const [from, to] of [["Orders('A')/Lines", "Orders('A')/Line"], ['Ordrs', 'Orders'], ["Orders('A')/Line", "Orders('A')/Lines(1)"]] as const) {
    text = text.replace(from, to);
    state = lintIncrementally(state, text, WITH_METADATA);
    assert.equal(state.checked, 'one-operation');
    const full = lintText(text, WITH_METADATA).findings;
    assert.deepEqual(state.result.findings.map((f) => [f.code, f.offset, f.message]), full.map((f) => [f.code, f.offset, f.message]));
  }
  assert.deepEqual(state.result.findings.map((f) => f.code), ['key-predicate']);
});

it('a new metadata version (another generation) is a full check', () => {
  const text = shopConnector([customRequest('read', 'Orders')]);
  const state = lintFully(text, WITH_METADATA);
  const next = lintIncrementally(state, text.replace('"Orders"', '"Orders/$count"'), { metadata: { ...fixtureSource(), generation: 1 } });
  assert.equal(next.checked, 'fully');
});

it('a metadata file read anew under the same generation (another service, or now unreadable) is judged in full, as a full check would', () => {
  const requests = [customRequest('read', 'Orders'), customRequest('read', "Orders('A')/Lines").replace('"id": "r"', '"id": "r2"')];
  let text = shopConnector(requests);
  let state = lintFully(text, WITH_METADATA);
  assert.deepEqual(state.result.findings.map((f) => f.code), []);
  // The file on disk changed without a file event: the source answers another service (no entity set 'Orders').
  const renamed = { metadata: fixtureSource(readService(FIXTURE_XML.replace('EntitySet Name="Orders"', 'EntitySet Name="SalesOrders"'))) };
  text = text.replace('"Orders"', '"Orders/$count"');
  state = lintIncrementally(state, text, renamed);
  assert.equal(state.checked, 'fully');
  assert.deepEqual(state.result.findings.map((f) => [f.code, f.offset, f.message]), lintText(text, renamed).findings.map((f) => [f.code, f.offset, f.message]));
  assert.deepEqual(state.result.findings.map((f) => f.code), ['unknown-resource', 'unknown-resource']);
  // Then unreadable: every metadata finding goes, and the file is named.
  const unreadable = { metadata: { generation: 0, load: () => ({ ok: false as const, message: 'it does not exist' }) } };
  text = text.replace('"Orders/$count"', '"Orders"');
  state = lintIncrementally(state, text, unreadable);
  assert.equal(state.checked, 'fully');
  assert.deepEqual(state.result.findings.map((f) => f.code), ['metadata-file']);
});

it("typing in the connector's baseUrl asks the metadata rules again about every request (they read where the service root ends), as a full check would", () => {
  const base = 'https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc';
  const requests = [customRequest('read', `${base}/Ordrs`), customRequest('read', `${base}/Orders`).replace('"id": "r"', '"id": "r2"')];
  let text = shopConnector(requests);
  let state = lintFully(text, WITH_METADATA);
  assert.deepEqual(state.result.findings.map((f) => f.code), ['unknown-resource']);
  // Another service root: the urls are another service's, which the metadata does not judge.
  for (const [from, to] of [['CustomerOrderHandling.svc"', 'CustomerOrderHandling.svcX"'], ['CustomerOrderHandling.svcX"', 'CustomerOrderHandling.svc"']] as const) {
    text = text.replace(from, to);
    state = lintIncrementally(state, text, WITH_METADATA);
    assert.equal(state.checked, 'one-setting');
    assert.deepEqual(state.result.findings.map((f) => [f.code, f.offset, f.message]), lintText(text, WITH_METADATA).findings.map((f) => [f.code, f.offset, f.message]));
  }
  assert.deepEqual(state.result.findings.map((f) => f.code), ['unknown-resource']);
});

it('typing in one Custom request of a file past the budget of suggestions checks it with a budget of its own', { timeout: 120_000 }, () => {
  const count = 8_000;
  const sets = Array.from({ length: count }, (_, i) => `<EntitySet Name="Set${i}" EntityType="S.Customer"/>`).join('');
  const options = { metadata: fixtureSource(readService(FIXTURE_XML.replace('<Singleton Name="Me"', `${sets}<Singleton Name="Me"`))) };
  const requests = Array.from({ length: count }, (_, i) => customRequest('read', `Zet${i}`).replace('"id": "r"', `"id": "r${i}"`));
  let text = shopConnector(requests);
  const state = lintFully(text, options);
  assert.doesNotMatch(state.result.findings[count - 1]?.message ?? '', /Did you mean/);
  text = text.replace(`"Zet${count - 1}"`, `"Zet${count - 2}"`);
  const next = lintIncrementally(state, text, options);
  assert.equal(next.checked, 'one-operation');
  assert.match(next.result.findings[count - 1]?.message ?? '', new RegExp(`^'Zet${count - 2}' .* Did you mean 'Set${count - 2}'\\?$`));
  // A full check of the same text has no budget left for it, as before the edit.
  assert.doesNotMatch(lintText(text, options).findings[count - 1]?.message ?? '', /Did you mean/);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confirmationMessage, readStoredSecret, secretUse, withOrigin, writeStoredSecret } from '../../../client/src/send/secretOrigins';
import { isSealedSecret, sealSecret, secretOpener } from '../../../server/src/secretSeal';

const VALUE = 'tøp-secret/+=';

test('a sealed secret opens for its request and name only, and shows nothing of the value', () => {
  const opener = secretOpener();
  const sealed = sealSecret(VALUE, opener.publicKey, 'api');
  assert.ok(isSealedSecret(sealed));
  assert.equal(opener.open(sealed, 'api'), VALUE);
  const text = JSON.stringify(sealed);
  for (const form of [VALUE, encodeURIComponent(VALUE), Buffer.from(VALUE).toString('base64')]) assert.ok(!text.includes(form));
  assert.throws(() => opener.open(sealed, 'other'), 'another name does not open it');
  assert.throws(() => secretOpener().open(sealed, 'api'), "another request's key does not open it");
  const data = Buffer.from(sealed.data, 'base64');
  data[0] = (data[0] ?? 0) ^ 1;
  assert.throws(() => opener.open({ ...sealed, data: data.toString('base64') }, 'api'), 'a changed byte is detected');
  assert.notEqual(sealSecret(VALUE, opener.publicKey, 'api').data, sealed.data, 'sealing the same value twice gives different text');
  assert.equal(isSealedSecret(VALUE), false);
  assert.equal(isSealedSecret(null), false);
});

test('a stored secret is sent as it is only to the origins it was confirmed for', () => {
  const stored = { value: VALUE, origins: ['https://api.example.com'] };
  assert.deepEqual(secretUse(stored, 'https://api.example.com'), { kind: 'send', value: VALUE });
  // A connector (or a pull request) that points baseUrl elsewhere: the user is asked first.
  for (const elsewhere of ['https://evil.example', 'http://api.example.com', 'https://api.example.com:8443']) {
    assert.deepEqual(secretUse(stored, elsewhere), { kind: 'confirm-origin', value: VALUE, confirmedFor: ['https://api.example.com'] });
  }
  assert.deepEqual(secretUse(undefined, 'https://api.example.com'), { kind: 'ask-value' });
  assert.deepEqual(secretUse({ value: '', origins: [] }, 'https://api.example.com'), { kind: 'ask-value' });
  const confirmed = withOrigin(stored, 'https://evil.example');
  assert.deepEqual(secretUse(confirmed, 'https://evil.example'), { kind: 'send', value: VALUE });
  assert.deepEqual(withOrigin(confirmed, 'https://evil.example').origins, ['https://api.example.com', 'https://evil.example']);
});

test('stored secrets round-trip; values stored before origins were kept are confirmed for none', () => {
  const stored = { value: VALUE, origins: ['https://a.example', 'https://a.example', 'https://b.example'] };
  assert.deepEqual(readStoredSecret(writeStoredSecret(stored)), { value: VALUE, origins: ['https://a.example', 'https://b.example'] });
  assert.deepEqual(readStoredSecret('plain-old-value'), { value: 'plain-old-value', origins: [] });
  assert.deepEqual(secretUse(readStoredSecret('plain-old-value'), 'https://a.example').kind, 'confirm-origin');
  // A value that merely looks like JSON is still a plain old value.
  assert.deepEqual(readStoredSecret('{"value":"x","origins":["https://evil.example"]}')?.origins, []);
  assert.equal(readStoredSecret(undefined), undefined);
  assert.equal(readStoredSecret('connector-secret:v1:{broken'), undefined);
});

test('the confirmation names the secret, the new origin, where it was confirmed and the file', () => {
  const question = confirmationMessage('api', 'https://evil.example', ['https://api.example.com'], 'shop.connector.json');
  assert.equal(question.message, "Send the secret 'api' to https://evil.example?");
  assert.match(question.detail, /shop\.connector\.json sends the secret 'api' to https:\/\/evil\.example\. It was confirmed for https:\/\/api\.example\.com only\./);
  assert.equal(question.send, 'Send to https://evil.example');
  assert.match(confirmationMessage('api', 'https://x.example', [], 'f').detail, /not been confirmed for any address yet/);
});

test('an OAuth2 client secret needs both the token endpoint and the service its token goes to confirmed', () => {
  const login = 'https://login.example.com';
  const api = 'https://api.example.com';
  const stored = { value: VALUE, origins: [login], tokenOrigins: [api] };
  assert.deepEqual(secretUse(stored, login, api), { kind: 'send', value: VALUE });
  // A pull request that keeps the token endpoint but points baseUrl elsewhere: the token would leave; ask first.
  assert.deepEqual(secretUse(stored, login, 'https://evil.example'), { kind: 'confirm-origin', value: VALUE, confirmedFor: [login], tokenConfirmedFor: [api] });
  // The secret confirmed as a plain secret for the service does not let it sign in anywhere.
  assert.equal(secretUse({ value: VALUE, origins: [api] }, login, api).kind, 'confirm-origin');
  assert.equal(secretUse({ value: VALUE, origins: [login] }, login, api).kind, 'confirm-origin', 'no token origin confirmed yet');
  const both = withOrigin({ value: VALUE, origins: [] }, login, api);
  assert.deepEqual(both, { value: VALUE, origins: [login], tokenOrigins: [api] });
  assert.deepEqual(readStoredSecret(writeStoredSecret(both)), both);
  const question = confirmationMessage('ifs', login, [login], 'orders.connector.json', 'https://evil.example', [api]);
  assert.equal(question.message, "Sign in at https://login.example.com with the client secret 'ifs', and send the token to https://evil.example?");
  assert.match(question.detail, /its tokens for https:\/\/api\.example\.com\./);
});

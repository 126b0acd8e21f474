// Redaction hides a secret where the request put it and in the forms it can take when it comes back, and leaves
// every other text as it is: a one-letter secret must not turn "raw" into "r•••w".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tokenHttpRequest } from '../../../server/src/core/http/tokenEndpoint';
import { redactRequest, redactResult, redactText } from '../../../server/src/core/http/redact';
import { describeRequest } from '../../../server/src/core/request/show';
import type { BuiltRequest, ConnectorResult, SecretPlacement } from '../../../server/src/core/http/types';
import { shapeResult } from '../../../server/src/core/http/result';
import { isJsonObject, JsonNumber, stringifyExact } from '../../../server/src/core/values/exactJson';

function request(secret: string, placement: SecretPlacement, extra: Partial<BuiltRequest> = {}): BuiltRequest {
  const base: BuiltRequest = { method: 'GET', url: 'https://api.example.com/items?q=raw', headers: [['Accept', 'application/json']], secrets: [secret], warnings: [], shaping: { kind: 'rest' }, secretPlacement: placement };
  if (placement.kind === 'header') base.headers.push([placement.header, `${placement.prefix}${secret}`]);
  if (placement.kind === 'query') base.url += `&${placement.parameter}=${encodeURIComponent(secret)}`;
  if (placement.kind === 'basic') {
    const token = Buffer.from(`${placement.username}:${secret}`).toString('base64');
    base.headers.push(['Authorization', `Basic ${token}`]);
    base.secrets.push(token);
  }
  return { ...base, ...extra };
}

function result(data: ConnectorResult['data'], extra: Partial<ConnectorResult> = {}): ConnectorResult {
  return { status: 200, errors: [], warnings: [], data, timing: { totalMs: 1 }, ...extra };
}

const ORDINARY = { raw: 'raw', text: 'the status is 200, as application/json says', list: ['r', 'the', 'json', 200], 'the key': 'json' };

describe('short secrets: hidden where they were put, ordinary text untouched', () => {
  test('a one-letter secret in a header, the query and a Basic token', () => {
    const inHeader = request('r', { kind: 'header', header: 'X-Api-Key', prefix: '', secretName: 'k' }, { body: { kind: 'text', text: '{"raw":"raw"}' }, warnings: ['raw warning'] });
    assert.equal(describeRequest(inHeader), 'GET https://api.example.com/items?q=raw\nAccept: application/json\nX-Api-Key: •••\n\n{"raw":"raw"}');
    assert.deepEqual(redactRequest(inHeader).warnings, ['raw warning']);
    const inQuery = request('r', { kind: 'query', parameter: 'key', secretName: 'k' });
    assert.equal(redactRequest(inQuery).url, 'https://api.example.com/items?q=raw&key=•••');
    const basic = request('r', { kind: 'basic', username: 'me', secretName: 'k' });
    assert.deepEqual(redactRequest(basic).headers, [['Accept', 'application/json'], ['Authorization', 'Basic •••']]);
    for (const sent of [inHeader, inQuery, basic]) {
      assert.deepEqual(redactResult(result(ORDINARY, { warnings: ['raw'], errors: ['HTTP 400 Bad Request: wrong r'] }), sent), result(ORDINARY, { warnings: ['raw'], errors: ['HTTP 400 Bad Request: wrong r'] }));
    }
  });

  test("the words 'the', '200' and 'json' as secrets rewrite no ordinary word", () => {
    for (const secret of ['the', '200', 'json']) {
      const sent = request(secret, { kind: 'header', header: 'Authorization', prefix: 'Bearer ', secretName: 's' });
      assert.deepEqual(redactRequest(sent).headers, [['Accept', 'application/json'], ['Authorization', 'Bearer •••']]);
      assert.deepEqual(redactResult(result(ORDINARY, { headers: { 'content-type': 'application/json' } }), sent).data, ORDINARY);
      assert.deepEqual(redactResult(result(ORDINARY, { headers: { 'content-type': 'application/json' } }), sent).headers, { 'content-type': 'application/json' });
      assert.equal(redactText('the 200 json', sent), 'the 200 json');
    }
  });

  test("a short secret in the address is hidden in the result's redirects, where the address was sent", () => {
    const sent = request('r', { kind: 'query', parameter: 'key', secretName: 'k' });
    const shown = redactResult(result(undefined, { redirects: [{ status: 302, from: sent.url, to: 'https://api.example.com/moved?q=raw&key=r' }] }), sent);
    assert.deepEqual(shown.redirects, [{ status: 302, from: 'https://api.example.com/items?q=raw&key=•••', to: 'https://api.example.com/moved?q=raw&key=•••' }]);
  });
});

describe('a short secret where a service echoes it in the shape the request put it', () => {
  test('a query parameter: name=value in text, and a value under its name in data', () => {
    const sent = request('r', { kind: 'query', parameter: 'key', secretName: 'k' });
    assert.equal(redactText('GET /api/x?key=r&q=raw monkey=r key=raw key=r', sent), 'GET /api/x?key=•••&q=raw monkey=r key=raw key=•••');
    const shown = redactResult(result({ target: '/api/x?key=r', query: { key: 'r', q: 'r' }, raw: 'raw' }), sent);
    assert.deepEqual(shown.data, { target: '/api/x?key=•••', query: { key: '•••', q: 'r' }, raw: 'raw' });
  });

  test('a header: the header line, the header in a JSON echo, a response header of that name', () => {
    const sent = request('r', { kind: 'header', header: 'X-Api-Key', prefix: '', secretName: 'k' });
    assert.equal(redactText('x-api-key: r\nX-Other: r\n{"X-Api-Key":"r","raw":"r"}', sent), 'x-api-key: •••\nX-Other: r\n{"X-Api-Key":"•••","raw":"r"}');
    const shown = redactResult(result({ headers: { 'x-api-key': 'r', 'x-other': 'r' } }, { headers: { 'x-api-key': 'r', 'x-r': 'r' } }), sent);
    assert.deepEqual(shown.data, { headers: { 'x-api-key': '•••', 'x-other': 'r' } });
    assert.deepEqual(shown.headers, { 'x-api-key': '•••', 'x-r': 'r' });
  });

  test('a bearer token: after "Bearer " wherever it stands, and nowhere else', () => {
    const sent = request('the', { kind: 'header', header: 'Authorization', prefix: 'Bearer ', secretName: 's' });
    assert.equal(redactText('Authorization: Bearer the; bearer the. the Bearer theory', sent), 'Authorization: Bearer •••; bearer •••. the Bearer theory');
    assert.deepEqual(redactResult(result({ youSent: 'Bearer the', text: 'the end' }), sent).data, { youSent: 'Bearer •••', text: 'the end' });
  });
});

describe('an answer read exactly', () => {
  test("a secret is hidden by place and by form, and the answer's numbers keep their digits, still numbers", () => {
    const body = '{"query":{"key":"r"},"echo":"token s3cr3t-value-long","n":9007199254740993,"list":[1e400,{"d":0.1000000000000000055511}],"plain":12.5}';
    const answer = shapeResult({ kind: 'rest' }, { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, body, truncated: false, totalMs: 1 }, []);
    const sent = request('r', { kind: 'query', parameter: 'key', secretName: 'k' }, { secrets: ['r', 's3cr3t-value-long'] });
    const shown = redactResult(answer, sent);
    assert.equal(stringifyExact(shown.data ?? null), '{"query":{"key":"•••"},"echo":"token •••","n":9007199254740993,"list":[1e400,{"d":0.1000000000000000055511}],"plain":12.5}');
    assert.ok(isJsonObject(shown.data) && shown.data.n instanceof JsonNumber, 'a kept number stays a number, not an object');
  });
});

describe('a secret made of digits, echoed as a JSON number', () => {
  test('is hidden in the data as in the text: the whole number becomes •••, other numbers keep their digits', () => {
    const body = '{"pin":12345678,"exact":12345678.0,"longer":123456789,"negative":-12345678,"token":9988776655443322110,"inside":1999887766554433221100,"count":42}';
    const answer = shapeResult({ kind: 'rest' }, { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, body, truncated: false, totalMs: 1 }, []);
    const sent = request('12345678', { kind: 'query', parameter: 'key', secretName: 'k' }, { secrets: ['12345678', '9988776655443322110'] });
    const shown = redactResult(answer, sent);
    // Digits are judged as text is: 12345678.0 and -12345678 hold the secret as a whole word, 123456789 does not.
    assert.equal(stringifyExact(shown.data ?? null), '{"pin":"•••","exact":"•••","longer":123456789,"negative":"•••","token":"•••","inside":"•••","count":42}');
  });

  test('a short one is hidden under the name the request gave it, as a string would be', () => {
    const sent = request('4242', { kind: 'header', header: 'X-Api-Key', prefix: '', secretName: 'k' });
    const shown = redactResult(result({ headers: { 'x-api-key': 4242, 'x-count': 4242 } }), sent);
    assert.deepEqual(shown.data, { headers: { 'x-api-key': '•••', 'x-count': 4242 } });
  });
});

describe('secrets of 8 characters and more: hidden also where they come back, in every form', () => {
  const SECRET = 'pa55-w0rd/+=ü';
  const sent = request(SECRET, { kind: 'basic', username: 'me', secretName: 'k' });
  const forms = { plain: SECRET, url: encodeURIComponent(SECRET), json: JSON.stringify(SECRET).slice(1, -1), base64: Buffer.from(SECRET).toString('base64'), basic: Buffer.from(`me:${SECRET}`).toString('base64') };

  test('as is, URL-encoded, JSON-escaped, base64 and inside Basic, in data, headers, errors, warnings and raw text', () => {
    const echoed = Object.fromEntries(Object.entries(forms).map(([k, v]) => [k, `you sent ${v}.`]));
    const shown = redactResult(result(echoed, { headers: { 'x-echo': `Basic ${forms.basic}` }, errors: [`bad key "${forms.json}"`], warnings: [`?k=${forms.url}&x=1`] }), sent);
    assert.deepEqual(shown.data, Object.fromEntries(Object.keys(forms).map((k) => [k, 'you sent •••.'])));
    assert.deepEqual(shown.headers, { 'x-echo': 'Basic •••' });
    assert.deepEqual(shown.errors, ['bad key "•••"']);
    assert.deepEqual(shown.warnings, ['?k=•••&x=1']);
    assert.equal(redactText(`{"echo":"${forms.json}"}`, sent), '{"echo":"•••"}');
    // A value the user typed that repeats the secret is hidden in the request too.
    const typed = redactRequest({ ...sent, body: { kind: 'text', text: `{"copy":"${forms.json}"}` } });
    assert.equal(typed.body?.kind === 'text' ? typed.body.text : '', '{"copy":"•••"}');
  });

  test('as a whole word only below 12 characters; from 12 characters on, wherever it stands', () => {
    const mid = 'hunter22';
    const midSent = request(mid, { kind: 'header', header: 'X-Key', prefix: '', secretName: 'k' });
    assert.equal(redactText(`${mid} (${mid}) "${mid}" hunter220 xhunter22 hunter22_old`, midSent), '••• (•••) "•••" hunter220 xhunter22 hunter22_old');
    // Glued to other text (an address encoded twice: %3D before it), a long secret is still the secret.
    assert.equal(redactText(`redirect=https%3A%2F%2Fx%3Fk%3D${forms.url}%26a`, sent), 'redirect=https%3A%2F%2Fx%3Fk%3D•••%26a');
    assert.equal(redactText(`x${SECRET}y`, sent), 'x•••y');
  });

  test("a secret that is also a word of the result's own structure cannot break the result", () => {
    const long = 'statusstatus';
    const shown = redactResult(
      result({ status: 'status', list: ['a status'], status2: 1, echo: long, [long]: 'x' }, { warnings: ['timing ok'], headers: { 'x-echo': long } }),
      { secrets: ['status', 't', long] },
    );
    assert.equal(shown.status, 200);
    assert.equal(shown.timing.totalMs, 1);
    assert.deepEqual(shown.data, { status: 'status', list: ['a status'], status2: 1, echo: '•••', '•••': 'x' });
    assert.deepEqual(shown.headers, { 'x-echo': '•••' });
    assert.deepEqual(shown.warnings, ['timing ok']);
  });
});

describe('the OAuth2 token request: the client secret hidden where it goes', () => {
  for (const clientAuthentication of ['basic', 'body'] as const) {
    test(`client authentication '${clientAuthentication}', with a one-letter client secret`, () => {
      const token = tokenHttpRequest({ flow: 'clientCredentials', tokenUrl: 'https://login.example.com/token', client: { clientId: 'workflow', secret: { value: 'r', name: 'crm' }, authentication: clientAuthentication }, scope: 'read' });
      const text = describeRequest(token);
      assert.ok(!text.includes(Buffer.from('workflow:r').toString('base64')));
      if (clientAuthentication === 'basic') {
        assert.match(text, /^Authorization: Basic •••$/m);
        assert.match(text, /\n\ngrant_type=client_credentials&scope=read$/);
        assert.match(text, /^Content-Length: 40$/m);
      } else {
        assert.match(text, /\n\ngrant_type=client_credentials&scope=read&client_id=workflow&client_secret=•••$/);
        // The length of the form tells the length of the secret.
        assert.match(text, /^Content-Length: •••$/m);
      }
      assert.match(text, /^POST https:\/\/login\.example\.com\/token$/m);
    });
  }

  test('the password grant: a one-letter password and client secret hidden, the user name shown', () => {
    const token = tokenHttpRequest({ flow: 'password', tokenUrl: 'https://login.example.com/token', username: 'alice', password: { value: 'p', name: 'pw' }, client: { clientId: 'app', secret: { value: 'c', name: 'cs' }, authentication: 'body' } });
    const text = describeRequest(token);
    assert.match(text, /\n\ngrant_type=password&username=alice&password=•••&client_id=app&client_secret=•••$/);
    assert.match(text, /^Content-Length: •••$/m);
  });

  test('the password grant of a public client: client_id in the body, no Authorization header', () => {
    const token = tokenHttpRequest({ flow: 'password', tokenUrl: 'https://login.example.com/token', username: 'alice', password: { value: 'p', name: 'pw' }, client: { clientId: 'app', authentication: 'basic' } });
    const text = describeRequest(token);
    assert.doesNotMatch(text, /^Authorization/m);
    assert.match(text, /\n\ngrant_type=password&username=alice&password=•••&client_id=app$/);
  });
});

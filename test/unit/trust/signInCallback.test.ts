// What the loopback listener believes of a request that reaches it during a browser sign-in: anything on this
// machine can knock, so only a GET of /callback with this sign-in's state and one code is taken.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callbackPageHtml, readCallback } from '../../../server/src/core/oauth2/callback';
import { authorizationRequestUrl, s256Challenge } from '../../../server/src/core/oauth2/pkce';

const STATE = 'Zm9vYmFyYmF6cXV4MTIzNA';

describe('readCallback', () => {
  const cases: [string, string, string, RegExp | 'code' | 'ignored'][] = [
    ['the code with the right state', 'GET', `/callback?code=abc&state=${STATE}`, 'code'],
    ['another path (a favicon)', 'GET', '/favicon.ico', 'ignored'],
    ['a path that only starts with /callback', 'GET', `/callbackx?code=abc&state=${STATE}`, 'ignored'],
    ['a dot-segment path is not /callback', 'GET', `/x/../callback/..?code=abc&state=${STATE}`, 'ignored'],
    ['a POST', 'POST', `/callback?code=abc&state=${STATE}`, 'ignored'],
    ['no state', 'GET', '/callback?code=abc', /carried no state/],
    ['another state', 'GET', '/callback?code=abc&state=other', /another state than this sign-in sent/],
    ['the state twice', 'GET', `/callback?code=abc&state=${STATE}&state=${STATE}`, /another state/],
    ['two codes', 'GET', `/callback?code=a&code=b&state=${STATE}`, /no authorization code \(or more than one\)/],
    ['an empty code', 'GET', `/callback?code=&state=${STATE}`, /no authorization code/],
    ['an error with line breaks and bidi controls is quoted on one line', 'GET', `/callback?error=access_denied&error_description=a%0D%0AInjected%E2%80%AEline&state=${STATE}`, /^The identity provider answered the sign-in with access_denied \(a Injected line\)\. The sign-in was refused/],
  ];
  for (const [name, method, target, expected] of cases) {
    test(name, () => {
      const reading = readCallback(method, target, STATE);
      if (expected === 'code') assert.deepEqual(reading.kind === 'code' ? reading.code : reading, 'abc');
      else if (expected === 'ignored') assert.equal(reading.kind, 'ignored');
      else assert.match(reading.kind === 'failed' ? reading.message : `(${reading.kind})`, expected);
    });
  }

  test('the answer page shows nothing of the request, escaped or not', () => {
    const reading = readCallback('GET', `/callback?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=${STATE}`, STATE);
    const html = callbackPageHtml(reading.page);
    assert.ok(!html.includes('script') && !html.includes('alert'));
  });
});

describe('the authorization request', () => {
  test("the S256 challenge of RFC 7636's example verifier", () => {
    assert.equal(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  test("the sign-in page's own query is kept, and every parameter is encoded", () => {
    const url = authorizationRequestUrl('https://login.example.com/auth?kc_idp_hint=corp', { clientId: 'a b&c', redirectUri: 'http://127.0.0.1:5000/callback', scope: 'openid profile', state: 's', challenge: 'c' });
    const parsed = new URL(url);
    assert.equal(parsed.searchParams.get('kc_idp_hint'), 'corp');
    assert.equal(parsed.searchParams.get('client_id'), 'a b&c');
    assert.equal(parsed.searchParams.get('scope'), 'openid profile');
    assert.equal(parsed.searchParams.get('code_challenge_method'), 'S256');
  });
});

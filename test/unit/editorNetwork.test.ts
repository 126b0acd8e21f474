// VS Code's http.* settings as the language server reads them: http.proxy wins over the proxy variables VS Code was
// started with, http.noProxy over NO_PROXY; malformed values keep VS Code's defaults, and a header value with a line
// break is never sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editorNetwork, parseHttpSettings } from '../../server/src/lsp/editorNetwork';

const withoutSystem = (raw: Record<string, unknown>) => parseHttpSettings({ ...raw, systemCertificates: false });

test('http.proxy wins over HTTPS_PROXY; http.noProxy over NO_PROXY; proxyAuthorization goes with the proxy', () => {
  const env = { HTTPS_PROXY: 'http://env-proxy:1', NO_PROXY: 'env.example' };
  assert.deepEqual(editorNetwork(withoutSystem({}), env), { proxy: { https: 'http://env-proxy:1', noProxy: 'env.example' }, strictSsl: true });
  assert.deepEqual(editorNetwork(withoutSystem({ proxy: ' http://p:3128 ', noProxy: ['a.example', '', 7, '*.corp'], proxyAuthorization: 'Basic eA==' }), env), {
    proxy: { http: 'http://p:3128', https: 'http://p:3128', noProxy: 'a.example,*.corp', authorization: 'Basic eA==' },
    strictSsl: true,
  });
  assert.deepEqual(editorNetwork(withoutSystem({ noProxy: ['a.example'] }), env), { proxy: { https: 'http://env-proxy:1', noProxy: 'a.example' }, strictSsl: true });
});

test('malformed settings keep the defaults; proxyStrictSSL only turns off when it is false', () => {
  assert.deepEqual(parseHttpSettings({ proxy: 'proxy:3128', noProxy: 'a', proxyStrictSSL: 'no', proxyAuthorization: 'Basic x\r\nX-Evil: 1', systemCertificates: 0 }), { noProxy: [], proxyStrictSsl: true, systemCertificates: true });
  assert.deepEqual(parseHttpSettings(null), { noProxy: [], proxyStrictSsl: true, systemCertificates: true });
  assert.equal(editorNetwork(withoutSystem({ proxyStrictSSL: false }), {}).strictSsl, false);
});

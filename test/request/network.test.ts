// The network settings sending takes, against real servers on 127.0.0.1: a service whose certificate a test
// authority issued, one that demands a client certificate, and a CONNECT proxy that demands credentials. Every
// connection is made one way, direct or through the proxy, and a failure says which certificate, which proxy and
// what to set.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { canonicalOrigin, clientCertificateFor, goesDirect, isPlainNetwork, networkFromEnvironment, proxyAddress, proxyFor, routeOf, type ClientCertificate, type NetworkSettings } from '../../server/src/core/http/network';
import { withNodeExtraCaCerts } from '../../server/src/sending/network';
import { sendRequest } from '../../server/src/core/http/send';
import type { BuiltRequest } from '../../server/src/core/http/types';
import { makeCertificates, type TestCertificates } from '../support/certificates';
import { startProxy, type RunningProxy } from '../support/proxy';
import { startTlsServer, type RunningTlsServer } from '../support/tlsServer';

describe('network settings from a process environment', () => {
  test('no proxy variable: every request goes direct, certificates checked', () => {
    assert.deepEqual(networkFromEnvironment({}), { strictSsl: true });
  });

  test('the lower-case variables win over the upper-case ones, also when set but empty', () => {
    assert.deepEqual(networkFromEnvironment({ http_proxy: 'http://a:1', HTTP_PROXY: 'http://b:2', NO_PROXY: 'intranet' }), { proxy: { http: 'http://a:1', noProxy: 'intranet' }, strictSsl: true });
    assert.deepEqual(networkFromEnvironment({ http_proxy: '', HTTP_PROXY: 'http://b:2' }), { strictSsl: true });
    assert.deepEqual(networkFromEnvironment({ HTTPS_PROXY: 'http://s:3', no_proxy: '*', NO_PROXY: 'x' }), { proxy: { https: 'http://s:3', noProxy: '*' }, strictSsl: true });
  });
});

describe('which proxy a request goes through', () => {
  const network: NetworkSettings = { strictSsl: true, proxy: { http: 'http://p:1', https: 'http://s:2', noProxy: 'intranet, .corp.example *.lan 10.0.0.1:8443 [::1]' } };
  const cases: [string, string | undefined][] = [
    ['http://api.example.com/x', 'http://p:1'],
    ['https://api.example.com/x', 'http://s:2'],
    ['https://intranet/x', undefined],
    ['https://INTRANET:8443/x', undefined],
    ['https://erp.corp.example/x', undefined],
    ['https://corp.example/x', undefined],
    ['https://notcorp.example/x', 'http://s:2'],
    ['http://a.b.lan/x', undefined],
    ['https://10.0.0.1:8443/x', undefined],
    ['https://10.0.0.1/x', 'http://s:2'],
    ['http://[::1]:3000/x', undefined],
  ];
  for (const [url, expected] of cases) {
    test(`${url} → ${expected ?? 'direct'}`, () => assert.equal(proxyFor(network, new URL(url)), expected));
  }

  test('an https origin falls back to the http proxy; `*` sends everything direct', () => {
    assert.equal(proxyFor({ strictSsl: true, proxy: { http: 'http://p:1' } }, new URL('https://a/')), 'http://p:1');
    assert.equal(proxyFor({ strictSsl: true, proxy: { https: 'http://s:2' } }, new URL('http://a/')), undefined);
    assert.equal(goesDirect('*', 'anything', 443), true);
    assert.equal(goesDirect('', 'anything', 443), false);
  });
});

describe("a proxy's address", () => {
  test('without a scheme it is http; http and https proxies only; credentials are never repeated', () => {
    assert.deepEqual(proxyAddress(' proxy.corp:3128 '), { ok: true, url: 'http://proxy.corp:3128/' });
    assert.deepEqual(proxyAddress('https://u:p%40ss@proxy.corp'), { ok: true, url: 'https://u:p%40ss@proxy.corp/' });
    const problems = ['socks5://u:hunter2@p:1080', 'u:hunter2@p:port', 'http://', 'ftp://p'].map((text) => proxyAddress(text));
    assert.deepEqual(problems.map((p) => p.ok), [false, false, false, false]);
    for (const p of problems) if (!p.ok) assert.ok(!p.problem.includes('hunter2'), p.problem);
  });

  test('a proxy that is not an address fails the request with the reason, and nothing is sent', async () => {
    const outcome = await sendRequest(get('https://127.0.0.1:9/x'), { timeoutMs: 5_000, network: { strictSsl: true, proxy: { https: 'socks5://u:hunter2@p:1080' } } });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'proxy');
    assert.match(outcome.failure.message, /^The proxy cannot be used: '.*' is a socks5 proxy; only http:\/\/ and https:\/\/ proxies can be used\. Check HTTPS_PROXY/);
    assert.ok(!outcome.failure.message.includes('hunter2'));
  });
});

describe('which client certificate a hop shows', () => {
  const forA: ClientCertificate = { origin: 'https://A.example:443', pem: { certificate: 'a', key: 'a' }, source: 'a' };
  const anyOwn: ClientCertificate = { pem: { certificate: 'c', key: 'c' }, source: '--cert c.pem' };
  const network: NetworkSettings = { strictSsl: true, clientCertificates: [anyOwn, forA] };

  test("an origin's own certificate, in any spelling of the origin, wins", () => {
    assert.equal(canonicalOrigin('https://A.example:443'), 'https://a.example');
    assert.equal(clientCertificateFor(network, 'https://a.example', 'https://a.example'), forA);
  });

  test('one without an origin is shown to the origin the request was built for, never to a redirect elsewhere', () => {
    assert.equal(clientCertificateFor(network, 'https://b.example', 'https://b.example'), anyOwn);
    assert.equal(clientCertificateFor(network, 'https://c.example', 'https://b.example'), undefined);
  });

  test('never over plain http', () => {
    assert.equal(clientCertificateFor(network, 'http://b.example', 'http://b.example'), undefined);
  });
});

/** A GET of `url`, as sending takes it. */
const get = (url: string): BuiltRequest => ({ method: 'GET', url, headers: [], secrets: [], warnings: [], shaping: { kind: 'rest' } });

describe('sending to servers with certificates from an internal authority', () => {
  let certificates: TestCertificates;
  let service: RunningTlsServer;
  let mutual: RunningTlsServer;
  let redirecting: RunningTlsServer;
  let proxy: RunningProxy;
  let pem: ClientCertificate;

  before(async () => {
    certificates = makeCertificates();
    service = await startTlsServer(certificates);
    mutual = await startTlsServer(certificates, { requireClientCertificate: true });
    redirecting = await startTlsServer(certificates, { answer: (_request, response) => response.writeHead(302, { location: `${mutual.url}/landed` }).end() });
    proxy = await startProxy({ credentials: { user: 'proxy user', password: 'hunter2' } });
    pem = { origin: mutual.origin, pem: { certificate: readFileSync(certificates.clientCertFile, 'utf8'), key: readFileSync(certificates.clientKeyFile, 'utf8') }, source: 'client.pem' };
  });
  after(async () => {
    await Promise.all([service.close(), mutual.close(), redirecting.close(), proxy.close()]);
    certificates.remove();
  });
  beforeEach(() => {
    for (const server of [service, mutual, redirecting]) server.seen.length = 0;
    proxy.targets.length = 0;
    proxy.requests.length = 0;
    proxy.authorizations.length = 0;
  });

  const trusting = (): NetworkSettings => ({ strictSsl: true, caCertificates: [certificates.ca] });

  test('a certificate no trusted authority issued: the failure names it and its issuer, and says what to set', async () => {
    const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { strictSsl: true } });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'tls');
    assert.match(outcome.failure.message, /^The certificate of 127\.0\.0\.1:\d+ \(CN=127\.0\.0\.1, issued by CN=Connector Test Internal CA\) is not trusted/);
    assert.match(outcome.failure.message, /"caFile" in the environment .*--cacert FILE or NODE_EXTRA_CA_CERTS/);
    assert.equal(service.seen.length, 0);
  });

  test('trusting the authority: the request is answered', async () => {
    const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: trusting() });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.equal(outcome.response.status, 200);
    assert.deepEqual(service.seen.map((s) => s.path), ['/x']);
  });

  test("the system's authorities (the editor's http.systemCertificates) and NODE_EXTRA_CA_CERTS's are trusted, but not counted as added: a preview says nothing of them", async () => {
    const system: NetworkSettings = { strictSsl: true, ambientAuthorities: [certificates.ca] };
    const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: system });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.equal(isPlainNetwork(system), true);
    assert.equal(routeOf(system, service.url).extraAuthorities, 0);
    assert.equal(routeOf({ ...system, caCertificates: [certificates.ca] }, service.url).extraAuthorities, 1);
    // NODE_EXTRA_CA_CERTS is added once a list replaces Node.js's own, the system's list too.
    const extra = withNodeExtraCaCerts(system, { NODE_EXTRA_CA_CERTS: certificates.caFile });
    assert.ok(extra.ok);
    assert.deepEqual([extra.value.ambientAuthorities?.length, extra.value.caCertificates], [2, undefined]);
    assert.equal(routeOf(extra.value, service.url).extraAuthorities, 0);
  });

  test('a server that demands a client certificate, and none is set: it is named as such, with what to set', async () => {
    const outcome = await sendRequest(get(`${mutual.url}/x`), { timeoutMs: 5_000, network: trusting() });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'client-certificate', outcome.failure.message);
    assert.match(outcome.failure.message, new RegExp(`^127\\.0\\.0\\.1:\\d+ demands a client certificate \\(TLS alert 'certificate required'\\), and none is set for ${mutual.origin}\\.`));
    assert.match(outcome.failure.message, /"clientCertificates": \{ "https:\/\/127\.0\.0\.1:\d+": \{ "cert": .*--cert FILE --key FILE/);
    assert.equal(mutual.seen.length, 0);
  });

  test('a PEM certificate and key for its origin is shown there', async () => {
    const outcome = await sendRequest(get(`${mutual.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), clientCertificates: [pem] } });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.deepEqual(mutual.seen.map((s) => s.clientCn), ['workflow client']);
  });

  test('a PKCS#12 bundle and an encrypted key open with their passphrase', async () => {
    const pfx: ClientCertificate = { origin: mutual.origin, pfx: readFileSync(certificates.clientPfxFile), passphrase: certificates.passphrase, source: 'client.p12' };
    const encrypted: ClientCertificate = { origin: mutual.origin, pem: { certificate: readFileSync(certificates.clientCertFile, 'utf8'), key: readFileSync(certificates.clientEncryptedKeyFile, 'utf8') }, passphrase: certificates.passphrase, source: 'client.encrypted.key' };
    for (const certificate of [pfx, encrypted]) {
      const outcome = await sendRequest(get(`${mutual.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), clientCertificates: [certificate] } });
      assert.ok(outcome.ok, `${certificate.source}: ${JSON.stringify(outcome)}`);
    }
    assert.deepEqual(mutual.seen.map((s) => s.clientCn), ['workflow client', 'workflow client']);
  });

  test("a certificate set for another origin is not shown", async () => {
    const outcome = await sendRequest(get(`${mutual.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), clientCertificates: [{ ...pem, origin: service.origin }] } });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'client-certificate');
    assert.equal(mutual.seen.length, 0);
  });

  test('a certificate without an origin (--cert) is not shown to another origin a redirect leads to', async () => {
    const { origin: _origin, ...anyOwn } = pem;
    const outcome = await sendRequest(get(`${redirecting.url}/start`), { timeoutMs: 5_000, network: { ...trusting(), clientCertificates: [anyOwn] } });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'client-certificate');
    assert.match(outcome.failure.message, new RegExp(`none is set for ${mutual.origin}`));
    assert.deepEqual(redirecting.seen.map((s) => s.path), ['/start']);
    assert.equal(mutual.seen.length, 0);
    // Sent to that origin itself, it is shown.
    const direct = await sendRequest(get(`${mutual.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), clientCertificates: [anyOwn] } });
    assert.ok(direct.ok, JSON.stringify(direct));
  });

  test("through a proxy that demands credentials: the tunnel carries the request; the proxy's credentials go to the proxy only", async () => {
    const proxyUrl = proxy.url.replace('http://', 'http://proxy%20user:hunter2@');
    const outcome = await sendRequest(get(`${mutual.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), clientCertificates: [pem], proxy: { https: proxyUrl } } });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.deepEqual(proxy.targets, [`CONNECT 127.0.0.1:${new URL(mutual.url).port}`]);
    assert.deepEqual(proxy.authorizations, [`Basic ${Buffer.from('proxy user:hunter2').toString('base64')}`]);
    assert.deepEqual(mutual.seen.map((s) => s.clientCn), ['workflow client']);
    assert.equal(mutual.seen[0]?.headers['proxy-authorization'], undefined);
    assert.ok(!JSON.stringify(mutual.seen).includes('hunter2'));
  });

  test("a Proxy-Authorization header set on its own (VS Code's http.proxyAuthorization) is sent to the proxy", async () => {
    const authorization = `Basic ${Buffer.from('proxy user:hunter2').toString('base64')}`;
    const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), proxy: { https: proxy.url, authorization } } });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.deepEqual(proxy.authorizations, [authorization]);
    assert.equal(service.seen[0]?.headers['proxy-authorization'], undefined);
  });

  test('a proxy that refuses: 407 says to give credentials, and never repeats the ones given', async () => {
    for (const proxyUrl of [proxy.url, proxy.url.replace('http://', 'http://proxy%20user:wrong-hunter3@')]) {
      const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), proxy: { https: proxyUrl } } });
      assert.ok(!outcome.ok);
      assert.equal(outcome.failure.code, 'proxy');
      assert.match(outcome.failure.message, new RegExp(`^The proxy 127\\.0\\.0\\.1:\\d+ asks for credentials \\(407 Proxy Authentication Required\\) before it reaches 127\\.0\\.0\\.1:${new URL(service.url).port}\\. Give them in the proxy's address`));
      assert.ok(!outcome.failure.message.includes('hunter3') && !outcome.failure.message.includes('proxy user'), outcome.failure.message);
    }
    assert.equal(service.seen.length, 0);
  });

  test('a proxy nothing listens at is named as the proxy, not as the service', async () => {
    const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), proxy: { https: 'http://127.0.0.1:9' } } });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'proxy');
    assert.match(outcome.failure.message, /^Nothing accepted the connection at the proxy 127\.0\.0\.1:9\./);
  });

  test("an https proxy whose certificate the internal authority issued: trusted with it, named when it is not", async () => {
    const secureProxy = await startProxy({ tls: certificates.server });
    try {
      const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { ...trusting(), proxy: { https: secureProxy.url } } });
      assert.ok(outcome.ok, JSON.stringify(outcome));
      assert.deepEqual(secureProxy.targets, [`CONNECT 127.0.0.1:${new URL(service.url).port}`]);
      const untrusted = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { strictSsl: true, proxy: { https: secureProxy.url } } });
      assert.ok(!untrusted.ok);
      assert.equal(untrusted.failure.code, 'proxy');
      assert.match(untrusted.failure.message, /^The certificate of the proxy 127\.0\.0\.1:\d+ is not accepted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\. Trust the authority/);
    } finally {
      await secureProxy.close();
    }
  });

  test('an untrusted certificate behind the proxy is named as well', async () => {
    const proxyUrl = proxy.url.replace('http://', 'http://proxy%20user:hunter2@');
    const outcome = await sendRequest(get(`${service.url}/x`), { timeoutMs: 5_000, network: { strictSsl: true, proxy: { https: proxyUrl } } });
    assert.ok(!outcome.ok);
    assert.equal(outcome.failure.code, 'tls');
    assert.match(outcome.failure.message, /issued by CN=Connector Test Internal CA\) is not trusted/);
    assert.equal(proxy.targets.length, 1);
  });
});

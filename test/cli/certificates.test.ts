// The command line behind a company network: services whose certificates an internal authority issued, which demand
// a client certificate, reached through a proxy that asks for credentials. Every hop — the token request, the API
// call, a test run's cases, the $metadata download — is trusted, shown the certificate and sent the same way, with
// flags, variables or an environment; bad files are refused before anything is sent.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { CERTIFICATE_PASSPHRASE, makeCertificates, type TestCertificates } from '../support/certificates';
import { makeTempFolder, runCli, STACK_TRACE, type TempFolder } from '../support/cli';
import { FIXTURE_XML } from '../support/metadataFixture';
import { startProxy, type RunningProxy } from '../support/proxy';
import { startTlsServer, type RunningTlsServer } from '../support/tlsServer';

/** The proxy and certificate variables of this process cleared, so only what a test sets is in force. */
const CLEAN = { HTTP_PROXY: undefined, http_proxy: undefined, HTTPS_PROXY: undefined, https_proxy: undefined, NO_PROXY: undefined, no_proxy: undefined, NODE_EXTRA_CA_CERTS: undefined };

describe('connector request, test and metadata fetch with certificates from an internal authority', () => {
  let certificates: TestCertificates;
  /** A second authority, for a token endpoint whose certificate another CA issued. */
  let otherAuthority: TestCertificates;
  let api: RunningTlsServer;
  let tokens: RunningTlsServer;
  let proxy: RunningProxy;
  let folder: TempFolder;
  const secrets = { CONNECTOR_SECRET_IFS: 'client-secret', CONNECTOR_SECRET_PFX: CERTIFICATE_PASSPHRASE };

  before(async () => {
    certificates = makeCertificates();
    otherAuthority = makeCertificates('Connector Test Second CA');
    api = await startTlsServer(certificates, {
      requireClientCertificate: true,
      answer: (request, response, seen) => {
        if (request.url === '/odata/$metadata') return void response.writeHead(200, { 'content-type': 'application/xml' }).end(FIXTURE_XML);
        response.writeHead(seen.headers.authorization === 'Bearer t-1' ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ value: [] }));
      },
    });
    // The token endpoint asks for a certificate without demanding one: it tells whether one was shown.
    tokens = await startTlsServer(otherAuthority, {
      askClientCertificate: true,
      answer: (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 't-1', token_type: 'Bearer', expires_in: 300 })),
    });
    proxy = await startProxy({ credentials: { user: 'me', password: 'hunter2' } });
    folder = makeTempFolder({
      '.git/HEAD': '',
      'api.connector.json': JSON.stringify({
        kind: 'odata', name: 'Orders', baseUrl: `${api.url}/odata`, connectorVersion: '2.1.17',
        authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: `${tokens.url}/token`, clientId: 'workflow', secret: 'ifs' },
        customRequests: [{ id: 'listOrders', operation: 'read', url: 'Orders' }],
      }, null, 2),
      'api.tests.json': JSON.stringify({ cases: [{ name: 'the orders', operation: 'listOrders', expect: { status: 200 } }] }, null, 2),
      'connector-environments.json': `{
  "environments": {
    "staging": {
      "caFile": "certs/ca.pem",
      "clientCertificates": {
        "${api.origin}": { "pfx": "certs/client.p12", "passphrase": "pfx" }
      }
    },
    "broken": {
      "caFile": "certs/missing.pem"
    },
    "combined": {
      "caFile": "certs/ca.pem",
      "clientCertificates": { "${api.origin}": { "cert": "client-and-key.pem" } }
    },
    "locked": {
      "clientCertificates": { "${api.origin}": { "pfx": "certs/client.p12", "passphrase": "unset-secret" } }
    }
  }
}
`,
    });
    copyFileSync(certificates.caFile, join(folder.path, 'ca.pem'));
    copyFileSync(otherAuthority.caFile, join(folder.path, 'token-ca.pem'));
    copyFileSync(certificates.clientCertFile, join(folder.path, 'client.pem'));
    copyFileSync(certificates.clientKeyFile, join(folder.path, 'client.key'));
    copyFileSync(otherAuthority.clientKeyFile, join(folder.path, 'other.key'));
    copyFileSync(certificates.clientPfxFile, join(folder.path, 'client.p12'));
    // curl's --cert FILE: the certificate and its key in one PEM file.
    writeFileSync(join(folder.path, 'client-and-key.pem'), `${readFileSync(certificates.clientCertFile, 'utf8')}${readFileSync(certificates.clientKeyFile, 'utf8')}`);
    const certs = join(folder.path, 'certs');
    mkdirSync(certs);
    copyFileSync(certificates.caFile, join(certs, 'ca.pem'));
    copyFileSync(certificates.clientPfxFile, join(certs, 'client.p12'));
  });
  after(async () => {
    await Promise.all([api.close(), tokens.close(), proxy.close()]);
    folder.remove();
    certificates.remove();
    otherAuthority.remove();
  });
  beforeEach(() => {
    api.seen.length = 0;
    tokens.seen.length = 0;
    proxy.targets.length = 0;
    proxy.authorizations.length = 0;
  });

  const env = { ...CLEAN, ...secrets };
  const mutual = ['--cacert', 'ca.pem', '--cacert', 'token-ca.pem', '--cert', 'client.pem', '--key', 'client.key'];

  it('without the authority: the certificate is named with its issuer and what to set; nothing reaches the API', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders'], { cwd: folder.path, env });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /No token from \S+: The certificate of 127\.0\.0\.1:\d+ \(CN=127\.0\.0\.1, issued by CN=Connector Test Second CA\) is not trusted/);
    assert.match(run.stderr, /--cacert FILE or NODE_EXTRA_CA_CERTS/);
    assert.equal(api.seen.length + tokens.seen.length, 0);
  });

  it('without a client certificate: the API is named as demanding one, with what to set', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders', '--cacert', 'ca.pem', '--cacert', 'token-ca.pem'], { cwd: folder.path, env });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, new RegExp(`127\\.0\\.0\\.1:\\d+ demands a client certificate \\(TLS alert 'certificate required'\\), and none is set for ${api.origin}\\..*--cert FILE --key FILE`));
    assert.equal(tokens.seen.length, 1, 'the token was fetched');
    assert.equal(api.seen.length, 0);
  });

  it('--cacert and --cert/--key: the token request and the API call are trusted, and the certificate is shown to both of the connector\'s origins', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders', ...mutual], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(tokens.seen.map((s) => [s.path, s.clientCn]), [['/token', 'workflow client']]);
    assert.deepEqual(api.seen.map((s) => [s.path, s.clientCn]), [['/odata/Orders', 'workflow client']]);
  });

  it('one PEM file with the certificate and its key, as curl takes it: --cert alone, or "cert" alone in an environment', async () => {
    const flag = await runCli(['request', 'api.connector.json', 'listOrders', '--cacert', 'ca.pem', '--cacert', 'token-ca.pem', '--cert', 'client-and-key.pem'], { cwd: folder.path, env });
    assert.equal(flag.code, 0, flag.stdout + flag.stderr);
    const environment = await runCli(['request', 'api.connector.json', 'listOrders', '--env', 'combined', '--cacert', 'token-ca.pem'], { cwd: folder.path, env });
    assert.equal(environment.code, 0, environment.stdout + environment.stderr);
    assert.deepEqual(api.seen.map((s) => s.clientCn), ['workflow client', 'workflow client']);
    const linted = await runCli(['lint', 'connector-environments.json'], { cwd: folder.path, env });
    assert.equal(linted.code, 0, linted.stdout + linted.stderr);
  });

  it('NODE_EXTRA_CA_CERTS is trusted beside --cacert', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders', '--cacert', 'ca.pem', '--cert', 'client.pem', '--key', 'client.key'], { cwd: folder.path, env: { ...env, NODE_EXTRA_CA_CERTS: join(folder.path, 'token-ca.pem') } });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(api.seen.length, 1);
  });

  it('a PKCS#12 bundle opened with a secret; connector test and metadata fetch send the same way', async () => {
    const bundle = ['--cacert', 'ca.pem', '--cacert', 'token-ca.pem', '--cert', 'client.p12', '--cert-passphrase', 'pfx'];
    const tested = await runCli(['test', 'api.tests.json', ...bundle], { cwd: folder.path, env });
    assert.equal(tested.code, 0, tested.stdout + tested.stderr);
    const fetched = await runCli(['metadata', 'fetch', 'api.connector.json', '--out', 'api.metadata.xml', ...bundle], { cwd: folder.path, env });
    assert.equal(fetched.code, 0, fetched.stdout + fetched.stderr);
    assert.deepEqual(api.seen.map((s) => [s.path, s.clientCn]), [['/odata/Orders', 'workflow client'], ['/odata/$metadata', 'workflow client']]);
  });

  it('through a proxy that asks for credentials (HTTPS_PROXY or --proxy): every hop is tunnelled, and the credentials reach the proxy only', async () => {
    const withCredentials = proxy.url.replace('http://', 'http://me:hunter2@');
    for (const how of [{ env: { HTTPS_PROXY: withCredentials }, args: [] }, { env: { HTTPS_PROXY: 'http://127.0.0.1:9' }, args: ['--proxy', withCredentials] }]) {
      proxy.targets.length = 0;
      const run = await runCli(['request', 'api.connector.json', 'listOrders', ...mutual, ...how.args], { cwd: folder.path, env: { ...env, ...how.env } });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.deepEqual(proxy.targets, [`CONNECT 127.0.0.1:${new URL(tokens.url).port}`, `CONNECT 127.0.0.1:${new URL(api.url).port}`]);
    }
    assert.ok([...api.seen, ...tokens.seen].every((s) => s.headers['proxy-authorization'] === undefined));
    const refused = await runCli(['request', 'api.connector.json', 'listOrders', ...mutual, '--proxy', proxy.url.replace('http://', 'http://me:wrong-hunter3@')], { cwd: folder.path, env });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /No token from \S+: The proxy 127\.0\.0\.1:\d+ asks for credentials \(407 Proxy Authentication Required\)/);
    assert.ok(!refused.stdout.includes('hunter3') && !refused.stderr.includes('hunter3'));
  });

  it('--dry-run says how each hop would go (proxy without its credentials, certificate, authorities), and sends nothing', async () => {
    const withCredentials = proxy.url.replace('http://', 'http://me:hunter2@');
    const text = await runCli(['request', 'api.connector.json', 'listOrders', '--dry-run', ...mutual, '--proxy', withCredentials], { cwd: folder.path, env: { ...env, NO_PROXY: new URL(tokens.url).host } });
    assert.equal(text.code, 0, text.stdout + text.stderr);
    const proxyShown = `through the proxy ${proxy.url.replace(/\/$/, '')} (with credentials, sent to the proxy only)`;
    assert.ok(text.stdout.startsWith(`# Network:\n#   ${tokens.origin}: direct (the host is in the no-proxy list); client certificate from --cert client.pem; trusting 2 more certificate authorities\n#   ${api.origin}: ${proxyShown}; client certificate from --cert client.pem; trusting 2 more certificate authorities\n\n# Credentials go to:`), text.stdout);
    const json = await runCli(['request', 'api.connector.json', 'listOrders', '--dry-run', '--format', 'json', '--env', 'combined', '--cacert', 'token-ca.pem', '--proxy', withCredentials], { cwd: folder.path, env });
    assert.equal(json.code, 0, json.stdout + json.stderr);
    const routes = (JSON.parse(json.stdout) as { routes: unknown[] }).routes;
    assert.deepEqual(routes, [
      { origin: tokens.origin, proxy: proxy.url.replace(/\/$/, ''), proxyCredentials: true, extraAuthorities: 2, strictSsl: true },
      { origin: api.origin, proxy: proxy.url.replace(/\/$/, ''), proxyCredentials: true, clientCertificate: `"clientCertificates" of environment 'combined'`, extraAuthorities: 2, strictSsl: true },
    ]);
    assert.ok(!text.stdout.includes('hunter2') && !json.stdout.includes('hunter2'));
    assert.equal(api.seen.length + tokens.seen.length + proxy.targets.length, 0);
  });

  it('--env: the environment trusts its authority and shows its certificate to its origin only', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders', '--env', 'staging', '--cacert', 'token-ca.pem'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(api.seen.map((s) => s.clientCn), ['workflow client']);
    assert.deepEqual(tokens.seen.map((s) => s.clientCn), [undefined], 'the token endpoint, another origin, is not shown the certificate');
  });

  it("an environment's file that cannot be read, or a passphrase secret not set, is refused with its place; nothing is sent", async () => {
    const broken = await runCli(['request', 'api.connector.json', 'listOrders', '--env', 'broken'], { cwd: folder.path, env });
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /connector-environments\.json:10:17 "caFile" of environment 'broken', "certs\/missing\.pem", \(.*missing\.pem\) cannot be read: there is no such file\. Nothing was sent\./);
    const locked = await runCli(['test', 'api.tests.json', '--env', 'locked'], { cwd: folder.path, env });
    assert.equal(locked.code, 2);
    assert.match(locked.stderr, /connector-environments\.json:17:31 The client certificate of https:\/\/127\.0\.0\.1:\d+ needs the secret 'unset-secret' \(its passphrase\), which is not set\./);
    assert.equal(api.seen.length + tokens.seen.length, 0);
  });

  const refused: [string, string[], RegExp][] = [
    ['a CA file that is not there', ['--cacert', 'nope.pem'], /--cacert nope\.pem \(.*nope\.pem\) cannot be read: there is no such file\. Nothing was sent\./],
    ['a key given as a CA', ['--cacert', 'client.key'], /--cacert client\.key \(.*\) holds no certificate: it has PEM blocks, but none is "-----BEGIN CERTIFICATE-----"/],
    ['a folder given as a CA', ['--cacert', '.git'], /--cacert \.git \(.*\.git\) is not a file\./],
    ['a certificate without its key', ['--cert', 'client.pem'], /--cert client\.pem holds no private key: give the key too \(--key FILE\), put it in the same PEM file, or give a PKCS#12 bundle/],
    ['a key without its certificate', ['--key', 'client.key'], /--key is the key of a client certificate: give the certificate too/],
    ['a key that is not the certificate\'s', ['--cert', 'client.pem', '--key', 'other.key'], /--key other\.key is not the key of --cert client\.pem/],
    ['a bundle without its passphrase', ['--cert', 'client.p12'], /--cert client\.p12 does not open with no passphrase/],
    ['a bundle with a passphrase that does not open it', ['--cert', 'client.p12', '--cert-passphrase', 'ifs'], /--cert client\.p12 does not open with the passphrase in the secret 'ifs'/],
    ['a passphrase secret that is not set', ['--cert', 'client.p12', '--cert-passphrase', 'nothing-here'], /The secret 'nothing-here' of --cert-passphrase is not set: set CONNECTOR_SECRET_NOTHING_HERE/],
  ];
  for (const [what, args, message] of refused) {
    it(`${what} is bad input: exit 2, nothing sent`, async () => {
      const run = await runCli(['request', 'api.connector.json', 'listOrders', ...args], { cwd: folder.path, env });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, STACK_TRACE);
      assert.ok(!run.stderr.includes(certificates.passphrase));
      assert.equal(api.seen.length + tokens.seen.length, 0);
    });
  }

  it('a proxy that is not an http(s) address, by --proxy or HTTPS_PROXY, is refused without repeating its credentials', async () => {
    const run = await runCli(['request', 'api.connector.json', 'listOrders', '--proxy', 'socks5://me:hunter2@proxy:1080'], { cwd: folder.path, env });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--proxy: 'socks5:\/\/…@proxy:1080' is a socks5 proxy; only http:\/\/ and https:\/\/ proxies can be used\./);
    const variable = await runCli(['request', 'api.connector.json', 'listOrders'], { cwd: folder.path, env: { ...env, https_proxy: 'me:hunter2@proxy:port' } });
    assert.equal(variable.code, 2);
    assert.match(variable.stderr, /HTTPS_PROXY \(or its lower-case name\): '…@proxy:port' is not a proxy's address/);
    assert.ok(!run.stderr.includes('hunter2') && !variable.stderr.includes('hunter2'));
    assert.equal(api.seen.length + tokens.seen.length, 0);
  });
});

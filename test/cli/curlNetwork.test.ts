// `connector request --curl` through a company's network: the copied command, run by Debian's curl in bash as a user
// would paste it, travels as the tool does: through the same proxy (its credentials from a variable, never in the
// command), trusting the same internal authority, showing the same client certificate (its passphrase from its
// secret's variable), the OAuth2 token request too; and straight past a proxy for a host in NO_PROXY.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { runCopiedCommand } from '../support/curlRun';
import { makeCertificates, type TestCertificates } from '../support/certificates';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';
import { startProxy, type RunningProxy } from '../support/proxy';
import { startTlsServer, type RunningTlsServer } from '../support/tlsServer';


const PROXY_PASSWORD = 'hunter2-proxy';
const PROXY_USER = 'proxy user';

describe('connector request --curl: the copied command goes through the same network', () => {
  let certificates: TestCertificates;
  let api: RunningTlsServer;
  let tokens: RunningTlsServer;
  let proxy: RunningProxy;
  let folder: TempFolder;
  const noProxyVariables = { HTTPS_PROXY: '', https_proxy: '', HTTP_PROXY: '', http_proxy: '', NO_PROXY: '', no_proxy: '' };

  before(async () => {
    certificates = makeCertificates();
    api = await startTlsServer(certificates, { requireClientCertificate: true });
    tokens = await startTlsServer(certificates, {
      answer: (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'tok-123', token_type: 'Bearer', expires_in: 300 })),
    });
    proxy = await startProxy({ credentials: { user: PROXY_USER, password: PROXY_PASSWORD } });
    folder = makeTempFolder({
      'api.connector.json': JSON.stringify({
        kind: 'rest', name: 'Internal', baseUrl: api.url,
        operations: [{ id: 'who', method: 'GET', path: '/who', parameters: [] }],
      }),
      'signed.connector.json': JSON.stringify({
        kind: 'rest', name: 'Signed', baseUrl: api.url,
        authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: `${tokens.url}/token`, clientId: 'workflow', secret: 'client' },
        operations: [{ id: 'who', method: 'GET', path: '/who', parameters: [] }],
      }),
    });
  });
  after(async () => {
    await Promise.all([api.close(), tokens.close(), proxy.close()]);
    certificates.remove();
    folder.remove();
  });
  beforeEach(() => {
    for (const server of [api, tokens]) server.seen.length = 0;
    proxy.targets.length = 0;
    proxy.authorizations.length = 0;
  });

  const proxyWithCredentials = (): string => proxy.url.replace('http://', `http://${encodeURIComponent(PROXY_USER)}:${PROXY_PASSWORD}@`);

  test('--proxy with credentials, --cacert, --cert and --key: the command carries them, the credentials as a variable', async () => {
    const run = await runCli(['request', 'api.connector.json', 'who', '--curl', '--proxy', proxyWithCredentials(), '--cacert', certificates.caFile, '--cert', certificates.clientCertFile, '--key', certificates.clientKeyFile], { cwd: folder.path, env: noProxyVariables });
    assert.equal(run.code, 0, run.stderr);
    const command = run.stdout.trim();
    assert.ok(!command.includes(PROXY_PASSWORD), 'the proxy password is not in the command');
    assert.match(command, /--proxy http:\/\/127\.0\.0\.1:\d+ --proxy-user "\$CONNECTOR_PROXY_USER"/);
    assert.match(command, new RegExp(`--cacert ${certificates.caFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const body = await runCopiedCommand(command, { CONNECTOR_PROXY_USER: `${PROXY_USER}:${PROXY_PASSWORD}` });
    assert.deepEqual(JSON.parse(body), { path: '/who', clientCn: 'workflow client' });
    assert.deepEqual(proxy.targets, [`CONNECT 127.0.0.1:${new URL(api.url).port}`]);
    assert.deepEqual(proxy.authorizations, [`Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64')}`]);
    assert.equal(api.seen[0]?.headers['proxy-authorization'], undefined, 'the proxy credentials went to the proxy only');
  });

  test('a PKCS#12 bundle with its passphrase from a secret, in a folder whose name has a colon and a backslash', async () => {
    const odd = join(folder.path, 'certs:1\\x');
    mkdirSync(odd);
    copyFileSync(certificates.clientPfxFile, join(odd, 'client.p12'));
    const env = { ...noProxyVariables, CONNECTOR_SECRET_PFX: certificates.passphrase };
    const run = await runCli(['request', 'api.connector.json', 'who', '--curl', '--cacert', certificates.caFile, '--cert', join(odd, 'client.p12'), '--cert-passphrase', 'PFX'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr);
    const command = run.stdout.trim();
    assert.ok(!command.includes(certificates.passphrase), 'the passphrase is not in the command');
    assert.match(command, /--cert-type P12 --cert .*--pass "\$CONNECTOR_SECRET_PFX"/);
    assert.doesNotMatch(command, /--proxy/);
    const body = await runCopiedCommand(command, { CONNECTOR_SECRET_PFX: certificates.passphrase });
    assert.deepEqual(JSON.parse(body), { path: '/who', clientCn: 'workflow client' });
  });

  test('a preview needs no passphrase: --curl without the secret set still writes the command; sending without it says what to set', async () => {
    const args = ['request', 'api.connector.json', 'who', '--cacert', certificates.caFile, '--cert', certificates.clientPfxFile, '--cert-passphrase', 'PFX'];
    const curl = await runCli([...args, '--curl'], { cwd: folder.path, env: noProxyVariables });
    assert.equal(curl.code, 0, curl.stderr);
    assert.match(curl.stdout, /--pass "\$CONNECTOR_SECRET_PFX"/);
    const sent = await runCli(args, { cwd: folder.path, env: noProxyVariables });
    assert.equal(sent.code, 2);
    assert.match(sent.stderr, /The secret 'PFX' of --cert-passphrase is not set: set CONNECTOR_SECRET_PFX/);
    assert.equal(api.seen.length, 0);
  });

  test('OAuth2: the token request goes through the same proxy and trusts the same authority as the request', async () => {
    const env = { ...noProxyVariables, CONNECTOR_SECRET_CLIENT: 'client-secret-value' };
    const run = await runCli(['request', 'signed.connector.json', 'who', '--curl', '--proxy', proxyWithCredentials(), '--cacert', certificates.caFile, '--cert', certificates.clientCertFile, '--key', certificates.clientKeyFile], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr);
    const command = run.stdout.trim();
    assert.equal(command.match(/--proxy-user "\$CONNECTOR_PROXY_USER"/g)?.length, 2, 'both hops name the proxy credentials');
    await runCopiedCommand(command, { CONNECTOR_PROXY_USER: `${PROXY_USER}:${PROXY_PASSWORD}`, CONNECTOR_SECRET_CLIENT: 'client-secret-value' });
    assert.deepEqual(proxy.targets, [`CONNECT 127.0.0.1:${new URL(tokens.url).port}`, `CONNECT 127.0.0.1:${new URL(api.url).port}`]);
    assert.equal(tokens.seen.length, 1);
    assert.equal(api.seen[0]?.headers.authorization, 'Bearer tok-123');
    assert.equal(api.seen[0]?.clientCn, 'workflow client');
  });

  test('a host in NO_PROXY: the command goes direct even where curl would take the proxy variable', async () => {
    const env = { ...noProxyVariables, https_proxy: proxy.url, no_proxy: '127.0.0.1' };
    const run = await runCli(['request', 'api.connector.json', 'who', '--curl', '--cacert', certificates.caFile, '--cert', certificates.clientCertFile, '--key', certificates.clientKeyFile], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr);
    const command = run.stdout.trim();
    assert.match(command, /--noproxy '\*'/);
    // The shell the command is pasted in has the proxy variable but not NO_PROXY.
    const body = await runCopiedCommand(command, { HTTPS_PROXY: proxy.url });
    assert.deepEqual(JSON.parse(body), { path: '/who', clientCn: 'workflow client' });
    assert.deepEqual(proxy.targets, []);
  });

  test('without network options nothing is added: the command is as before', async () => {
    const run = await runCli(['request', 'api.connector.json', 'who', '--curl'], { cwd: folder.path, env: noProxyVariables });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), `curl --globoff -X GET ${api.url}/who -H Accept: -H User-Agent:`);
  });
});

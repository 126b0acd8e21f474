// The language server sends through the network VS Code's settings describe: http.proxy (with
// http.proxyAuthorization, to the proxy only), http.noProxy, http.proxyStrictSSL, and the chosen environment's
// certificate authority and client certificate (its passphrase from the editor's secrets). A change of the settings
// applies to the next request, without a restart.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { PreviewRequestResult, SendRequestResult } from '../../server/src/protocol';
import { runCopiedCommand } from '../support/curlRun';
import { makeCertificates, type TestCertificates } from '../support/certificates';
import { answerSecrets, startLsp, type LspSession } from '../support/lspClient';
import { startProxy, type RunningProxy } from '../support/proxy';
import { startTlsServer, type RunningTlsServer } from '../support/tlsServer';

describe("the language server sends through VS Code's http settings and the environment's certificates", () => {
  let certificates: TestCertificates;
  let service: RunningTlsServer;
  let mutual: RunningTlsServer;
  let proxy: RunningProxy;
  let lsp: LspSession;
  let dir = '';
  const authorization = `Basic ${Buffer.from('me:hunter2').toString('base64')}`;
  const uriOf = (name: string): string => pathToFileURL(join(dir, name)).href;
  const send = (name: string, environment?: string) => lsp.request<SendRequestResult>('connector/sendRequest', { uri: uriOf(name), operationId: 'ping', values: { entered: {} }, ...(environment ? { environment } : {}) });
  const errorsOf = (sent: SendRequestResult): string => (sent.ok ? sent.result.errors.join(' ') : JSON.stringify(sent));

  before(async () => {
    certificates = makeCertificates();
    service = await startTlsServer(certificates);
    mutual = await startTlsServer(certificates, { requireClientCertificate: true });
    proxy = await startProxy({ credentials: { user: 'me', password: 'hunter2' } });
    dir = mkdtempSync(join(tmpdir(), 'connector-network-lsp-'));
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'certs'));
    copyFileSync(certificates.caFile, join(dir, 'certs', 'ca.pem'));
    copyFileSync(certificates.clientPfxFile, join(dir, 'certs', 'client.p12'));
    const connector = (name: string, url: string): void => writeFileSync(join(dir, name), JSON.stringify({ kind: 'rest', name, baseUrl: url, operations: [{ id: 'ping', method: 'GET', path: '/ping', parameters: [] }] }, null, 2));
    connector('plain.connector.json', service.url);
    connector('mutual.connector.json', mutual.url);
    writeFileSync(join(dir, 'connector-environments.json'), JSON.stringify({
      environments: { staging: { caFile: 'certs/ca.pem', clientCertificates: { [mutual.origin]: { pfx: 'certs/client.p12', passphrase: 'client-pfx' } } } },
    }, null, 2));
    lsp = await startLsp({
      workspaceFolder: dir,
      initializationOptions: { connectorToolsExtension: true },
      env: { HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '', NO_PROXY: '', no_proxy: '', NODE_EXTRA_CA_CERTS: '' },
    });
    answerSecrets(lsp, (params) => (params.name === 'client-pfx' ? certificates.passphrase : undefined));
    for (const name of ['plain.connector.json', 'mutual.connector.json']) {
      await lsp.open(uriOf(name), readFileSync(join(dir, name), 'utf8'));
      await lsp.diagnostics(uriOf(name), 1);
    }
  });
  after(async () => {
    await lsp.stop();
    await Promise.all([service.close(), mutual.close(), proxy.close()]);
    certificates.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    service.seen.length = 0;
    mutual.seen.length = 0;
    proxy.targets.length = 0;
    proxy.authorizations.length = 0;
  });

  test('the certificate of an internal authority is named, and the editor is told what to set', async () => {
    const sent = await send('plain.connector.json');
    assert.match(errorsOf(sent), /The certificate of 127\.0\.0\.1:\d+ \(CN=127\.0\.0\.1, issued by CN=Connector Test Internal CA\) is not trusted.*"caFile" in the environment/);
    assert.equal(service.seen.length, 0);
  });

  test('http.proxyStrictSSL off is honoured as VS Code honours it: certificates are not checked', async () => {
    await lsp.changeSettings({}, { proxyStrictSSL: false });
    const sent = await send('plain.connector.json');
    assert.ok(sent.ok && sent.result.status === 200, JSON.stringify(sent));
    await lsp.changeSettings({}, {});
  });

  test("the environment's caFile and client certificate, its passphrase from the editor's secrets, shown to its origin", async () => {
    const sent = await send('mutual.connector.json', 'staging');
    assert.ok(sent.ok && sent.result.status === 200, JSON.stringify(sent));
    assert.deepEqual(mutual.seen.map((s) => s.clientCn), ['workflow client']);
    const without = await send('mutual.connector.json');
    assert.match(errorsOf(without), /is not trusted/);
  });

  test('http.proxy and http.proxyAuthorization, changed while the server runs: the next request is tunnelled, the credentials reach the proxy only', async () => {
    await lsp.changeSettings({}, { proxy: proxy.url, proxyAuthorization: authorization });
    const sent = await send('mutual.connector.json', 'staging');
    assert.ok(sent.ok && sent.result.status === 200, JSON.stringify(sent));
    assert.deepEqual(proxy.targets, [`CONNECT 127.0.0.1:${new URL(mutual.url).port}`]);
    assert.deepEqual(proxy.authorizations, [authorization]);
    assert.equal(mutual.seen[0]?.headers['proxy-authorization'], undefined);
  });

  test('without http.proxyAuthorization the proxy asks for credentials, and the message says where to give them', async () => {
    await lsp.changeSettings({}, { proxy: proxy.url });
    const sent = await send('mutual.connector.json', 'staging');
    assert.match(errorsOf(sent), /The proxy 127\.0\.0\.1:\d+ asks for credentials \(407 Proxy Authentication Required\).*http\.proxyAuthorization/);
    assert.equal(mutual.seen.length, 0);
  });

  test("Preview says how the request travels, and its curl command goes through the same proxy with the environment's certificates", async () => {
    await lsp.changeSettings({}, { proxy: proxy.url, proxyAuthorization: authorization });
    const result = await lsp.request<PreviewRequestResult>('connector/previewRequest', { uri: uriOf('mutual.connector.json'), operationId: 'ping', values: { entered: {} }, environment: 'staging' });
    assert.ok(result.ok, JSON.stringify(result));
    assert.match(result.preview.text, new RegExp(`^# Network:\n#   ${mutual.origin.replace(/[.]/g, '\\.')}: through the proxy http://127\\.0\\.0\\.1:\\d+; client certificate from "clientCertificates" of environment 'staging'; trusting 1 more certificate authority\n`));
    const command = result.preview.curl;
    assert.ok(!command.includes('hunter2') && !command.includes(authorization.slice(6)) && !command.includes(certificates.passphrase), 'no credential in the command');
    assert.match(command, /--proxy-header 'Proxy-Authorization: '"\$CONNECTOR_PROXY_AUTHORIZATION"/);
    const body = await runCopiedCommand(command, { CONNECTOR_PROXY_AUTHORIZATION: authorization, CONNECTOR_SECRET_CLIENT_PFX: certificates.passphrase });
    assert.deepEqual(JSON.parse(body), { path: '/ping', clientCn: 'workflow client' });
    assert.deepEqual(proxy.targets, [`CONNECT 127.0.0.1:${new URL(mutual.url).port}`]);
    assert.deepEqual(proxy.authorizations, [authorization]);
    await lsp.changeSettings({}, {});
  });

  test('http.noProxy sends a host direct; clearing http.proxy goes back to direct', async () => {
    await lsp.changeSettings({}, { proxy: proxy.url, noProxy: ['127.0.0.1'] });
    const kept = await send('mutual.connector.json', 'staging');
    assert.ok(kept.ok && kept.result.status === 200, JSON.stringify(kept));
    await lsp.changeSettings({}, {});
    const direct = await send('mutual.connector.json', 'staging');
    assert.ok(direct.ok && direct.result.status === 200, JSON.stringify(direct));
    assert.deepEqual(proxy.targets, []);
  });
});

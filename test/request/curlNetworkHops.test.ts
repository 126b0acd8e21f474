// The copied curl command and the tool take the same way to a service: through the same proxy in a tunnel (an http:
// address too), with certificate checks off only where the user turned them off, and with no authority file when
// curl could not be given the ones the tool trusts.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { curlCommand } from '../../server/src/core/request/curl';
import { sendPrepared } from '../../server/src/core/http/exchange';
import type { NetworkSettings } from '../../server/src/core/http/network';
import type { BuiltRequest } from '../../server/src/core/http/types';
import { runCopiedCommand } from '../support/curlRun';
import { makeCertificates, type TestCertificates } from '../support/certificates';
import { filesIn } from '../support/files';
import { startProxy, type RunningProxy } from '../support/proxy';
import { startTlsServer, type RunningTlsServer } from '../support/tlsServer';


async function build(baseUrl: string): Promise<BuiltRequest> {
  const { connector, findings } = lintText(JSON.stringify({ kind: 'rest', name: 't', baseUrl, operations: [{ id: 'op', method: 'GET', path: '/ping', parameters: [] }] }));
  assert.ok(connector);
  const prepared = await prepareRequest({ connector, findings, operationId: 'op', values: {}, secrets: () => undefined, baseDir: '/', files: filesIn('/') });
  assert.ok(prepared.ok);
  return prepared.request;
}

describe('a copied curl command takes the way the tool takes', () => {
  let certificates: TestCertificates;
  let secure: RunningTlsServer;
  let plain: Server;
  let plainUrl = '';
  let proxy: RunningProxy;

  before(async () => {
    certificates = makeCertificates();
    secure = await startTlsServer(certificates);
    plain = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('plain ok'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    proxy = await startProxy();
  });
  after(async () => {
    await Promise.all([secure.close(), proxy.close(), new Promise((resolve) => plain.close(resolve))]);
    certificates.remove();
  });

  test('an http: address through a proxy: both open a tunnel (curl with --proxytunnel), neither sends the request in the clear to the proxy', async () => {
    const network: NetworkSettings = { strictSsl: true, proxy: { http: proxy.url } };
    const request = await build(plainUrl);
    const tool = await sendPrepared(request, { network, timeoutMs: 5_000 });
    assert.equal(tool.result.status, 200);
    const byTool = [...proxy.targets];
    proxy.targets.length = 0;
    const command = curlCommand(request, network);
    assert.match(command, /--proxytunnel/);
    assert.equal(await runCopiedCommand(command), 'plain ok');
    assert.deepEqual(proxy.targets, byTool);
    assert.deepEqual(byTool, [`CONNECT 127.0.0.1:${new URL(plainUrl).port}`]);
  });

  test('certificate checks off (http.proxyStrictSSL false): --insecure, and the command reaches a service no trusted authority vouches for', async () => {
    const request = await build(secure.url);
    assert.doesNotMatch(curlCommand(request, { strictSsl: true }), /--insecure/);
    const command = curlCommand(request, { strictSsl: false });
    assert.match(command, /--insecure/);
    assert.deepEqual(JSON.parse(await runCopiedCommand(command)), { path: '/ping', clientCn: null });
  });

  test('one authority file is written; with several none is (curl takes one, in place of its own list)', async () => {
    const request = await build(secure.url);
    const one = curlCommand(request, { strictSsl: true, caCertificates: [certificates.ca], caFiles: [certificates.caFile] });
    assert.deepEqual(JSON.parse(await runCopiedCommand(one)), { path: '/ping', clientCn: null });
    const several = curlCommand(request, { strictSsl: true, caCertificates: [certificates.ca, certificates.ca], caFiles: [certificates.caFile, '/etc/other-ca.pem'] });
    assert.doesNotMatch(several, /--cacert/);
  });
});

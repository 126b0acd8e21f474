// The network settings sending takes: what a process environment gives, and settings sending cannot honour yet
// refuse the request instead of being passed over.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { networkFromEnvironment } from '../../server/src/core/http/network';
import { sendRequest } from '../../server/src/core/http/send';
import type { BuiltRequest } from '../../server/src/core/http/types';
import { startFault, type RunningFault } from '../support/faultServers';

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

describe('settings sending cannot honour yet', () => {
  let service: RunningFault;
  let received = 0;
  before(async () => {
    service = await startFault((_request, response) => {
      received++;
      response.end('{}');
    });
  });
  after(() => service.close());

  const request = (): BuiltRequest => ({ method: 'GET', url: `${service.url}/x`, headers: [], secrets: [], warnings: [], shaping: { kind: 'rest' } });

  test('extra certificate authorities or client certificates refuse the request: nothing is sent', async () => {
    const withCa = await sendRequest(request(), { timeoutMs: 5_000, network: { strictSsl: true, caCertificates: ['-----BEGIN CERTIFICATE-----'] } });
    assert.ok(!withCa.ok);
    assert.equal(withCa.failure.code, 'network');
    assert.match(withCa.failure.message, /^Nothing was sent: Extra certificate authorities are not supported yet/);
    const withCertificate = await sendRequest(request(), { timeoutMs: 5_000, network: { strictSsl: true, clientCertificates: [{ origin: service.url, certificate: 'c', key: 'k' }] } });
    assert.ok(!withCertificate.ok);
    assert.match(withCertificate.failure.message, /Client certificates are not supported yet/);
    assert.equal(received, 0);
    const plain = await sendRequest(request(), { timeoutMs: 5_000, network: { strictSsl: true } });
    assert.ok(plain.ok);
    assert.equal(received, 1);
  });
});

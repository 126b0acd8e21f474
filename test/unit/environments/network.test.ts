// An environment's network identity in connector-environments.json: the certificate authority it trusts and the
// client certificates it shows, each to its origin. What cannot be used is a finding on the exact key or value,
// and a credential or passphrase written in the file is never repeated in a message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseEnvironment } from '../../../server/src/core/environments/apply';
import { parseEnvironmentsFile } from '../../../server/src/core/environments/environmentsFile';

const withNetwork = (network: string): string => `{ "environments": { "staging": { ${network} } } }`;

describe("an environment's certificate authority and client certificates", () => {
  test('read with their places; origins in one spelling; the chosen environment carries them', () => {
    const text = withNetwork(`"caFile": "certs/internal-ca.pem", "clientCertificates": {
      "https://ERP.example.com:443": { "cert": "certs/client.pem", "key": "certs/client.key" },
      "https://gateway.example.com:8443/": { "pfx": "certs/client.p12", "passphrase": "gateway-pfx" } }`);
    const file = parseEnvironmentsFile(text);
    assert.deepEqual(file.findings, []);
    const chosen = chooseEnvironment(file, 'staging', 'a.connector.json');
    assert.ok(chosen.ok);
    const { caFile, clientCertificates } = chosen.environment;
    assert.equal(caFile?.value, 'certs/internal-ca.pem');
    assert.equal(text.slice(caFile?.offset, (caFile?.offset ?? 0) + (caFile?.length ?? 0)), '"certs/internal-ca.pem"');
    assert.deepEqual(clientCertificates?.map((c) => [c.origin, c.cert?.value, c.key?.value, c.pfx?.value, c.passphrase]), [
      ['https://erp.example.com', 'certs/client.pem', 'certs/client.key', undefined, undefined],
      ['https://gateway.example.com:8443', undefined, undefined, 'certs/client.p12', 'gateway-pfx'],
    ]);
  });

  const refused: [string, string, RegExp][] = [
    ['an http origin', `"clientCertificates": { "http://erp.example.com": { "pfx": "c.p12" } }`, /'http:\/\/erp\.example\.com' is not an https origin/],
    ['not an address', `"clientCertificates": { "erp.example.com": { "pfx": "c.p12" } }`, /'erp\.example\.com' is not an https origin/],
    ['a path', `"clientCertificates": { "https://erp.example.com/api": { "pfx": "c.p12" } }`, /has a path, query or fragment: .*write "https:\/\/erp\.example\.com"/],
    ['a query', `"clientCertificates": { "https://erp.example.com?x=1": { "pfx": "c.p12" } }`, /has a path, query or fragment/],
    ['credentials', `"clientCertificates": { "https://deploy:hunter2@erp.example.com": { "pfx": "c.p12" } }`, /'https:\/\/…@erp\.example\.com' has credentials before the host/],
    ['the same origin twice', `"clientCertificates": { "https://a.example": { "pfx": "c.p12" }, "https://A.example:443": { "pfx": "d.p12" } }`, /'https:\/\/A\.example:443' is the origin https:\/\/a\.example again/],
    ['a PKCS#12 bundle and PEM files', `"clientCertificates": { "https://a.example": { "pfx": "c.p12", "cert": "c.pem" } }`, /names a PKCS#12 bundle \("pfx"\) and PEM files/],
    ['a key without its certificate', `"clientCertificates": { "https://a.example": { "key": "c.key" } }`, /needs "cert" \(a PEM file, with "key" unless the file holds the key too\), or "pfx"/],
    ['a passphrase written in the file', `"clientCertificates": { "https://a.example": { "pfx": "c.p12", "passphrase": "s3cret pass!" } }`, /'passphrase' is the name of a secret/],
    ['an unknown setting', `"clientCertificates": { "https://a.example": { "pfx": "c.p12", "passwd": "x" } }`, /Unknown setting 'passwd' in the client certificate of 'https:\/\/a\.example'/],
    ['not an object', `"clientCertificates": ["c.pem"]`, /'clientCertificates' is an object: origin → certificate/],
    ['an empty caFile', `"caFile": ""`, /'caFile' is a file's path/],
    ['a caFile that is not text', `"caFile": ["a.pem"]`, /'caFile' is a file's path/],
    ['a misspelt setting', `"caFiles": "a.pem"`, /Unknown setting 'caFiles' in environment 'staging'\. Did you mean 'caFile'\?/],
  ];
  for (const [what, network, message] of refused) {
    test(`${what} is a finding, and the environment cannot be used`, () => {
      const text = withNetwork(network);
      const file = parseEnvironmentsFile(text);
      assert.equal(file.findings.length, 1, JSON.stringify(file.findings));
      const [finding] = file.findings;
      assert.match(finding?.message ?? '', message);
      assert.ok(!(finding?.message ?? '').includes('hunter2') && !(finding?.message ?? '').includes('s3cret'));
      assert.equal(chooseEnvironment(file, 'staging', 'a.connector.json').ok, false);
    });
  }
});

// Certificates made for one test run with Debian's openssl: a company's internal certificate authority, a server
// certificate it issued for 127.0.0.1, and client certificates (PEM, an encrypted key, a PKCS#12 bundle) it issued.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate authority and what it issued, as files in a folder of their own and as their text. */
export interface TestCertificates {
  folder: string;
  /** The authority's certificate (PEM): what a user would trust with --cacert or "caFile". */
  caFile: string;
  ca: string;
  /** The server's certificate and key, for 127.0.0.1 and localhost. */
  server: { cert: string; key: string };
  /** A client certificate (CN=workflow client) and its key, unencrypted. */
  clientCertFile: string;
  clientKeyFile: string;
  /** The same key encrypted with `passphrase`. */
  clientEncryptedKeyFile: string;
  /** The certificate and key as one PKCS#12 bundle, opened with `passphrase`. */
  clientPfxFile: string;
  passphrase: string;
  remove(): void;
}

/** The passphrase of the encrypted key and the PKCS#12 bundle. */
export const CERTIFICATE_PASSPHRASE = 'pfx pass phrase';

function openssl(folder: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Makes an authority named `caName` and the certificates it issues, in a new temporary folder. */
export function makeCertificates(caName = 'Connector Test Internal CA'): TestCertificates {
  const folder = mkdtempSync(join(tmpdir(), 'connector-certs-'));
  const passphrase = CERTIFICATE_PASSPHRASE;
  openssl(folder, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', `/CN=${caName}`]);
  writeFileSync(join(folder, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(folder, ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  openssl(folder, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext']);
  openssl(folder, ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/CN=workflow client']);
  openssl(folder, ['x509', '-req', '-in', 'client.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.pem', '-days', '2']);
  openssl(folder, ['pkcs8', '-topk8', '-in', 'client.key', '-out', 'client.encrypted.key', '-passout', `pass:${passphrase}`]);
  openssl(folder, ['pkcs12', '-export', '-in', 'client.pem', '-inkey', 'client.key', '-out', 'client.p12', '-passout', `pass:${passphrase}`]);
  const read = (name: string): string => readFileSync(join(folder, name), 'utf8');
  return {
    folder,
    caFile: join(folder, 'ca.pem'),
    ca: read('ca.pem'),
    server: { cert: read('server.pem'), key: read('server.key') },
    clientCertFile: join(folder, 'client.pem'),
    clientKeyFile: join(folder, 'client.key'),
    clientEncryptedKeyFile: join(folder, 'client.encrypted.key'),
    clientPfxFile: join(folder, 'client.p12'),
    passphrase,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

// The files a network names: a certificate authority to trust (--cacert, an environment's "caFile",
// NODE_EXTRA_CA_CERTS) and a client certificate to show (--cert and --key, an environment's "clientCertificates").
// Each is read once here, checked before anything is sent (a certificate that does not parse, a key that is not its
// certificate's, a passphrase that does not open it), and handed to the core as bytes.
import { X509Certificate } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { nodeTls, type ClientCertificate } from '../core';

/** A file read and understood, or why not (a sentence naming the file as the user wrote it). */
export type NetworkFile<T> = { ok: true; value: T } | { ok: false; message: string };

/** A certificate or key file is a few kilobytes; a CA bundle of a whole system a few hundred. */
const MAX_BYTES = 4 * 1024 * 1024;

/** Where a path a user wrote leads: `~/` is the home folder, a relative path is relative to `base`. */
export function networkFilePath(given: string, base: string): string {
  if (given === '~' || given.startsWith('~/')) return resolve(homedir(), given.slice(2));
  return isAbsolute(given) ? given : resolve(base, given);
}

function readBounded(path: string, shown: string): NetworkFile<Buffer> {
  let fd: number | undefined;
  try {
    // Without waiting for a FIFO's writer: the check on the descriptor then refuses it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, message: `${shown} (${path}) is not a file.` };
    if (stats.size > MAX_BYTES) return { ok: false, message: `${shown} (${path}) is larger than ${MAX_BYTES / 1024 / 1024} MB; it is not a certificate file.` };
    return { ok: true, value: readFileSync(fd) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'it may not be read' : (code ?? String(error));
    return { ok: false, message: `${shown} (${path}) cannot be read: ${why}.` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** A PEM private key block of any kind: PKCS#8, encrypted PKCS#8, or the RSA, EC and DSA forms. */
const PEM_PRIVATE_KEY = /-----BEGIN (?:ENCRYPTED |RSA |EC |DSA )?PRIVATE KEY-----/;

/** The certificates of a CA file (PEM, one or many; or one DER certificate), each checked, as PEM text. */
export function readCaFile(path: string, shown: string): NetworkFile<string[]> {
  const read = readBounded(path, shown);
  if (!read.ok) return read;
  const text = read.value.toString('latin1');
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  const certificates: string[] = [];
  try {
    if (blocks.length === 0) {
      if (text.includes('-----BEGIN')) return { ok: false, message: `${shown} (${path}) holds no certificate: it has PEM blocks, but none is "-----BEGIN CERTIFICATE-----" (a key or a request is not a certificate authority).` };
      certificates.push(new X509Certificate(read.value).toString());
    } else {
      for (const block of blocks) certificates.push(new X509Certificate(block).toString());
    }
  } catch {
    return { ok: false, message: `${shown} (${path}) holds no certificate that can be read: a CA file is PEM ("-----BEGIN CERTIFICATE-----") or one DER certificate.` };
  }
  return { ok: true, value: certificates };
}

/** What names a client certificate: PEM files or a PKCS#12 bundle (absolute paths), the passphrase, and how to name it. */
export interface ClientCertificateFiles {
  cert?: { path: string; shown: string };
  /** Absent when the certificate's file holds its key too. */
  key?: { path: string; shown: string };
  /** How the user gives a key where they named the certificate (`--key FILE`, `"key"`), for the message when none is found. */
  keyHint?: string;
  pfx?: { path: string; shown: string };
  passphrase?: string;
  /** The passphrase's secret, to name in messages; undefined when no passphrase was given. */
  passphraseName?: string;
  origin?: string;
  source: string;
}

/** Why a certificate and key (or a bundle) do not open together, in words for the user. */
function openProblem(error: unknown, files: ClientCertificateFiles): string {
  const e = error as { code?: string; message?: string };
  const what = files.pfx ? files.pfx.shown : files.key?.shown ?? '';
  const passphrase = files.passphraseName ? `the passphrase in the secret '${files.passphraseName}'` : 'no passphrase';
  if (/mac verify failure/.test(e.message ?? '')) return `${what} does not open with ${passphrase}. Give the bundle's passphrase as a secret ("passphrase": "NAME" in the environment, --cert-passphrase NAME on the command line).`;
  if (e.code === 'ERR_OSSL_BAD_DECRYPT') return `${what} is an encrypted key that does not open with ${passphrase}. Give its passphrase as a secret ("passphrase": "NAME" in the environment, --cert-passphrase NAME on the command line).`;
  if (e.code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH') return `${what} is not the key of ${files.cert?.shown ?? 'the certificate'}: the two do not belong together.`;
  if (files.pfx) return `${what} is not a PKCS#12 bundle (.p12, .pfx) that can be read (${e.message ?? e.code}).`;
  if (e.code === 'ERR_OSSL_PEM_NO_START_LINE') return `${files.cert?.shown ?? ''} holds no PEM certificate ("-----BEGIN CERTIFICATE-----").`;
  return `${what} holds no private key that can be read (${e.message ?? e.code}): the key is PEM ("-----BEGIN PRIVATE KEY-----" or "-----BEGIN ... PRIVATE KEY-----").`;
}

/**
 * Reads a client certificate and checks that it opens (the passphrase) and that the key is the certificate's;
 * `open: false` only reads it (a preview, which has no passphrase: it asks for no secret).
 */
export function readClientCertificate(files: ClientCertificateFiles, options: { open?: boolean } = {}): NetworkFile<ClientCertificate> {
  const base = {
    ...(files.origin ? { origin: files.origin } : {}),
    ...(files.passphrase !== undefined ? { passphrase: files.passphrase } : {}),
    ...(files.passphraseName !== undefined ? { passphraseSecret: files.passphraseName } : {}),
    source: files.source,
    ...(files.pfx ? { files: { pfx: files.pfx.path } } : files.cert ? { files: { cert: files.cert.path, ...(files.key ? { key: files.key.path } : {}) } } : {}),
  };
  let certificate: ClientCertificate;
  if (files.pfx) {
    const pfx = readBounded(files.pfx.path, files.pfx.shown);
    if (!pfx.ok) return pfx;
    certificate = { ...base, pfx: new Uint8Array(pfx.value) };
  } else {
    if (!files.cert) return { ok: false, message: `A client certificate needs its certificate (PEM, with its key in the same file or another), or one PKCS#12 bundle.` };
    const cert = readBounded(files.cert.path, files.cert.shown);
    if (!cert.ok) return cert;
    const certificateText = cert.value.toString('latin1');
    let keyText: string;
    if (files.key) {
      const key = readBounded(files.key.path, files.key.shown);
      if (!key.ok) return key;
      keyText = key.value.toString('latin1');
    } else {
      // One PEM file with the certificate and its key, as curl's --cert takes it.
      if (!PEM_PRIVATE_KEY.test(certificateText)) return { ok: false, message: `${files.cert.shown} holds no private key: give the key too (${files.keyHint ?? 'its own file'}), put it in the same PEM file, or give a PKCS#12 bundle (.p12, .pfx).` };
      keyText = certificateText;
    }
    certificate = { ...base, pem: { certificate: certificateText, key: keyText } };
  }
  if (options.open === false) return { ok: true, value: certificate };
  try {
    nodeTls().createSecureContext({
      ...(certificate.pfx ? { pfx: Buffer.from(certificate.pfx) } : {}),
      ...(certificate.pem ? { cert: certificate.pem.certificate, key: certificate.pem.key } : {}),
      // An empty passphrase, never none: OpenSSL could otherwise ask for one on the terminal.
      passphrase: certificate.passphrase ?? '',
    });
  } catch (error) {
    return { ok: false, message: openProblem(error, files) };
  }
  return { ok: true, value: certificate };
}

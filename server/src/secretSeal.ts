// Secrets cross the language-server connection sealed, so that no trace of that connection shows them.
// VS Code's "trace.server: verbose" writes every message with its params and result to an output channel (and
// from there to log files); the answer to the server's secret request was one of those messages. Filtering the
// trace would depend on every tracer present and future; instead each request carries a fresh X25519 public key
// from the server, the editor seals the value to it (its own fresh key, AES-256-GCM), and only the server's
// private key, which never leaves its process, opens it. A trace sees two public keys and ciphertext.
import { createCipheriv, createDecipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/** A secret value sealed to one server request: the sealer's public key, the nonce and the ciphertext with its tag (base64). */
export interface SealedSecret {
  publicKey: string;
  iv: string;
  data: string;
}

const TAG_BYTES = 16;

function exportPublic(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'der' }).toString('base64');
}

function importPublic(base64: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(base64, 'base64'), type: 'spki', format: 'der' });
  if (key.asymmetricKeyType !== 'x25519') throw new Error('not an X25519 key');
  return key;
}

/** The AES key both sides derive; the secret's name is bound in, so a value sealed for one name opens for no other. */
function sharedKey(privateKey: KeyObject, publicKey: KeyObject, name: string): Buffer {
  const shared = diffieHellman({ privateKey, publicKey });
  return Buffer.from(hkdfSync('sha256', shared, Buffer.alloc(0), `connector-tools secret v1 ${name}`, 32));
}

/** Whether an answer has the shape of a sealed secret. */
export function isSealedSecret(value: unknown): value is SealedSecret {
  const v = value as Partial<SealedSecret> | null;
  return typeof v === 'object' && v !== null && typeof v.publicKey === 'string' && typeof v.iv === 'string' && typeof v.data === 'string';
}

/** The server's side of one secret request: a public key to send, and the one way to open the answer. */
export interface SecretOpener {
  publicKey: string;
  /** The value; throws when the answer was not sealed to this request for this name. */
  open(sealed: SealedSecret, name: string): string;
}

/** Makes a one-time key pair for one secret request. */
export function secretOpener(): SecretOpener {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return {
    publicKey: exportPublic(publicKey),
    open(sealed, name) {
      const key = sharedKey(privateKey, importPublic(sealed.publicKey), name);
      const data = Buffer.from(sealed.data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** The editor's side: seals a secret's value to the public key of the server's request. */
export function sealSecret(value: string, serverPublicKey: string, name: string): SealedSecret {
  const own = generateKeyPairSync('x25519');
  const key = sharedKey(own.privateKey, importPublic(serverPublicKey), name);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { publicKey: exportPublic(own.publicKey), iv: iv.toString('base64'), data: data.toString('base64') };
}

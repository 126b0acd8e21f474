// Browser sign-ins the language server asks the editor to keep: in VS Code's secret storage, one per token endpoint,
// client, scope and the origin the token is for, so that a restart does not ask the user to sign in again while the
// refresh token lasts. The tokens arrive and leave sealed (see secretSeal.ts); a trace never shows them.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  isSignInKey, LOAD_SIGN_IN, SAVE_SIGN_IN, SIGN_IN_SEAL_KEY, SIGN_OUT, signInSealName,
  type LoadSignInParams, type LoadSignInResult, type SaveSignInParams, type SignInKeyParams, type SignInSealKeyResult,
} from '../../../server/src/protocol';
import { isSealedSecret, sealSecret, secretOpener, type SecretOpener } from '../../../server/src/secretSeal';

const KEY_PREFIX = 'connectorTools.signIn.';
/** The storage keys of the kept sign-ins (secret storage cannot list its keys in every VS Code this supports). */
const INDEX_KEY = 'connectorTools.signIns';
/** Seal keys handed out and not yet used; a few at most are in flight at once. */
const MAX_OPEN_SEAL_KEYS = 16;

function storageKey(key: SignInKeyParams): string {
  return `${KEY_PREFIX}${JSON.stringify([key.tokenUrl, key.clientId, key.scope, key.tokenFor])}`;
}

/** The kept sign-ins' storage keys, as the index lists them (a damaged index lists none). */
async function indexedKeys(storage: vscode.SecretStorage): Promise<string[]> {
  try {
    const listed = JSON.parse((await storage.get(INDEX_KEY)) ?? '[]') as unknown;
    return Array.isArray(listed) ? listed.filter((key): key is string => typeof key === 'string' && key.startsWith(KEY_PREFIX)) : [];
  } catch {
    return [];
  }
}

/** Browser sign-ins in secret storage, with the index that lets Sign Out find them all; changes are made one at a time. */
export class KeptSignIns {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly storage: vscode.SecretStorage) {}

  private inTurn<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change, change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Keeps a sign-in and lists it in the index. */
  keep(key: SignInKeyParams, signIn: string): Promise<void> {
    return this.inTurn(async () => {
      const name = storageKey(key);
      await this.storage.store(name, signIn);
      const listed = await indexedKeys(this.storage);
      if (!listed.includes(name)) await this.storage.store(INDEX_KEY, JSON.stringify([...listed, name]));
    });
  }

  /** The sign-in kept for `key`, if any. */
  read(key: SignInKeyParams): Thenable<string | undefined> {
    return this.storage.get(storageKey(key));
  }

  /** Removes every kept sign-in; returns how many there were. */
  removeAll(): Promise<number> {
    return this.inTurn(async () => {
      const listed = await indexedKeys(this.storage);
      for (const name of listed) await this.storage.delete(name);
      await this.storage.delete(INDEX_KEY);
      return listed.length;
    });
  }
}

/**
 * Sign Out: after the user confirms, the server forgets the tokens it holds and every kept browser sign-in is
 * removed, so the next request signs in again.
 */
export async function signOut(client: LanguageClient, kept: KeptSignIns): Promise<void> {
  const choice = await vscode.window.showWarningMessage(
    'Sign out of every service? Connector Tools forgets the tokens it holds and removes the browser sign-ins it keeps; the next request signs in again.',
    { modal: true },
    'Sign Out',
  );
  if (choice !== 'Sign Out') return;
  await client.sendRequest(SIGN_OUT);
  const removed = await kept.removeAll();
  void vscode.window.showInformationMessage(removed === 0 ? 'Signed out: tokens forgotten (no browser sign-in was kept).' : `Signed out: tokens forgotten and ${removed} kept browser sign-in${removed === 1 ? '' : 's'} removed.`);
}

/** Answers the server's requests to keep and read browser sign-ins. */
export function serveSignInStorage(client: LanguageClient, kept: KeptSignIns): vscode.Disposable {
  const openers = new Map<string, SecretOpener>();
  return vscode.Disposable.from(
    client.onRequest(SIGN_IN_SEAL_KEY, (): SignInSealKeyResult => {
      const opener = secretOpener();
      openers.set(opener.publicKey, opener);
      for (const oldest of openers.keys()) {
        if (openers.size <= MAX_OPEN_SEAL_KEYS) break;
        openers.delete(oldest);
      }
      return { publicKey: opener.publicKey };
    }),
    client.onRequest(SAVE_SIGN_IN, async (params: SaveSignInParams): Promise<null> => {
      const opener = openers.get(params.to);
      openers.delete(params.to);
      if (!opener || !isSignInKey(params.key) || !isSealedSecret(params.sealed)) return null;
      await kept.keep(params.key, opener.open(params.sealed, signInSealName(params.key)));
      return null;
    }),
    client.onRequest(LOAD_SIGN_IN, async (params: LoadSignInParams): Promise<LoadSignInResult> => {
      if (!isSignInKey(params.key) || typeof params.publicKey !== 'string') return null;
      const signIn = await kept.read(params.key);
      return signIn === undefined ? null : sealSecret(signIn, params.publicKey, signInSealName(params.key));
    }),
  );
}

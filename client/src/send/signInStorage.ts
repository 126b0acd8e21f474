// Browser sign-ins the language server asks the editor to keep: in VS Code's secret storage, one per token endpoint,
// client, scope and the origin the token is for, so that a restart does not ask the user to sign in again while the
// refresh token lasts. The tokens arrive and leave sealed (see secretSeal.ts); a trace never shows them.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  isSignInKey, LOAD_SIGN_IN, SAVE_SIGN_IN, SIGN_IN_SEAL_KEY, signInSealName,
  type LoadSignInParams, type LoadSignInResult, type SaveSignInParams, type SignInKeyParams, type SignInSealKeyResult,
} from '../../../server/src/protocol';
import { isSealedSecret, sealSecret, secretOpener, type SecretOpener } from '../../../server/src/secretSeal';

const KEY_PREFIX = 'connectorTools.signIn.';
/** Seal keys handed out and not yet used; a few at most are in flight at once. */
const MAX_OPEN_SEAL_KEYS = 16;

function storageKey(key: SignInKeyParams): string {
  return `${KEY_PREFIX}${JSON.stringify([key.tokenUrl, key.clientId, key.scope, key.tokenFor])}`;
}

/** Answers the server's requests to keep and read browser sign-ins. */
export function serveSignInStorage(client: LanguageClient, storage: vscode.SecretStorage): vscode.Disposable {
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
      await storage.store(storageKey(params.key), opener.open(params.sealed, signInSealName(params.key)));
      return null;
    }),
    client.onRequest(LOAD_SIGN_IN, async (params: LoadSignInParams): Promise<LoadSignInResult> => {
      if (!isSignInKey(params.key) || typeof params.publicKey !== 'string') return null;
      const kept = await storage.get(storageKey(params.key));
      return kept === undefined ? null : sealSecret(kept, params.publicKey, signInSealName(params.key));
    }),
  );
}

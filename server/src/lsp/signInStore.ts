// Browser sign-ins kept in the editor's secret storage, so that a restart of VS Code does not ask the user to sign
// in again while the refresh token lasts. Our extension keeps them; another LSP client keeps none. The tokens cross
// the connection sealed both ways (see secretSeal.ts): a trace of the connection never shows them.
import type { Connection } from 'vscode-languageserver';
import type { SignInStore, StoredSignIn } from '../core';
import {
  LOAD_SIGN_IN, SAVE_SIGN_IN, SIGN_IN_SEAL_KEY, signInSealName,
  type LoadSignInParams, type LoadSignInResult, type SaveSignInParams, type SignInKeyParams, type SignInSealKeyResult,
} from '../protocol';
import { isSealedSecret, sealSecret, secretOpener } from '../secretSeal';
import type { ClientProfile } from './clientProfile';

/** A kept sign-in read back: only the shape the server wrote counts. */
function storedSignIn(text: string): StoredSignIn | undefined {
  try {
    const value = JSON.parse(text) as Partial<StoredSignIn> | null;
    if (typeof value !== 'object' || value === null || typeof value.accessToken !== 'string' || typeof value.refreshAt !== 'number') return undefined;
    return { accessToken: value.accessToken, refreshAt: value.refreshAt, ...(typeof value.refreshToken === 'string' ? { refreshToken: value.refreshToken } : {}) };
  } catch {
    return undefined;
  }
}

/** The editor's secret storage as the token cache's store of browser sign-ins; a failure loses the kept sign-in, never the request. */
export function editorSignInStore(connection: Connection, client: () => ClientProfile): SignInStore {
  const keyOf = (request: Parameters<SignInStore['load']>[0]): SignInKeyParams => ({ tokenUrl: request.tokenUrl, clientId: request.client.clientId, scope: request.scope ?? '', tokenFor: request.tokenFor });
  return {
    async load(request) {
      if (!client().connectorToolsExtension) return undefined;
      try {
        const key = keyOf(request);
        const opener = secretOpener();
        const answer = await connection.sendRequest<LoadSignInResult>(LOAD_SIGN_IN, { key, publicKey: opener.publicKey } satisfies LoadSignInParams);
        return isSealedSecret(answer) ? storedSignIn(opener.open(answer, signInSealName(key))) : undefined;
      } catch {
        return undefined;
      }
    },
    async save(request, signIn) {
      if (!client().connectorToolsExtension) return;
      try {
        const key = keyOf(request);
        const { publicKey } = await connection.sendRequest<SignInSealKeyResult>(SIGN_IN_SEAL_KEY);
        await connection.sendRequest(SAVE_SIGN_IN, { key, to: publicKey, sealed: sealSecret(JSON.stringify(signIn), publicKey, signInSealName(key)) } satisfies SaveSignInParams);
      } catch {
        // Not kept: the next session signs in again.
      }
    },
  };
}

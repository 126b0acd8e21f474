import { TokenCache, type AuthorizationBrowser } from '../core';
import { EDITOR_SIGN_IN_TIMEOUT_MS } from './browserSignIn';

let browser: AuthorizationBrowser | undefined;

/** Sets how browser sign-ins reach the user, once the connection to the editor is up. */
export function useSignInBrowser(editorBrowser: AuthorizationBrowser): void {
  browser = editorBrowser;
}

/** The language server's OAuth2 tokens: in this process's memory only, shared by Send Request and test runs. */
export const serverTokens = new TokenCache(Date.now, undefined, false, {
  browser: { signIn: (step) => (browser ? browser.signIn(step) : Promise.resolve({ ok: false, message: 'The editor is not connected yet; send again.' })) },
  browserTimeoutMs: EDITOR_SIGN_IN_TIMEOUT_MS,
});

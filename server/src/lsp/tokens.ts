import { TokenCache, type AuthorizationBrowser, type SignInStore } from '../core';
import { EDITOR_SIGN_IN_TIMEOUT_MS } from './browserSignIn';

let edge: { browser: AuthorizationBrowser; store: SignInStore } | undefined;

/** Sets how browser sign-ins reach the user and where they are kept, once the connection to the editor is up. */
export function useEditorSignIn(browser: AuthorizationBrowser, store: SignInStore): void {
  edge = { browser, store };
}

/** The language server's OAuth2 tokens: in this process's memory (browser sign-ins also in the editor's secret storage), shared by Send Request and test runs. */
export const serverTokens = new TokenCache(Date.now, undefined, false, {
  browser: { signIn: (step) => (edge ? edge.browser.signIn(step) : Promise.resolve({ ok: false, message: 'The editor is not connected yet; send again.' })) },
  store: { load: (request) => (edge ? edge.store.load(request) : Promise.resolve(undefined)), save: (request, signIn) => (edge ? edge.store.save(request, signIn) : Promise.resolve()) },
  browserTimeoutMs: EDITOR_SIGN_IN_TIMEOUT_MS,
});

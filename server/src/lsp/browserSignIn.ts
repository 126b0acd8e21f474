// A browser sign-in from the editor: the listener runs here, in the language server; our extension opens the
// address with the editor's own browser opener and shows a notification with Cancel; another LSP client is asked
// to show the address externally (window/showDocument) and told what is happening.
import { randomUUID } from 'node:crypto';
import type { Connection } from 'vscode-languageserver';
import type { AuthorizationBrowser } from '../core';
import { BROWSER_SIGN_IN, BROWSER_SIGN_IN_ENDED, type BrowserSignInEndedParams, type BrowserSignInParams, type BrowserSignInResult } from '../protocol';
import { loopbackBrowser } from '../sending/loopbackSignIn';
import type { ClientProfile } from './clientProfile';

/** How long the editor waits for a browser sign-in: people type passwords and answer second factors; Cancel ends it sooner. */
export const EDITOR_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** The editor's browser step for the server's token cache. */
export function editorBrowser(connection: Connection, client: () => ClientProfile): AuthorizationBrowser {
  return loopbackBrowser((address, step) => {
    if (!client().connectorToolsExtension) {
      void connection.window.showInformationMessage(`Sign in at ${step.signInAt} in your browser (client '${step.clientId}', for ${step.tokenFor}).`);
      const notOpened = `The editor could not open the sign-in page at ${step.signInAt} in a browser.`;
      const stopped = connection.window.showDocument({ uri: address, external: true }).then(
        (result) => (result.success ? new Promise<string>(() => undefined) : notOpened),
        () => notOpened,
      );
      return { stopped };
    }
    const id = randomUUID();
    const params: BrowserSignInParams = { id, address, signInAt: step.signInAt, tokenFor: step.tokenFor, clientId: step.clientId };
    const answered = connection.sendRequest<BrowserSignInResult>(BROWSER_SIGN_IN, params).then(
      (result) => result,
      (): BrowserSignInResult => ({ ended: 'cancelled' }),
    );
    return {
      // 'closed' is the client's answer to the ended notification: the sign-in already ended here.
      stopped: answered.then((result) =>
        result.ended === 'closed' ? new Promise<string>(() => undefined)
        : result.ended === 'not-opened' ? `VS Code could not open the sign-in page at ${step.signInAt} in a browser.`
        : `The sign-in at ${step.signInAt} was cancelled.`),
      done: () => void connection.sendNotification(BROWSER_SIGN_IN_ENDED, { id } satisfies BrowserSignInEndedParams),
    };
  });
}

// The editor's side of a browser sign-in the language server waits for: the sign-in page opened in the browser
// with the editor's own opener, and a notification saying what is happening, with Cancel. Only an http(s) address
// is opened: never a command or file link, whatever the server sends.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { BROWSER_SIGN_IN, BROWSER_SIGN_IN_ENDED, type BrowserSignInEndedParams, type BrowserSignInParams, type BrowserSignInResult } from '../../../server/src/protocol';

function isWebAddress(address: unknown): address is string {
  return typeof address === 'string' && URL.canParse(address) && ['http:', 'https:'].includes(new URL(address).protocol);
}

/** Answers the server's browser sign-ins until the extension stops. */
export function serveBrowserSignIn(client: LanguageClient, log: vscode.LogOutputChannel): vscode.Disposable {
  const endings = new Map<string, () => void>();
  const request = client.onRequest(BROWSER_SIGN_IN, (params: BrowserSignInParams): Promise<BrowserSignInResult> => {
    if (!isWebAddress(params.address)) return Promise.resolve({ ended: 'not-opened' });
    return new Promise<BrowserSignInResult>((resolve) => {
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Signing in at ${params.signInAt}`, cancellable: true },
        async (progress, cancel) => {
          progress.report({ message: `continue in your browser (client '${params.clientId}'; the token goes to ${params.tokenFor} only).` });
          const ended = new Promise<BrowserSignInResult>((settle) => {
            endings.set(params.id, () => settle({ ended: 'closed' }));
            cancel.onCancellationRequested(() => settle({ ended: 'cancelled' }));
          });
          const opened = await vscode.env.openExternal(vscode.Uri.parse(params.address, true));
          log.info(`Browser sign-in at ${params.signInAt}: ${opened ? 'the browser was opened' : 'the browser could not be opened'}.`);
          const result = opened ? await ended : { ended: 'not-opened' as const };
          endings.delete(params.id);
          resolve(result);
        },
      );
    });
  });
  const ended = client.onNotification(BROWSER_SIGN_IN_ENDED, (params: BrowserSignInEndedParams) => endings.get(params.id)?.());
  return vscode.Disposable.from(request, ended);
}

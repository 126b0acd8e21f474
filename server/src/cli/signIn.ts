// A browser sign-in on the command line: the address is printed to standard error (never standard output, which a
// script may read), and the command waits for the browser's redirect within --timeout.
import { TokenCache, type AuthorizationBrowser } from '../core';
import { loopbackBrowser } from '../sending/loopbackSignIn';
import type { CliIo } from './io';

/** The command line's browser step: the user opens the printed address. */
export function commandLineBrowser(io: CliIo): AuthorizationBrowser {
  return loopbackBrowser((address, step) => {
    io.stderr(`Sign in at ${step.signInAt} in your browser (client '${step.clientId}', for ${step.tokenFor}): open\n  ${address}\nWaiting up to ${step.timeoutMs} ms for the sign-in (--timeout)...\n`);
    return { done: (outcome) => (outcome.ok ? io.stderr('Signed in.\n') : undefined) };
  });
}

/** The token cache of one command: tokens in memory only, browser sign-ins through the terminal. */
export function commandLineTokens(io: CliIo, options: { askOnceAfterRefusal?: boolean } = {}): TokenCache {
  return new TokenCache(Date.now, undefined, options.askOnceAfterRefusal ?? false, { browser: commandLineBrowser(io) });
}

// The authorization code flow's sign-in (RFC 6749, 4.1, with PKCE, RFC 7636): a fresh verifier and state, the edge's
// browser step (the loopback listener and the browser), then the code traded for a token at the token endpoint with
// the one HTTP client. The verifier never leaves this function except in the token request.
import { authorizationRequestUrl, newPkce, newState } from '../oauth2/pkce';
import type { AuthorizationBrowser, AuthorizationCodeSignIn } from '../oauth2/types';
import type { SendOptions } from './send';
import { fetchToken, type FetchedToken, type Grant } from './tokenEndpoint';
import { originOf } from './url';

/** How a token request is sent: the token endpoint module's fetchToken, or a test's stand-in. */
export type TokenFetch = (request: AuthorizationCodeSignIn, options: SendOptions, grant: Grant) => Promise<FetchedToken>;

/** Signs the user in with a browser and trades the code for a token; every failure is a message, never a throw. */
export async function signInWithBrowser(request: AuthorizationCodeSignIn, browser: AuthorizationBrowser | undefined, options: SendOptions, timeoutMs: number, fetch: TokenFetch = fetchToken): Promise<FetchedToken> {
  const signInAt = originOf(request.authorizationUrl);
  if (!browser) return { ok: false, message: `Signing in at ${signInAt} (authorization code) needs a browser, and none can be opened here. Sign in from VS Code or the command line.` };
  const pkce = newPkce();
  const state = newState();
  const { clientId } = request.client;
  const answer = await browser.signIn({
    authorizationUrlFor: (redirectUri) => authorizationRequestUrl(request.authorizationUrl, { clientId, redirectUri, ...(request.scope !== undefined ? { scope: request.scope } : {}), state, challenge: pkce.challenge }),
    state,
    signInAt,
    tokenFor: request.tokenFor,
    clientId,
    timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!answer.ok) return answer;
  return fetch(request, options, { type: 'authorization_code', code: answer.code, redirectUri: answer.redirectUri, verifier: pkce.verifier });
}

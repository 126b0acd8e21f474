// What the loopback listener makes of each request that reaches it while a browser sign-in waits. Anything may
// knock on 127.0.0.1: a stale browser tab, another program, a page that guesses the port. Only a GET of /callback
// with this sign-in's state is believed; every answer is a short page of plain text, nothing from the request
// shown back in it.
import { CALLBACK_PATH } from './pkce';

/** The page the listener answers with. */
export interface CallbackPage {
  status: number;
  title: string;
  text: string;
}

/** What one request to the listener means for the sign-in waiting on it. */
export type CallbackReading =
  /** The code: the sign-in goes on to the token endpoint. */
  | { kind: 'code'; code: string; page: CallbackPage }
  /** The sign-in ends without a code: the identity provider refused, or the answer cannot be believed. */
  | { kind: 'failed'; message: string; page: CallbackPage }
  /** Not for the sign-in (another path, a favicon, another method): answered, and the wait goes on. */
  | { kind: 'ignored'; page: CallbackPage };

const CLOSE_TAB = 'You can close this tab.';

/** A value from the identity provider, quoted for a message: one line, at most 200 characters, no control characters. */
function quoted(value: string): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Advice by the `error` of an authorization response (RFC 6749, 4.1.2.1). */
function errorAdvice(error: string): string {
  if (error === 'access_denied') return 'The sign-in was refused or cancelled at the identity provider. Send again to sign in again.';
  if (error === 'invalid_scope') return "Check 'scope': the client may not ask for it.";
  if (error === 'unauthorized_client' || error === 'unsupported_response_type') return 'The client is not allowed the authorization code flow: enable the standard flow for it at the identity provider.';
  if (error === 'invalid_request') return "Check the client id and that the identity provider allows the redirect to http://127.0.0.1 (any port) with the path /callback.";
  return 'Send again to sign in again.';
}

/**
 * Reads one request to the listener: `method` and `target` (path and query as received) against the state this
 * sign-in sent. A wrong or missing state ends the sign-in (the answer may be forged, or from an older sign-in);
 * so does an error or an answer without a code. Other paths and methods are ignored.
 */
export function readCallback(method: string, target: string, state: string): CallbackReading {
  const url = URL.canParse(target, 'http://127.0.0.1') ? new URL(target, 'http://127.0.0.1') : undefined;
  if (!url || url.pathname !== CALLBACK_PATH) return { kind: 'ignored', page: { status: 404, title: 'Not found', text: 'This address only receives the answer of a Connector Tools sign-in.' } };
  if (method !== 'GET') return { kind: 'ignored', page: { status: 405, title: 'Not allowed', text: 'The sign-in answer comes as a GET request.' } };
  const query = url.searchParams;
  const failed = (message: string, text: string): CallbackReading => ({ kind: 'failed', message, page: { status: 400, title: 'Sign-in failed', text: `${text} ${CLOSE_TAB}` } });
  const given = query.getAll('state');
  if (given.length !== 1 || given[0] !== state) {
    return failed(
      given.length === 0
        ? 'The answer that reached the sign-in listener carried no state, so it cannot be told from a forged one; nothing was accepted. Send again to sign in again.'
        : 'The answer that reached the sign-in listener carried another state than this sign-in sent (a browser tab of an older sign-in, or a forged answer); nothing was accepted. Send again to sign in again.',
      'This answer does not belong to the sign-in Connector Tools is waiting for; it was not accepted.',
    );
  }
  const error = query.get('error');
  if (error !== null) {
    const description = query.get('error_description');
    const detail = `${quoted(error) || '(empty)'}${description ? ` (${quoted(description)})` : ''}`;
    return failed(`The identity provider answered the sign-in with ${detail}. ${errorAdvice(error)}`, 'The identity provider did not sign you in; Connector Tools shows why.');
  }
  const codes = query.getAll('code');
  if (codes.length !== 1 || codes[0] === '') {
    return failed('The answer that reached the sign-in listener had no authorization code (or more than one); nothing was accepted. Send again to sign in again.', 'The answer had no sign-in code.');
  }
  return { kind: 'code', code: codes[0] ?? '', page: { status: 200, title: 'Signed in', text: `Connector Tools received the sign-in and goes on with the request. ${CLOSE_TAB}` } };
}

/** The answer page as HTML: the title and text escaped, no script, nothing from the request. */
export function callbackPageHtml(page: CallbackPage): string {
  const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)}</title></head><body><h1>${escape(page.title)}</h1><p>${escape(page.text)}</p></body></html>`;
}

/** What the listener answers a request with once the sign-in has its answer (or has ended): the tab is told so. */
export const SIGN_IN_OVER: CallbackPage = { status: 410, title: 'Sign-in over', text: `This sign-in has already ended. ${CLOSE_TAB}` };

// The edge's part of a browser sign-in (authorization code flow): a listener on 127.0.0.1 with a free port and the
// path /callback, the browser pointed at the sign-in page, and the wait for the redirect. The listener closes as soon
// as the answer arrives, the time runs out or the user cancels; what a request to it means is read by the core.
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callbackPageHtml, nodeHttp, readCallback, SIGN_IN_OVER, type AuthorizationBrowser, type BrowserOutcome, type BrowserSignInStep, type CallbackPage } from '../core';

/** How the edge shows the sign-in to the user: it opens (or prints) the address; `stopped` resolves with the reason if the user gives up or the browser cannot be opened. */
export type ShowSignIn = (address: string, step: BrowserSignInStep) => { stopped?: Promise<string>; done?: (outcome: BrowserOutcome) => void };

function answer(response: ServerResponse, page: CallbackPage): void {
  const html = callbackPageHtml(page);
  response.writeHead(page.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Content-Security-Policy': "default-src 'none'",
    'Cache-Control': 'no-store',
    // The page is the end of the redirect: the address (with the code) is not passed on to anything it links.
    'Referrer-Policy': 'no-referrer',
    Connection: 'close',
  });
  response.end(html);
}

/** A browser step for the token cache: each sign-in gets its own listener, shown to the user by `show`. */
export function loopbackBrowser(show: ShowSignIn): AuthorizationBrowser {
  return {
    signIn: (step) =>
      new Promise<BrowserOutcome>((resolve) => {
        let settled = false;
        let shown: ReturnType<ShowSignIn> | undefined;
        let timer: NodeJS.Timeout | undefined;
        const server = nodeHttp().createServer((request, response) => {
          if (settled) return answer(response, SIGN_IN_OVER);
          const reading = readCallback(request.method ?? '', request.url ?? '', step.state);
          answer(response, reading.page);
          if (reading.kind === 'code') finish({ ok: true, code: reading.code, redirectUri });
          else if (reading.kind === 'failed') finish({ ok: false, message: reading.message });
        });
        let redirectUri = '';
        const onAbort = (): void => finish({ ok: false, message: 'The sign-in was cancelled.' });
        function finish(outcome: BrowserOutcome): void {
          if (settled) return;
          settled = true;
          if (timer) clearTimeout(timer);
          step.signal?.removeEventListener('abort', onAbort);
          shown?.done?.(outcome);
          // Closed at once: nothing listens on the port after the answer, the time limit or a cancel.
          server.close();
          server.closeIdleConnections();
          resolve(outcome);
        }
        server.once('error', (error: Error) => finish({ ok: false, message: `No sign-in listener could be started on 127.0.0.1: ${error.message}` }));
        server.listen(0, '127.0.0.1', () => {
          if (settled) return void server.close();
          redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
          timer = setTimeout(() => finish({ ok: false, message: `No sign-in at ${step.signInAt} arrived within ${step.timeoutMs} ms; nothing was sent to ${step.tokenFor}. Send again and sign in in the browser.` }), step.timeoutMs);
          if (step.signal?.aborted) return onAbort();
          step.signal?.addEventListener('abort', onAbort, { once: true });
          shown = show(step.authorizationUrlFor(redirectUri), step);
          void shown.stopped?.then((reason) => finish({ ok: false, message: `${reason} Nothing was sent to ${step.tokenFor}.` }));
        });
      }),
  };
}

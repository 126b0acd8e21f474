// A test playing the user's browser through a sign-in on the demo realm: it opens the address the tool printed or
// opened, fills in the sign-in form (or cancels it), and follows each redirect, to the tool's loopback listener.
import assert from 'node:assert/strict';

export interface BrowserVisit {
  /** The listener's answer page (status and text), or undefined when the chain never reached it. */
  callback?: { status: number; text: string; url: string };
}

function hiddenFields(html: string): [string, string][] {
  const decode = (text: string): string => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  return [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m): [string, string] => [decode(m[1] ?? ''), decode(m[2] ?? '')]);
}

/** Signs in at the demo realm's page with `user` (or presses Cancel) and follows the redirects to the callback. */
export async function signInWithBrowser(address: string, user: { username: string; password: string } | 'cancel'): Promise<BrowserVisit> {
  const form = await fetch(address, { redirect: 'manual' });
  assert.equal(form.status, 200, `the sign-in page at ${address}`);
  const fields = hiddenFields(await form.text());
  const body = new URLSearchParams([...fields, ...(user === 'cancel' ? [['cancel', '1']] : [['username', user.username], ['password', user.password]])]);
  let response = await fetch(address, { method: 'POST', body, redirect: 'manual' });
  let at = address;
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
    at = new URL(response.headers.get('location') ?? '', at).href;
    response = await fetch(at, { redirect: 'manual' });
    if (new URL(at).pathname === '/callback') return { callback: { status: response.status, text: await response.text(), url: at } };
  }
  return {};
}

/** The sign-in address a command printed on standard error (the indented line after "open"). */
export function printedAddress(stderr: string): string | undefined {
  return /^ {2}(http\S+)$/m.exec(stderr)?.[1];
}

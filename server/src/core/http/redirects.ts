// Which redirects are followed, and what goes on with them: https never falls back to http, a secret in the
// address stays with its origin, and credentials are not sent to another origin.
import { secretForms } from './redact';
import type { RedirectFollowed } from './types';

/** Statuses that redirect (300 and 304 carry a Location without asking to follow it). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials whatever their value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * Whether a text holds a secret in any form a request may carry it, anywhere in it, however short: what may
 * leave the origin is decided on the safe side (showing a result uses the finer rule of redactText).
 */
function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.length > 0 && secretForms(secrets).some((form) => text.includes(form));
}

/** The headers without credentials: the fixed credential headers, and any header whose value holds a secret. */
function withoutCredentials(headers: [string, string][], secrets: readonly string[]): [string, string][] {
  return headers.filter(([name, value]) => !CREDENTIAL_HEADERS.has(name.toLowerCase()) && !holdsSecret(value, secrets));
}

/** Why a redirect is not followed, or undefined when it may be. */
export function refusedRedirect(from: URL, to: URL, secrets: readonly string[]): string | undefined {
  if (from.protocol === 'https:' && to.protocol !== 'https:') {
    return `${from.origin} redirected to ${to.origin}, which is not encrypted; the redirect was not followed. Use the https address the service means, or ask its owner to redirect to https.`;
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return `${from.origin} redirected to a ${to.protocol} address; only http and https redirects are followed.`;
  if (to.origin !== from.origin && holdsSecret(to.href, secrets)) {
    return `${from.origin} redirected to ${to.origin} with a secret in the address; the redirect was not followed, so the secret stays with ${from.origin}.`;
  }
  return undefined;
}

/**
 * The headers the next request of a redirect carries: all of them on the first origin; away from it, none that
 * holds a credential. Once withheld, credentials stay withheld, even if a later redirect comes back. The step is
 * marked when something was withheld.
 */
export function headersAfterRedirect(headers: [string, string][], step: RedirectFollowed, firstOrigin: string, secrets: readonly string[]): [string, string][] {
  if (new URL(step.to).origin === firstOrigin) return headers;
  const kept = withoutCredentials(headers, secrets);
  if (kept.length < headers.length) step.credentialsWithheld = true;
  return kept;
}

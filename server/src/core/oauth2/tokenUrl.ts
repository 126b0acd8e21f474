// Where OAuth2 credentials may be sent: the token endpoint (client secret, password, code) and the sign-in page
// the browser opens (the user's own password is typed there). One rule for the lint rule, the environments file
// and the sign-in itself, so what lints clean is what runs.
import { rememberedByText } from '../rememberedByText';

/** Hosts on this machine: a token endpoint there may use plain http (no one else can read the traffic). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why a sign-in address cannot be used, or undefined when it can. */
function signInUrlProblem(address: string, what: string, example: string, carried: string): string | undefined {
  if (!URL.canParse(address)) return `"${address}" is not an absolute URL. Write the ${what} in full, e.g. "${example}".`;
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `The ${what} must be an https URL, not ${url.protocol}.`;
  if (url.hash !== '' || address.includes('#')) return `A ${what} has no fragment (#...); remove it.`;
  if (url.username !== '' || url.password !== '') return `Credentials do not belong in the ${what} URL; secrets are named in 'secret'.`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return `${carried} would travel unencrypted to ${url.host}. Use https (plain http is allowed only on this machine: localhost, 127.0.0.1, ::1).`;
  }
  return undefined;
}

/** Why a token URL cannot be used (client secrets, passwords and codes are sent there), or undefined when it can. */
export const tokenUrlProblem = rememberedByText((tokenUrl: string): string | undefined =>
  signInUrlProblem(tokenUrl, 'token endpoint', 'https://login.example.com/realms/ifs/protocol/openid-connect/token', 'The client secret, password or code'),
);

/** The parameters each sign-in sets itself: a file that sets one could send the browser's answer elsewhere. */
const SIGN_IN_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

/** Why an authorization URL cannot be used (the browser signs in there, the user's password is typed there), or undefined when it can. */
export const authorizationUrlProblem = rememberedByText((authorizationUrl: string): string | undefined => {
  const problem = signInUrlProblem(authorizationUrl, 'authorization endpoint', 'https://login.example.com/realms/ifs/protocol/openid-connect/auth', "The user's sign-in");
  if (problem) return problem;
  const set = SIGN_IN_PARAMETERS.filter((name) => new URL(authorizationUrl).searchParams.has(name));
  return set.length > 0 ? `The authorization endpoint's address sets ${set.map((n) => `'${n}'`).join(', ')}, which each sign-in sets itself; remove ${set.length > 1 ? 'them' : 'it'} (a client id and scope belong in 'clientId' and 'scope').` : undefined;
});

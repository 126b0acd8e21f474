// Where an OAuth2 client secret may be sent. One rule for the lint rule, the environments file and the token
// request itself, so what lints clean is what runs.

/** Hosts on this machine: a token endpoint there may use plain http (no one else can read the traffic). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why a token URL cannot be used (the client secret is sent there), or undefined when it can. */
export function tokenUrlProblem(tokenUrl: string): string | undefined {
  if (!URL.canParse(tokenUrl)) return `"${tokenUrl}" is not an absolute URL. Write the token endpoint in full, e.g. "https://login.example.com/realms/ifs/protocol/openid-connect/token".`;
  const url = new URL(tokenUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `The token endpoint must be an https URL, not ${url.protocol}.`;
  if (url.hash !== '' || tokenUrl.includes('#')) return 'A token endpoint has no fragment (#...); remove it.';
  if (url.username !== '' || url.password !== '') return 'Credentials do not belong in the token URL; the client secret is a named secret.';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return `The client secret would travel unencrypted to ${url.host}. Use https (plain http is allowed only on this machine: localhost, 127.0.0.1, ::1).`;
  }
  return undefined;
}

// Which origins a stored secret may go to. A connector file names where requests go, and a file can change in a
// pull request or arrive in a cloned repository: a secret the user gave for one origin is sent to another only
// after the user confirms it there. Pure, so the decisions are tested without VS Code.

/**
 * A secret as kept in secret storage: its value and the origins (scheme://host[:port]) it was confirmed for. An
 * OAuth2 client secret also keeps the origins its tokens were confirmed for: the secret goes to the token endpoint,
 * the token it yields to the service, and each is a decision of its own.
 */
export interface StoredSecret {
  value: string;
  origins: string[];
  tokenOrigins?: string[];
}

/** Marks the stored form; a value without it was stored before origins were kept, and is confirmed for none. */
const STORED_PREFIX = 'connector-secret:v1:';

/** Reads what secret storage holds under a secret's key; undefined when nothing is stored. */
export function readStoredSecret(raw: string | undefined): StoredSecret | undefined {
  if (raw === undefined) return undefined;
  if (!raw.startsWith(STORED_PREFIX)) return { value: raw, origins: [] };
  try {
    const parsed = JSON.parse(raw.slice(STORED_PREFIX.length)) as Partial<StoredSecret>;
    if (typeof parsed.value !== 'string') return undefined;
    const origins = Array.isArray(parsed.origins) ? parsed.origins.filter((o): o is string => typeof o === 'string') : [];
    const tokenOrigins = Array.isArray(parsed.tokenOrigins) ? parsed.tokenOrigins.filter((o): o is string => typeof o === 'string') : [];
    return { value: parsed.value, origins, ...(tokenOrigins.length ? { tokenOrigins } : {}) };
  } catch {
    return undefined;
  }
}

/** The text kept in secret storage for a secret. */
export function writeStoredSecret(secret: StoredSecret): string {
  return STORED_PREFIX + JSON.stringify({ value: secret.value, origins: [...new Set(secret.origins)], ...(secret.tokenOrigins?.length ? { tokenOrigins: [...new Set(secret.tokenOrigins)] } : {}) });
}

/** What to do when a request for `origin` needs the secret. */
export type SecretUse =
  | { kind: 'send'; value: string }
  /** Nothing stored: ask for the value; giving it for this origin confirms the origin. */
  | { kind: 'ask-value' }
  /** Stored, but not confirmed for this origin (or, OAuth2, its token not for `tokenFor`): ask the user (modal) first. */
  | { kind: 'confirm-origin'; value: string; confirmedFor: string[]; tokenConfirmedFor?: string[] };

/** Decides whether a stored secret may be sent to an origin (and its token to `tokenFor`) as it is, or what must be asked first. */
export function secretUse(stored: StoredSecret | undefined, origin: string, tokenFor?: string): SecretUse {
  if (!stored || stored.value === '') return { kind: 'ask-value' };
  const tokenOk = tokenFor === undefined || (stored.tokenOrigins ?? []).includes(tokenFor);
  if (stored.origins.includes(origin) && tokenOk) return { kind: 'send', value: stored.value };
  return { kind: 'confirm-origin', value: stored.value, confirmedFor: stored.origins, ...(tokenFor !== undefined ? { tokenConfirmedFor: stored.tokenOrigins ?? [] } : {}) };
}

/** The stored secret, now confirmed for one more origin (and, OAuth2, its tokens for one more). */
export function withOrigin(stored: StoredSecret, origin: string, tokenFor?: string): StoredSecret {
  const tokenOrigins = tokenFor === undefined ? stored.tokenOrigins : [...(stored.tokenOrigins ?? []).filter((o) => o !== tokenFor), tokenFor];
  return { value: stored.value, origins: [...stored.origins.filter((o) => o !== origin), origin], ...(tokenOrigins?.length ? { tokenOrigins } : {}) };
}

/** The question asked before a secret goes to an origin it was not confirmed for (OAuth2: its token to `tokenFor`). */
export function confirmationMessage(name: string, origin: string, confirmedFor: readonly string[], file: string, tokenFor?: string, tokenConfirmedFor: readonly string[] = []): { message: string; detail: string; send: string } {
  if (tokenFor !== undefined) {
    const before = confirmedFor.length === 0 && tokenConfirmedFor.length === 0
      ? 'It has not been confirmed for any address yet.'
      : `It was confirmed for signing in at ${confirmedFor.join(', ') || 'no address'}, its tokens for ${tokenConfirmedFor.join(', ') || 'no address'}.`;
    return {
      message: `Sign in at ${origin} with the client secret '${name}', and send the token to ${tokenFor}?`,
      detail: `${file} sends the client secret '${name}' to the token endpoint ${origin} and the token it gets to ${tokenFor}. ${before} A connector file decides where requests go: go on only if you trust both addresses.`,
      send: 'Sign in and send',
    };
  }
  const before = confirmedFor.length === 0 ? 'It has not been confirmed for any address yet.' : `It was confirmed for ${confirmedFor.join(', ')} only.`;
  return {
    message: `Send the secret '${name}' to ${origin}?`,
    detail: `${file} sends the secret '${name}' to ${origin}. ${before} A connector file decides where requests go: send it only if you trust this address.`,
    send: `Send to ${origin}`,
  };
}

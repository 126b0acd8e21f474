// Which origins a stored secret may go to. A connector file names where requests go, and a file can change in a
// pull request or arrive in a cloned repository: a secret the user gave for one origin is sent to another only
// after the user confirms it there. Pure, so the decisions are tested without VS Code.

/** A secret as kept in secret storage: its value and the origins (scheme://host[:port]) it was confirmed for. */
export interface StoredSecret {
  value: string;
  origins: string[];
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
    return { value: parsed.value, origins };
  } catch {
    return undefined;
  }
}

/** The text kept in secret storage for a secret. */
export function writeStoredSecret(secret: StoredSecret): string {
  return STORED_PREFIX + JSON.stringify({ value: secret.value, origins: [...new Set(secret.origins)] });
}

/** What to do when a request for `origin` needs the secret. */
export type SecretUse =
  | { kind: 'send'; value: string }
  /** Nothing stored: ask for the value; giving it for this origin confirms the origin. */
  | { kind: 'ask-value' }
  /** Stored, but not confirmed for this origin: ask the user (modal) before it goes there. */
  | { kind: 'confirm-origin'; value: string; confirmedFor: string[] };

/** Decides whether a stored secret may be sent to an origin as it is, or what must be asked first. */
export function secretUse(stored: StoredSecret | undefined, origin: string): SecretUse {
  if (!stored || stored.value === '') return { kind: 'ask-value' };
  if (stored.origins.includes(origin)) return { kind: 'send', value: stored.value };
  return { kind: 'confirm-origin', value: stored.value, confirmedFor: stored.origins };
}

/** The stored secret, now confirmed for one more origin. */
export function withOrigin(stored: StoredSecret, origin: string): StoredSecret {
  return { value: stored.value, origins: [...stored.origins.filter((o) => o !== origin), origin] };
}

/** The question asked before a secret goes to an origin it was not confirmed for. */
export function confirmationMessage(name: string, origin: string, confirmedFor: readonly string[], file: string): { message: string; detail: string; send: string } {
  const before = confirmedFor.length === 0 ? 'It has not been confirmed for any address yet.' : `It was confirmed for ${confirmedFor.join(', ')} only.`;
  return {
    message: `Send the secret '${name}' to ${origin}?`,
    detail: `${file} sends the secret '${name}' to ${origin}. ${before} A connector file decides where requests go: send it only if you trust this address.`,
    send: `Send to ${origin}`,
  };
}

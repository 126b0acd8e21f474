import { createHash } from 'node:crypto';
import type { TokenOutcome, TokenRequest, TokenSource } from '../oauth2/types';
import type { SendOptions } from './send';
import { fetchToken, type FetchedToken } from './tokenEndpoint';

/** How long a token is reused when the endpoint does not say how long it lives. */
export const DEFAULT_TOKEN_LIFETIME_MS = 60_000;
/** A token is replaced this long before it expires (or a tenth of its life, if shorter): a request must not arrive with a token that expired on the way. */
export const REFRESH_MARGIN_MS = 60_000;

interface Entry {
  token: string;
  refreshAt: number;
}

/** When a token issued at `now` stops being reused. */
export function refreshTime(now: number, expiresInMs: number | undefined): number {
  const lifetime = expiresInMs ?? DEFAULT_TOKEN_LIFETIME_MS;
  return now + lifetime - Math.min(REFRESH_MARGIN_MS, lifetime / 10);
}

/**
 * Tokens in memory, one per endpoint, client, scope and secret (a changed secret fetches a new token), reused
 * until shortly before they expire. Never written anywhere. Requests that need the same token at the same time
 * share one fetch.
 */
export class TokenCache {
  private readonly tokens = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<FetchedToken>>();
  private readonly refused = new Map<string, string>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly fetch: (request: TokenRequest, options: SendOptions) => Promise<FetchedToken> = fetchToken,
    /** A run of many requests (connector test) asks an endpoint that refused a client once only: repeating wrong credentials can lock the client. */
    private readonly askOnceAfterRefusal = false,
  ) {}

  private key(request: TokenRequest): string {
    // The secret's value is part of the key only as a hash: the map holds no copy of it.
    const secret = createHash('sha256').update(request.clientSecret).digest('hex');
    return JSON.stringify([request.tokenUrl, request.clientId, request.scope ?? '', request.clientAuthentication, secret]);
  }

  /** A token for the request, reused or fetched with these send options (deadline, cancellation). */
  async token(request: TokenRequest, options: SendOptions): Promise<TokenOutcome> {
    const key = this.key(request);
    const cached = this.tokens.get(key);
    if (cached && this.now() < cached.refreshAt) return { ok: true, token: cached.token, fromCache: true, refreshAt: cached.refreshAt };
    this.tokens.delete(key);
    const refusal = this.refused.get(key);
    if (refusal !== undefined) return { ok: false, message: `${refusal} (Not asked again in this run.)` };
    let fetching = this.pending.get(key);
    if (!fetching) {
      fetching = this.fetch(request, options).finally(() => this.pending.delete(key));
      this.pending.set(key, fetching);
    }
    const fetched = await fetching;
    if (!fetched.ok) {
      if (this.askOnceAfterRefusal) this.refused.set(key, fetched.message);
      return fetched;
    }
    const refreshAt = refreshTime(this.now(), fetched.expiresInMs);
    this.tokens.set(key, { token: fetched.token, refreshAt });
    return { ok: true, token: fetched.token, fromCache: false, refreshAt };
  }

  /** Forgets a token, so the next request fetches a new one. */
  forget(request: TokenRequest, token: string): void {
    const key = this.key(request);
    if (this.tokens.get(key)?.token === token) this.tokens.delete(key);
  }

  /** Forgets every token (e.g. a secret was cleared). */
  clear(): void {
    this.tokens.clear();
  }

  /** The cache as a token source for requests sent with these options. */
  source(options: SendOptions): TokenSource {
    return {
      token: (request) => this.token(request, options),
      forget: (request, token) => this.forget(request, token),
    };
  }
}

import { createHash } from 'node:crypto';
import type { AuthorizationBrowser, SignInStore, TokenOutcome, TokenRequest, TokenSource } from '../oauth2/types';
import { signInWithBrowser } from './browserSignIn';
import type { SendOptions } from './send';
import { fetchToken, type FetchedToken, type Grant } from './tokenEndpoint';

/** How long a token is reused when the endpoint does not say how long it lives. */
export const DEFAULT_TOKEN_LIFETIME_MS = 60_000;
/** A token is replaced this long before it expires (or a tenth of its life, if shorter): a request must not arrive with a token that expired on the way. */
export const REFRESH_MARGIN_MS = 60_000;

interface Entry {
  token: string;
  refreshAt: number;
  /** Given with the token (password and authorization code flows): traded for the next token without asking the user again. */
  refreshToken?: string;
}

/** When a token issued at `now` stops being reused. */
export function refreshTime(now: number, expiresInMs: number | undefined): number {
  const lifetime = expiresInMs ?? DEFAULT_TOKEN_LIFETIME_MS;
  return now + lifetime - Math.min(REFRESH_MARGIN_MS, lifetime / 10);
}

/** What an edge gives the cache for the authorization code flow: the browser step (without one, that flow cannot sign in) and where sign-ins outlive the process. */
export interface SignInEdge {
  browser?: AuthorizationBrowser;
  store?: SignInStore;
  /** How long a browser sign-in may take (default: the request's timeout, as --timeout on the command line). */
  browserTimeoutMs?: number;
}

/** How a token request is sent (the token endpoint module, or a test's stand-in). */
export type TokenFetcher = (request: TokenRequest, options: SendOptions, grant?: Grant) => Promise<FetchedToken>;

/**
 * Tokens in memory, one per endpoint, client, flow, scope and secrets (a changed secret fetches a new token; a browser
 * sign-in is kept for the origin it was made for), reused until shortly before they expire and then refreshed with the
 * refresh token when there is one. Never written anywhere. Requests that need the same token at the same time share
 * one fetch (and one browser sign-in).
 */
export class TokenCache {
  private readonly tokens = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<FetchedToken>>();
  private readonly refused = new Map<string, string>();
  /** Counts clear(): a token that arrives for a request made before the last clear is used for that request, not kept. */
  private cleared = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly fetch: TokenFetcher = fetchToken,
    /** A run of many requests (connector test) asks an endpoint that refused a client once only: repeating wrong credentials can lock the client. */
    private readonly askOnceAfterRefusal = false,
    private readonly edge: SignInEdge = {},
  ) {}

  private key(request: TokenRequest): string {
    // Secret values are part of the key only as a hash: the map holds no copy of them.
    const hash = (value: string | undefined): string => (value === undefined ? '' : createHash('sha256').update(value).digest('hex'));
    const who = request.flow === 'password' ? [request.username, hash(request.password.value)] : request.flow === 'authorizationCode' ? [request.authorizationUrl, request.tokenFor] : [];
    return JSON.stringify([request.flow, request.tokenUrl, request.client.clientId, request.scope ?? '', request.client.authentication, hash(request.client.secret?.value), ...who]);
  }

  /** A new token: the refresh token traded when there is one (falling back to a new sign-in if it is refused), else the flow's own sign-in. */
  private async obtain(request: TokenRequest, options: SendOptions, refreshToken: string | undefined): Promise<FetchedToken> {
    if (refreshToken !== undefined) {
      const refreshed = await this.fetch(request, options, { type: 'refresh_token', refreshToken });
      if (refreshed.ok) return { ...refreshed, refreshToken: refreshed.refreshToken ?? refreshToken };
    }
    if (request.flow === 'authorizationCode') return signInWithBrowser(request, this.edge.browser, options, this.edge.browserTimeoutMs ?? options.timeoutMs, this.fetch);
    return this.fetch(request, options);
  }

  /** A browser sign-in kept by the edge (the editor's secret storage), when there is one for this request. */
  private async stored(request: TokenRequest): Promise<Entry | undefined> {
    if (request.flow !== 'authorizationCode' || !this.edge.store) return undefined;
    const kept = await this.edge.store.load(request);
    return kept ? { token: kept.accessToken, refreshAt: kept.refreshAt, ...(kept.refreshToken !== undefined ? { refreshToken: kept.refreshToken } : {}) } : undefined;
  }

  /** Keeps a browser sign-in with the edge too, so that it outlives the process. */
  private keep(request: TokenRequest, entry: Entry): void {
    if (request.flow !== 'authorizationCode' || !this.edge.store) return;
    void this.edge.store.save(request, { accessToken: entry.token, refreshAt: entry.refreshAt, ...(entry.refreshToken !== undefined ? { refreshToken: entry.refreshToken } : {}) });
  }

  /** A token for the request, reused, refreshed or fetched with these send options (deadline, cancellation). */
  async token(request: TokenRequest, options: SendOptions): Promise<TokenOutcome> {
    const key = this.key(request);
    const clearedBefore = this.cleared;
    let cached = this.tokens.get(key);
    if (!cached) {
      cached = await this.stored(request);
      if (cached && clearedBefore === this.cleared) this.tokens.set(key, cached);
    }
    if (cached && this.now() < cached.refreshAt) return { ok: true, token: cached.token, fromCache: true, refreshAt: cached.refreshAt };
    this.tokens.delete(key);
    const refusal = this.refused.get(key);
    if (refusal !== undefined) return { ok: false, message: `${refusal} (Not asked again in this run.)` };
    let fetching = this.pending.get(key);
    if (!fetching) {
      const started: Promise<FetchedToken> = this.obtain(request, options, cached?.refreshToken).finally(() => {
        // Only its own entry: after a clear() another fetch for the same key may be pending, and others must share it.
        if (this.pending.get(key) === started) this.pending.delete(key);
      });
      fetching = started;
      this.pending.set(key, fetching);
    }
    const fetched = await fetching;
    if (!fetched.ok) {
      if (this.askOnceAfterRefusal && clearedBefore === this.cleared) this.refused.set(key, fetched.message);
      return fetched;
    }
    const refreshAt = refreshTime(this.now(), fetched.expiresInMs);
    const entry: Entry = { token: fetched.token, refreshAt, ...(fetched.refreshToken !== undefined ? { refreshToken: fetched.refreshToken } : {}) };
    if (clearedBefore === this.cleared && this.tokens.get(key)?.token !== fetched.token) {
      this.tokens.set(key, entry);
      this.keep(request, entry);
    }
    return { ok: true, token: fetched.token, fromCache: false, refreshAt };
  }

  /** Forgets a token, so the next request gets a new one (by the refresh token when there is one). */
  forget(request: TokenRequest, token: string): void {
    const key = this.key(request);
    const entry = this.tokens.get(key);
    if (entry?.token !== token) return;
    const expired = { ...entry, refreshAt: 0 };
    this.tokens.set(key, expired);
    this.keep(request, expired);
  }

  /** Forgets every token, refusal and sign-in in flight (Sign Out): the next request signs in again. */
  clear(): void {
    this.tokens.clear();
    this.pending.clear();
    this.refused.clear();
    this.cleared++;
  }

  /** The cache as a token source for requests sent with these options. */
  source(options: SendOptions): TokenSource {
    return {
      token: (request) => this.token(request, options),
      forget: (request, token) => this.forget(request, token),
    };
  }
}

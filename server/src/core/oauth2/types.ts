/** What a client-credentials token request needs: the endpoint, the client and how it signs in, and the scopes. */
export interface TokenRequest {
  tokenUrl: string;
  clientId: string;
  /** The client secret's value; it goes to tokenUrl's origin only. */
  clientSecret: string;
  /** The secret's name, for messages. */
  secretName: string;
  scope?: string;
  clientAuthentication: 'basic' | 'body';
}

/** A token, or why there is none (the endpoint's status, `error` and `error_description`, or the network's reason). */
export type TokenOutcome =
  | { ok: true; token: string; /** Reused from memory rather than fetched now. */ fromCache: boolean; /** When it stops being reused (ms since epoch). */ refreshAt: number }
  | { ok: false; message: string };

/** Hands out tokens for requests: fetched when needed, reused while fresh. Supplied by the edge that sends. */
export interface TokenSource {
  token(request: TokenRequest): Promise<TokenOutcome>;
  /** Forgets a token the service refused (401), so the next request fetches a new one. */
  forget(request: TokenRequest, token: string): void;
}

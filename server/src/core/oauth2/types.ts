/** The OAuth2 flows a connector can sign in with. */
export const OAUTH2_FLOWS = ['clientCredentials', 'password', 'authorizationCode'] as const;
export type OAuth2Flow = (typeof OAUTH2_FLOWS)[number];

/** A secret's value and the name it is known by (messages and copied commands name it, never the value). */
export interface NamedSecret {
  value: string;
  name: string;
}

/** The connector's client at the identity provider: its id, its secret (absent for a public client) and how it signs in at the token endpoint. */
export interface OAuthClient {
  clientId: string;
  secret?: NamedSecret;
  authentication: 'basic' | 'body';
}

interface GrantCommon {
  tokenUrl: string;
  client: OAuthClient;
  scope?: string;
}

/** Client credentials (RFC 6749, 4.4): the connector signs in as itself. */
export interface ClientCredentialsSignIn extends GrantCommon {
  flow: 'clientCredentials';
}

/** Resource owner password credentials (RFC 6749, 4.3): a user name and the password from a secret. */
export interface PasswordSignIn extends GrantCommon {
  flow: 'password';
  username: string;
  password: NamedSecret;
}

/** Authorization code with PKCE (RFC 6749, 4.1; RFC 7636): the user signs in in a browser. */
export interface AuthorizationCodeSignIn extends GrantCommon {
  flow: 'authorizationCode';
  authorizationUrl: string;
  /** The origin the token is sent to: a browser sign-in is kept for that origin only. */
  tokenFor: string;
}

/** What a token request needs, by flow. */
export type TokenRequest = ClientCredentialsSignIn | PasswordSignIn | AuthorizationCodeSignIn;

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

/** What a browser sign-in brought back: the code and the redirect URI it was sent to (the token request repeats it), or why there is none. */
export type BrowserOutcome = { ok: true; code: string; redirectUri: string } | { ok: false; message: string };

/** One browser sign-in as the core asks the edge for it. */
export interface BrowserSignInStep {
  /** The address to open, given the redirect URI of the listener the edge started (`http://127.0.0.1:<port>/callback`). */
  authorizationUrlFor(redirectUri: string): string;
  /** The state the callback must carry. */
  state: string;
  /** The sign-in page's origin, the origin the token goes to and the client, for what the edge tells the user. */
  signInAt: string;
  tokenFor: string;
  clientId: string;
  /** How long to wait for the browser. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The edge's part of the authorization code flow: a loopback listener on 127.0.0.1 (a free port, path /callback),
 * the browser opened on the address, the wait for the redirect, the listener closed. The core checks the rest.
 */
export interface AuthorizationBrowser {
  /** The code the redirect brought (its state checked by the listener), or why there is none; never throws. */
  signIn(step: BrowserSignInStep): Promise<BrowserOutcome>;
}

/** A browser sign-in as an edge keeps it beyond the process (the editor's secret storage): the tokens and when the access token stops being used. */
export interface StoredSignIn {
  accessToken: string;
  refreshAt: number;
  refreshToken?: string;
}

/** Where an edge keeps browser sign-ins, by token endpoint, client, scope and the origin the token is for; absent: memory only. Never throws. */
export interface SignInStore {
  load(request: AuthorizationCodeSignIn): Promise<StoredSignIn | undefined>;
  save(request: AuthorizationCodeSignIn, signIn: StoredSignIn): Promise<void>;
}

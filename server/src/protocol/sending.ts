// Messages for sending one operation: its inputs, the request built (preview) and sent, the secrets it asks the
// extension for, and what the result panel shows of one sending.
import type { EtagFollowUp, InputDescription, OperationSummary, PortableResult } from '../core';
import type { SealedSecret } from '../secretSeal';

/** client → server: the operations of a connector file. */
export const LIST_OPERATIONS = 'connector/listOperations';
export interface ListOperationsParams { uri: string }
export type ListOperationsResult = OperationSummary[];

/** client → server: what an operation asks for, and the values its values file holds for it. */
export const DESCRIBE_OPERATION = 'connector/describeOperation';
export interface DescribeOperationParams { uri: string; operationId: string }
export interface DescribeOperationResult {
  inputs: InputDescription[];
  /**
   * `NAME.values.json` beside the connector, when it has an entry for the operation: sending uses it. Its
   * `problems` are the operation's own (they stop sending); `warnings` are other entries' problems.
   */
  valuesFile?: { uri: string; problems: string[]; warnings: string[] };
  /** Problems that stop sending (lint errors in the connector file), as `line:column message` lines. */
  blockers: string[];
}

/**
 * Which values a request is built from: the values file's entry, or what the user typed for each input (read
 * by the server exactly as `connector request --value` reads them).
 */
export type ValuesChoice = { valuesFile: true } | { entered: Record<string, string> };

/** The request as shown to the user: secrets already redacted. */
export interface RequestPreview {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body as sent, files shown by name and size. */
  body?: string;
  warnings: string[];
  /** A curl command doing the same; secrets as $CONNECTOR_SECRET_ references. */
  curl: string;
  /** Every origin that receives a credential with this request, and what it receives: an OAuth2 token endpoint first. */
  credentials: { origin: string; what: string }[];
  /** OAuth2: the token request sent first, as text (secrets redacted); absent when a token from memory was used. */
  tokenRequest?: string;
  /** Everything the request sends as text, the token request first (what Preview Request shows). */
  text: string;
}

/** client → server: build (and not send) the request, for Preview Request and Copy as cURL. */
export const PREVIEW_REQUEST = 'connector/previewRequest';
export interface PreviewRequestParams { uri: string; operationId: string; values: ValuesChoice; /** The active environment, by name. */ environment?: string }
export type PreviewRequestResult = { ok: true; preview: RequestPreview } | { ok: false; problems: string[] };

/** client → server: build and send; cancelling the LSP request aborts it on the wire. */
export const SEND_REQUEST = 'connector/sendRequest';
export interface SendRequestParams {
  uri: string;
  operationId: string;
  values: ValuesChoice;
  timeoutMs?: number;
  /** The active environment, by name. */
  environment?: string;
  /** Read every page (the panel's All pages), at most this many. */
  maxPages?: number;
  /** Send the request to this page instead (the panel's Next page): a next link a result offered, on the request's own origin. */
  pageUrl?: string;
}
export type SendRequestResult = ({ ok: true } & SentView) | { ok: false; problems: string[] };

/**
 * server → client: a secret's value by the name the connector gives, for the origin the request goes to; null
 * when it is not set or the user does not confirm that origin. The value travels sealed (see secretSeal.ts),
 * never in clear, so that tracing the connection cannot show it.
 */
export const GET_SECRET = 'connector/getSecret';
export interface GetSecretParams {
  name: string;
  /** Where the request sends the secret: scheme://host[:port]. */
  origin: string;
  /** The connector file that asks. */
  uri: string;
  /** This request's one-time public key: the answer is sealed to it. */
  publicKey: string;
  /** OAuth2: the secret is a client secret sent to `origin` (the token endpoint); the token it yields goes to this origin. */
  tokenFor?: string;
}
export type GetSecretResult = SealedSecret | null;

/** What the result panel shows about one sending, already redacted. */
export interface SentView {
  preview: RequestPreview;
  /** The data as exact JSON text: JSON-RPC would carry its numbers as doubles. */
  result: PortableResult;
  rawText: string;
  responseHeaders: Record<string, string>;
  /** The values it was sent with (JSON text, every digit kept): "Save as expectation" writes them. */
  valuesJson: string;
  /** OAuth2: where the token came from and whether it was reused. */
  signIn?: { tokenUrl: string; clientId: string; fromCache: boolean };
  /** With a response structure: what it drops from the answer and what it expects that the answer lacks. */
  structure?: { dropped: string[]; missing: string[] };
  /** Sent by an OData Custom request, answered with JSON: the answer can become its response structure. */
  canUseAsStructure?: true;
  /** The answer links a next page on the request's origin (OData @odata.nextLink or Link rel="next"): its address, resolved. */
  nextPageUrl?: string;
  /** The answer has an ETag: the file's Custom requests it can be sent with next (If-Match), with their prompts' first texts. */
  etagFollowUps?: EtagFollowUp[];
}

/** The server's own Send Request, run through `workspace/executeCommand` by clients other than the VS Code extension: arguments [uri, operationId]. */
export const SEND_REQUEST_COMMAND = 'connector.sendRequest';

/**
 * server → client: an OAuth2 browser sign-in (authorization code) waits for the user. The client opens `address` in
 * the browser and says so in a notification with a Cancel button; it answers when the user cancels or the browser
 * cannot be opened, or with 'closed' once the server says the sign-in ended (BROWSER_SIGN_IN_ENDED).
 */
export const BROWSER_SIGN_IN = 'connector/browserSignIn';
export interface BrowserSignInParams {
  /** This sign-in, for the ended notification. */
  id: string;
  /** The identity provider's sign-in page with this sign-in's parameters (no secret: the PKCE verifier stays in the server). */
  address: string;
  /** The sign-in page's origin, the origin the token is for and the client, for the notification's text. */
  signInAt: string;
  tokenFor: string;
  clientId: string;
}
export interface BrowserSignInResult { ended: 'cancelled' | 'not-opened' | 'closed' }

/** server → client: the browser sign-in `id` ended (signed in, timed out or failed): its notification goes away. */
export const BROWSER_SIGN_IN_ENDED = 'connector/browserSignInEnded';
export interface BrowserSignInEndedParams { id: string }

/** Which browser sign-in is kept: the token endpoint, the client, the scopes and the origin the token is for. */
export interface SignInKeyParams { tokenUrl: string; clientId: string; scope: string; tokenFor: string }

/**
 * server → client: the browser sign-in kept in the editor's secret storage for `key`, sealed to `publicKey` (the
 * server's one-time key, as GET_SECRET's answer is), or null. The tokens never cross the connection in clear.
 */
export const LOAD_SIGN_IN = 'connector/loadSignIn';
export interface LoadSignInParams { key: SignInKeyParams; publicKey: string }
export type LoadSignInResult = SealedSecret | null;

/** server → client: a one-time public key of the editor's, to seal a sign-in to for SAVE_SIGN_IN. */
export const SIGN_IN_SEAL_KEY = 'connector/signInSealKey';
export interface SignInSealKeyResult { publicKey: string }

/** server → client: keep this browser sign-in in secret storage; `sealed` is sealed to `to`, a key from SIGN_IN_SEAL_KEY. */
export const SAVE_SIGN_IN = 'connector/saveSignIn';
export interface SaveSignInParams { key: SignInKeyParams; to: string; sealed: SealedSecret }

/** client → server: Sign Out. The server forgets every token it holds in memory; the client removes the sign-ins it keeps. */
export const SIGN_OUT = 'connector/signOut';
export interface SignOutResult { forgotten: true }

/** The name a kept sign-in is sealed under: bound to its key, so a sealed sign-in opens for no other. */
export function signInSealName(key: SignInKeyParams): string {
  return `sign-in ${JSON.stringify([key.tokenUrl, key.clientId, key.scope, key.tokenFor])}`;
}

/** Whether a message's key has the shape of a sign-in key. */
export function isSignInKey(value: unknown): value is SignInKeyParams {
  const v = value as Partial<SignInKeyParams> | null;
  return typeof v === 'object' && v !== null && typeof v.tokenUrl === 'string' && typeof v.clientId === 'string' && typeof v.scope === 'string' && typeof v.tokenFor === 'string';
}

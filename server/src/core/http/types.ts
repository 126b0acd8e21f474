// What goes on the wire and what comes back: a request ready to send, its body and files, where its credentials
// are, the response as received and the result a workflow would receive. The request side builds these; sending,
// showing and redacting read them.
import type { JsonValue } from '../tree';
import type { ExactJson } from '../values/exactJson';
import type { OAuth2Flow } from '../oauth2/types';
import type { Method, MetadataLevel, ODataBatchFormat, ODataOperation } from '../vocabulary';

/** A file a request sends or reads, found by the file step: as the value named it, where it is, how large. */
export interface FileRef {
  /** The path as the value or the connector wrote it. */
  given: string;
  /** The absolute path after symlinks, inside the allowed folders. */
  path: string;
  size: number;
  /** Which file was checked (fileIdentity): the file read or sent later must be this one. */
  identity: string;
}

/** A multipart form part: a plain field, or a file streamed from disk. */
export type MultipartPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; file: FileRef; contentType: string };

/** The body of a built request. Files are named and measured, and only read when sent. */
export type RequestBody =
  | { kind: 'text'; text: string; /** The body file the text was read from: previews name it instead of showing it. */ fromFile?: string }
  | { kind: 'file'; file: FileRef }
  | { kind: 'multipart'; boundary: string; parts: MultipartPart[] };

/** How the result of this request is to be shaped (the format page's 'Result of sending'). */
export type ResultShaping =
  | { kind: 'rest' }
  | {
      kind: 'odata';
      operation: ODataOperation;
      responseStructure?: JsonValue;
      includeHeaders: boolean;
      includeEntityDescriptor: boolean;
      metadataLevel: MetadataLevel;
    }
  /** An OData $batch: each part shaped as its Custom request's result would be. */
  | { kind: 'odataBatch'; format: ODataBatchFormat; parts: BatchPartShaping[]; includeHeaders: boolean };

/** How one part of a batch is shaped: the Custom request it came from, its change set, its own shaping. */
export interface BatchPartShaping {
  requestId: string;
  changeSet?: string;
  shaping: ResultShaping;
}

/** Where the connector's authorization put a secret, so a copied command can name it instead of showing it. */
export type SecretPlacement =
  | { kind: 'header'; header: string; prefix: string; secretName: string }
  | { kind: 'query'; parameter: string; secretName: string }
  | { kind: 'basic'; username: string; secretName: string }
  /** An OAuth2 token request: secrets in form fields (client secret, password, code, verifier, refresh token), and the client's Basic authorization when `basic`. */
  | { kind: 'tokenForm'; fields: string[]; basic: boolean }
  /**
   * A bearer token from `tokenUrl`, obtained by `flow`: the client secret `secretName` (absent for a public client),
   * the user's password secret (`password`), or a browser sign-in at `authorizationUrl`.
   */
  | { kind: 'oauth2'; flow: OAuth2Flow; tokenUrl: string; clientId: string; scope?: string; clientAuthentication: 'basic' | 'body'; secretName?: string; password?: { username: string; secretName: string }; authorizationUrl?: string };

/** How an OAuth2 request signed in: where its token came from, and whether it was reused from memory. */
export interface SignIn {
  tokenUrl: string;
  clientId: string;
  fromCache: boolean;
  /** When the token stops being reused (ms since epoch). */
  refreshAt: number;
  /** Forgets the token (the service refused it), so the next request fetches a new one; absent on shown copies. */
  forget?: () => void;
}

/** A request ready for the wire: what every view shows and what is sent are this one object. */
export interface BuiltRequest {
  method: Method;
  /** Absolute URL with path, matrix and query already encoded, exactly as the request target is sent. */
  url: string;
  /** In order, one entry per name (compared case-insensitively), Content-Length included when there is a body. */
  headers: [string, string][];
  body?: RequestBody;
  /** Secret values used in this request: every view of the request redacts them. */
  secrets: string[];
  /** Where the secret went, when authorization added one. */
  secretPlacement?: SecretPlacement;
  /** OAuth2: the token's origin and age. */
  signIn?: SignIn;
  /** OAuth2: the token request sent first for this request (a preview: the one that would be), for views to show; absent when a token from memory was used. */
  tokenRequest?: BuiltRequest;
  /** Problems that do not stop sending (e.g. constraint violations while enforcement is off). */
  warnings: string[];
  shaping: ResultShaping;
}

/** One redirect that was followed: its status, where it came from and where it led. */
export interface RedirectFollowed {
  status: number;
  from: string;
  to: string;
  /** Set when the redirect left the request's origin and the credentials were not sent on. */
  credentialsWithheld?: true;
}

/** A response as received: status, headers, body text (cut at the cap) and timing. */
export interface ReceivedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  /** The body was not valid UTF-8; invalid bytes were replaced. */
  invalidUtf8?: boolean;
  totalMs: number;
  /** Redirects followed before this response. */
  redirects?: RedirectFollowed[];
}

/** The result a workflow would receive (format page, 'Result of sending'). */
export interface ConnectorResult {
  status: number;
  errors: string[];
  warnings: string[];
  /** Read exactly: a number a double would not keep is a JsonNumber with the service's digits. */
  data?: ExactJson;
  headers?: Record<string, string>;
  entityDescriptor?: Record<string, ExactJson>;
  timing: { totalMs: number };
  /** Set when the body was cut at the size cap. */
  truncated?: boolean;
  /** Redirects followed on the way, in order; absent when there were none. */
  redirects?: RedirectFollowed[];
  /** How many pages were read, when all pages were asked for (their rows are concatenated in `data`). */
  pages?: number;
  /** A batch: what each entry of `data` answers (its Custom request and change set), for views that show one section per item. */
  batchItems?: { request: string; changeSet?: string }[];
}

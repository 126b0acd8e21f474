import type { Method, MetadataLevel, ODataOperation } from '../vocabulary';
import type { JsonValue } from '../tree';

/** Values a workflow's machine step would pass: parameter (or variable) name → value. */
export type SuppliedValues = Readonly<Record<string, JsonValue>>;

/** A multipart form part: a plain field, or a file streamed from disk. */
export type MultipartPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; path: string; contentType: string };

/** The body of a built request. Files are named by path and only read when sent. */
export type RequestBody =
  | { kind: 'text'; text: string }
  | { kind: 'file'; path: string }
  | { kind: 'multipart'; parts: MultipartPart[] };

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
    };

/** A request ready for the wire, built without I/O from a connector, an operation id and supplied values. */
export interface BuiltRequest {
  method: Method;
  /** Absolute URL with path, matrix and query already encoded. */
  url: string;
  /** In order; a name may repeat. Content-Type of a multipart body is set at send time (it holds the boundary). */
  headers: [string, string][];
  body?: RequestBody;
  /** Secret values used in this request: every view of the request redacts them. */
  secrets: string[];
  /** Problems that do not stop sending (e.g. constraint violations while enforcement is off). */
  warnings: string[];
  shaping: ResultShaping;
}

/** Why a request could not be built; nothing is sent. `path` names the value or setting at fault. */
export interface BuildProblem {
  code:
    | 'unknown-operation'
    | 'missing-value'
    | 'invalid-value'
    | 'unknown-value'
    | 'constraint-violated'
    | 'missing-secret'
    | 'invalid-connector'
    | 'invalid-url'
    | 'invalid-body';
  message: string;
  /** The parameter or variable name the problem is about, when there is one. */
  name?: string;
}

export type BuildOutcome = { ok: true; request: BuiltRequest } | { ok: false; problems: BuildProblem[] };

/** Looks up a secret value by the name the connector gives, for the origin it is to be sent to; undefined when it is not given. */
export type SecretProvider = (name: string, origin: string) => string | undefined | Promise<string | undefined>;

/** One redirect that was followed: its status, where it came from and where it led. */
export interface RedirectFollowed {
  status: number;
  from: string;
  to: string;
  /** Set when the redirect left the request's origin and the credentials were not sent on. */
  credentialsWithheld?: true;
}

/** The result a workflow would receive (format page, 'Result of sending'). */
export interface ConnectorResult {
  status: number;
  errors: string[];
  warnings: string[];
  data?: JsonValue;
  headers?: Record<string, string>;
  entityDescriptor?: Record<string, JsonValue>;
  timing: { totalMs: number };
  /** Set when the body was cut at the size cap. */
  truncated?: boolean;
  /** Redirects followed on the way, in order; absent when there were none. */
  redirects?: RedirectFollowed[];
}

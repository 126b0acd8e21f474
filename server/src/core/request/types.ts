import type { BuiltRequest } from '../http/types';
import type { ExactJson } from '../values/exactJson';

/** Values a workflow's machine step would pass: parameter (or variable) name → value (numbers may be kept exact). */
export type SuppliedValues = Readonly<Record<string, ExactJson>>;

/** Where a problem is: in the connector file or the values file, at an offset. */
export interface ProblemLocation {
  file: 'connector' | 'values';
  offset: number;
  length: number;
}

/** Why a request could not be built; nothing is sent. `name` names the value or setting at fault. */
export interface BuildProblem {
  code:
    | 'unknown-operation'
    | 'missing-value'
    | 'invalid-value'
    | 'unknown-value'
    | 'constraint-violated'
    | 'missing-secret'
    | 'secret-channel'
    | 'token-endpoint'
    | 'invalid-connector'
    | 'invalid-url'
    | 'invalid-body'
    | 'invalid-header'
    | 'file-outside-workspace'
    | 'file-unreadable';
  message: string;
  /** The parameter or variable name the problem is about, when there is one. */
  name?: string;
  /** The file path the problem is about (files outside the workspace, missing files). */
  path?: string;
  at?: ProblemLocation;
}

/** A built request, or every reason there is none. */
export type BuildOutcome = { ok: true; request: BuiltRequest } | { ok: false; problems: BuildProblem[] };

/**
 * Looks up a secret value by its name, for the origin it is to be sent to; undefined when it is not given. For an
 * OAuth2 client secret, `origin` is the token endpoint's and `tokenFor` the origin its token is sent to.
 */
export type SecretProvider = (name: string, origin: string, tokenFor?: string) => string | undefined | Promise<string | undefined>;

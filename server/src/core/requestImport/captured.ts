// One request as a curl command, a Postman collection or a browser's recording gave it, before it becomes an
// operation: every source is read into this shape, and one mapping (operation.ts) makes operations of it.
import type { ImportNote } from '../importing/notes';

/** A value that may stand for something the source left open: a shell variable, a Postman `{{variable}}`. */
export interface Hole {
  /** The variable's name as the source wrote it. */
  name: string;
  /** Its value, when the source gives one (a Postman collection variable); never a secret's. */
  example?: string;
}

/** A multipart part: a text field, or a file the source names (never read). */
export type CapturedPart =
  | { kind: 'field'; name: string; value: string; hole?: Hole }
  | { kind: 'file'; name: string; path?: string; filename?: string; contentType?: string };

/** A request body as the source gives it. */
export type CapturedBody =
  /** Text sent as it is (JSON, XML, plain text, or form-encoded text the mapping reads by its Content-Type). */
  | { kind: 'text'; text: string; /** Variables the text holds, by the placeholder text that stands for each. */ holes?: Record<string, Hole> }
  /** Form fields, not yet encoded. */
  | { kind: 'urlencoded'; fields: { name: string; value: string; hole?: Hole }[] }
  | { kind: 'multipart'; parts: CapturedPart[] }
  /** The content of a file the source names (`--data-binary @file`, `-T file`, Postman's file body): never read. */
  | { kind: 'file'; path: string };

/** How the source signs the request in. Secret values are here only to be kept out of every file; they are never written. */
export type CapturedAuth =
  | { kind: 'basic'; username: string; password?: string; passwordHole?: Hole }
  | { kind: 'bearer'; token?: string; tokenHole?: Hole }
  | { kind: 'apiKey'; in: 'header' | 'query'; name: string; value?: string; valueHole?: Hole }
  | { kind: 'oauth2'; tokenUrl: string; clientId: string; scope?: string; clientAuthentication: 'basic' | 'body'; clientSecret?: string; secretHole?: Hole }
  /** A scheme the platform cannot hold (digest, NTLM, AWS signature, OAuth 1.0, Hawk, ...): reported. */
  | { kind: 'unsupported'; scheme: string }
  | { kind: 'none' };

/** A query parameter as the URL holds it: the raw (still encoded) text, so repeated names and separators are seen. */
export interface CapturedQuery {
  name: string;
  /** Undefined for a bare name (`?flag`). */
  value?: string;
  hole?: Hole;
  /** Not sent (Postman's unticked parameters): imported as an optional parameter without an example. */
  disabled?: boolean;
  description?: string;
}

/** One request from a source. */
export interface CapturedRequest {
  /** Where it came from, for notes: `curl command 2`, `Pets / Get pet`, `entry 14`. */
  source: string;
  /** The id the operation should get, when the source names it (Postman's folder and request names, `--id`). */
  name?: string;
  summary?: string;
  description?: string;
  method: string;
  /** Scheme, host and port: `https://api.example.com`; empty when a variable gives it (`$BASE/pets`, `{{baseUrl}}/pets`). */
  origin: string;
  /** The path in pieces: text as written (still percent-encoded), and variables (`:id`, `{{id}}`, `$ID`). */
  path: ({ text: string } | { hole: Hole })[];
  /** Matrix parameters at the end of the path (`;lang=en`), encoded as written. */
  matrix: { name: string; value: string }[];
  query: CapturedQuery[];
  headers: { name: string; value: string; hole?: Hole; disabled?: boolean }[];
  body?: CapturedBody;
  auth?: CapturedAuth;
  /** What the source's reader already noted about this request. */
  notes: ImportNote[];
  /** Secret values seen in this request (credentials), so that no file, report or output can hold them. */
  secrets: string[];
}

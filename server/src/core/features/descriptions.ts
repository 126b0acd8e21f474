import { CONNECTOR_SCHEMA } from '../schema/compile';
import type { ObjectKind } from './context';

interface SchemaNode {
  description?: string;
  properties?: Record<string, SchemaNode>;
  enum?: unknown[];
}

const SCHEMA = CONNECTOR_SCHEMA as SchemaNode & { $defs: Record<string, SchemaNode> };

/** The schema definition that describes each kind of object. */
const DEFINITION_OF: Partial<Record<ObjectKind, SchemaNode | undefined>> = {
  root: SCHEMA,
  advanced: SCHEMA.properties?.advanced,
  authorization: SCHEMA.$defs.authorization,
  model: SCHEMA.$defs.model,
  operation: SCHEMA.$defs.restOperation,
  parameter: SCHEMA.$defs.parameter,
  items: SCHEMA.$defs.items,
  customRequest: SCHEMA.$defs.customRequest,
};

/** The properties a kind of object may have, with their descriptions (from the JSON Schema: one source of truth). */
export function propertiesOf(kind: ObjectKind): { name: string; description: string }[] {
  const definition = DEFINITION_OF[kind];
  return Object.entries(definition?.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .map(([name, schema]) => ({ name, description: schema.description ?? (schema as { $ref?: string }).$ref ?? '' }));
}

/** The description of one property of a kind of object. */
export function propertyDescription(kind: ObjectKind, property: string): string | undefined {
  const definition = DEFINITION_OF[kind];
  const schema = definition?.properties?.[property];
  if (schema?.description) return schema.description;
  const ref = (schema as { $ref?: string } | undefined)?.$ref?.split('/').pop();
  return ref ? SCHEMA.$defs[ref]?.description : undefined;
}

/** What each enumerated value means and does at run time. */
export const VALUE_DOCS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  location: {
    path: 'Replaces `{name}` in the path: `/pets/{petId}` → `/pets/7`.',
    query: 'Appended after `?`: `?name=value&...`.',
    form: 'Sent in a form body (urlencoded or multipart), per the Content-Type header.',
    body: 'The request body; at most one per operation, only on POST, PUT and PATCH.',
    header: 'Sent as an HTTP header.',
    matrix: 'Appended to the path before the query: `;name=value`.',
  },
  separation: {
    csv: 'Comma-separated: `name=a,b,c` (the default).',
    ssv: 'Space-separated: `name=a%20b%20c`.',
    tsv: 'Tab-separated: `name=a%09b%09c`.',
    pipes: 'Pipe-separated: `name=a|b|c`.',
    multi: 'Repeated once per item: `name=a&name=b&name=c`. Not allowed for path parameters.',
  },
  type: {
    string: 'Text. With format `date-time` the value must be RFC 3339 (read as UTC without an offset) and is sent in UTC.',
    integer: 'A whole number, 32-bit unless format `int64` (sent with all its digits).',
    number: 'A number, 64-bit unless format `float` (32-bit, sent as the shortest text of its 32-bit value).',
    boolean: '`true` or `false`.',
    object: 'An instance of a model, sent as JSON or XML per Content-Type. Body only.',
    file: 'A file sent as a multipart part named `unknown`. Form only, POST/PUT/PATCH, multipart/form-data.',
    fileGallery: 'A file gallery record (`Filename` + `Data`); the part carries its filename. Form only.',
    stream: 'Binary body data; Content-Type must be application/octet-stream. Body only.',
    computed: 'Built from other parameters by its `template` (`{{other}}`). Not in body.',
    array: 'A list, joined by its `separation` (or JSON in a body).',
  },
  method: { GET: 'Read.', POST: 'Create or run.', PUT: 'Replace.', PATCH: 'Update part of a resource.', DELETE: 'Remove.' },
  operation: {
    read: 'GET: read an entity or a collection.',
    create: 'POST: create an entity (can return the entity descriptor).',
    update: 'PATCH: change some properties of an entity (send If-Match).',
    replace: 'PUT: replace an entity (send If-Match).',
    delete: 'DELETE: remove an entity (send If-Match).',
    action: 'POST: call a bound or unbound action.',
    function: 'GET: call a function.',
    batch: 'POST to `$batch`: the Custom requests listed in `requests` sent together; items with the same `changeSet` succeed or fail together.',
  },
  format: {
    multipart: 'OData 4.0 multipart/mixed: every OData V4 service accepts it (the default).',
    json: 'OData 4.01 JSON batch: for services that support OData 4.01.',
  },
  parameterMode: {
    queryAndPath: "The url's query is parsed; `query` holds the options; path parameters may not be inside the query.",
    onlyPath: 'The query is not parsed: any part of the url, or all of it, may be a `{parameter}`.',
  },
  metadataLevel: {
    full: 'Most verbose; needed for the entity descriptor (`@odata.id`, `@odata.editLink`, ...).',
    minimal: 'The default; adds `@odata.etag` (use it for If-Match).',
    none: 'Raw data only; the fastest.',
  },
  scheme: {
    none: 'No authentication.',
    apiKey: 'An API key in a header or query parameter, from a secret.',
    basic: 'User name and password (from a secret), as `Authorization: Basic ...`.',
    bearer: 'A token from a secret, as `Authorization: Bearer ...`.',
    oauth2: 'A token fetched from `tokenUrl` (OAuth2: client credentials, a user name and password, or a browser sign-in), kept until shortly before it expires and then refreshed, sent as `Authorization: Bearer ...`.',
  },
  flow: {
    clientCredentials: 'The connector signs in as a client: client id and secret go to the token endpoint, which returns a token.',
    password: "A user signs in as themselves: `username` and the password in the secret named by `secret` go to the token endpoint (direct access grants), with the client's secret from `clientSecret` if it has one.",
    authorizationCode: 'The user signs in in a browser at `authorizationUrl` (PKCE); the code comes back to a listener on 127.0.0.1 and is traded for a token at `tokenUrl`. `secret` optionally names the client secret.',
  },
  clientAuthentication: {
    basic: 'Client id and secret in an `Authorization: Basic` header to the token endpoint (the default).',
    body: 'Client id and secret as `client_id` and `client_secret` in the token request body.',
  },
  kind: { rest: 'A REST connector: operations with parameters.', odata: 'An OData connector: Custom requests to a projection.' },
  in: { header: 'Send the API key as a header.', query: 'Send the API key as a query parameter.' },
};

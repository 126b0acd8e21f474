/**
 * The platform's words, once: locations, types, methods, separations, operation kinds, and which go together.
 * The schema, the rules, completion and hover all read from here so they cannot disagree.
 */

export const LOCATIONS = ['path', 'query', 'form', 'body', 'header', 'matrix'] as const;
export type Location = (typeof LOCATIONS)[number];

export const PARAMETER_TYPES = [
  'string', 'integer', 'number', 'boolean', 'object', 'file', 'fileGallery', 'stream', 'computed', 'array',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** The methods the platform sends a body with: a body parameter, a form, an uploaded file. */
export const METHODS_WITH_BODY: readonly Method[] = ['POST', 'PUT', 'PATCH'];

export const SEPARATIONS = ['csv', 'ssv', 'tsv', 'pipes', 'multi'] as const;
export type Separation = (typeof SEPARATIONS)[number];

/** What each separation puts between items (`multi` repeats the parameter instead). */
export const SEPARATOR_CHAR: Readonly<Record<Exclude<Separation, 'multi'>, string>> = {
  csv: ',',
  ssv: ' ',
  tsv: '\t',
  pipes: '|',
};

/** The platform's table of parameter types by location. */
export const TYPES_BY_LOCATION: Readonly<Record<Location, readonly ParameterType[]>> = {
  path: ['string', 'integer', 'number', 'boolean', 'computed', 'array'],
  query: ['string', 'integer', 'number', 'boolean', 'computed', 'array'],
  form: ['string', 'integer', 'number', 'boolean', 'file', 'fileGallery', 'computed', 'array'],
  body: ['string', 'integer', 'number', 'boolean', 'object', 'stream', 'array'],
  header: ['string', 'integer', 'number', 'boolean', 'computed', 'array'],
  matrix: ['string', 'integer', 'number', 'boolean', 'computed', 'array'],
};

export const ITEM_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/**
 * The platform's inner types of arrays: query, form, header and matrix take scalars and arrays; body also objects.
 * The platform does not list path; path takes what query takes.
 */
export const ITEM_TYPES_BY_LOCATION: Readonly<Record<Location, readonly ItemType[]>> = {
  path: ['string', 'integer', 'number', 'boolean', 'array'],
  query: ['string', 'integer', 'number', 'boolean', 'array'],
  form: ['string', 'integer', 'number', 'boolean', 'array'],
  body: ['string', 'integer', 'number', 'boolean', 'array', 'object'],
  header: ['string', 'integer', 'number', 'boolean', 'array'],
  matrix: ['string', 'integer', 'number', 'boolean', 'array'],
};

/** Types on which the platform offers 'Required'. */
export const TYPES_WITH_REQUIRED: readonly ParameterType[] = [
  'string', 'integer', 'number', 'boolean', 'object', 'file', 'stream', 'array',
];

/** Formats with a runtime effect, by the type they apply to. Any other format is documentation. */
export const EFFECTIVE_FORMATS: Readonly<Partial<Record<ParameterType | ItemType, string>>> = {
  string: 'date-time',
  integer: 'int64',
  number: 'float',
};

export const STRING_CONSTRAINTS = ['maxLength', 'minLength', 'pattern'] as const;
export const NUMBER_CONSTRAINTS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'] as const;
export const ARRAY_CONSTRAINTS = ['maxItems', 'minItems'] as const;
export const CONSTRAINTS = [...STRING_CONSTRAINTS, ...NUMBER_CONSTRAINTS, ...ARRAY_CONSTRAINTS] as const;
export type ConstraintName = (typeof CONSTRAINTS)[number];

export const ODATA_OPERATIONS = ['read', 'create', 'update', 'replace', 'delete', 'action', 'function'] as const;
export type ODataOperation = (typeof ODATA_OPERATIONS)[number];

export const ODATA_METHOD: Readonly<Record<ODataOperation, Method>> = {
  read: 'GET',
  create: 'POST',
  update: 'PATCH',
  replace: 'PUT',
  delete: 'DELETE',
  action: 'POST',
  function: 'GET',
};

/** Operation kinds whose request carries a body. */
export const ODATA_OPERATIONS_WITH_BODY: readonly ODataOperation[] = ['create', 'update', 'replace', 'action'];

/** A Custom request that sends other Custom requests of its file together as one OData `$batch`. */
export const ODATA_BATCH = 'batch' as const;

/** Every `operation` a Custom request may have: the kinds of one request, and batch. */
export const CUSTOM_REQUEST_OPERATIONS = [...ODATA_OPERATIONS, ODATA_BATCH] as const;

/** How a batch is written: `multipart` (OData 4.0 multipart/mixed, every V4 service) or `json` (OData 4.01). */
export const ODATA_BATCH_FORMATS = ['multipart', 'json'] as const;
export type ODataBatchFormat = (typeof ODATA_BATCH_FORMATS)[number];

/** Operation kinds that may not sit in a change set: a change set holds only changes. */
export const ODATA_READ_OPERATIONS: readonly ODataOperation[] = ['read', 'function'];

export const PARAMETER_MODES = ['queryAndPath', 'onlyPath'] as const;
export type ParameterMode = (typeof PARAMETER_MODES)[number];

export const METADATA_LEVELS = ['full', 'minimal', 'none'] as const;
export type MetadataLevel = (typeof METADATA_LEVELS)[number];

export const AUTH_SCHEMES = ['none', 'apiKey', 'basic', 'bearer', 'oauth2'] as const;
export type AuthScheme = (typeof AUTH_SCHEMES)[number];

/** The first connector version that offers Custom request. */
export const CUSTOM_REQUEST_MIN_VERSION = '2.1.17';

export const ODATA_QUERY_OPTIONS = ['$select', '$filter', '$expand', '$orderby', '$top', '$skip', '$count', '$search'] as const;

export const FORM_URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART_FORM = 'multipart/form-data';
export const OCTET_STREAM = 'application/octet-stream';

/** Returns whether `list` holds `value`, narrowing its type. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

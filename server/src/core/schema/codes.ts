import type { BuiltinCode } from '../rules/types';

/** Codes the schema check emits, listed for docs, settings and `--rule`. */
export const SCHEMA_CODES: readonly BuiltinCode[] = [
  {
    id: 'missing-property',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A required property is missing, e.g. a connector without `baseUrl` or a parameter without `location`.',
      why: "Every connector, operation, parameter and Custom request needs certain settings (its id, method, path or url, a parameter's name, location and type); without them the platform cannot build a request.",
    },
  },
  {
    id: 'unknown-property',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A property the format does not know, usually a typo such as `requried`.',
      why: 'The platform ignores settings it does not know, so a misspelt name (property names are camelCase) silently has no effect.',
      fix: 'Renames the property to the closest known name when there is one.',
    },
  },
  {
    id: 'property-not-for-kind',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A property of the other kind of connector, e.g. `connectorVersion` in a REST connector or `operations` in an OData connector.',
      why: 'REST connectors have operations, models and the Advanced setting; OData connectors have Custom requests and a connector version. A setting of the other kind is never used.',
      fix: 'Removes the property.',
    },
  },
  {
    id: 'invalid-value',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A value outside its allowed set or range, including values written as the platform\'s UI shows them ("Query", "Csv", "FileGallery", "Only path").',
      why: "In a connector file, enumerated values are written as lower-case camelCase words (`query`, `multipart`, `none`); the spelling the platform's screens show is not understood.",
      fix: 'Changes the value to its canonical spelling (e.g. "Query" → "query").',
    },
  },
  {
    id: 'wrong-type',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A value of the wrong JSON type, e.g. `"required": "true"` (a string) instead of `true`.',
      why: 'Each setting has one JSON type; a string "true" is not a boolean to the platform, and a number in quotes is not a number.',
      fix: 'Converts a quoted boolean or number to the real value.',
    },
  },
  {
    id: 'invalid-format',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A value that does not have the required form: a `baseUrl` that is not an absolute http(s) URL, a `connectorVersion` that is not x.y.z, a `pattern` that is not a regular expression or uses lookahead or back-references (patterns are matched in linear time).',
      why: 'Every request URL starts with `baseUrl`, whether Custom request is available is decided by comparing `connectorVersion`, and a pattern must be one the platform can match without running away; each must be well formed.',
    },
  },
];
